import { skillTestsForLink, zipWorkspace, type SharePayload } from '../../core/share'
import { defaultSkillName, parseSkill, skillFolderFiles } from '../../core/skill'
import { encodeSavedWorkspace } from '../../core/workspace'
import { savedFromState, type PlaygroundState } from '../../state/createPlaygroundStore'

/** A file for the browser to download (through the download service). */
export interface Download {
  name: string
  content: BlobPart
  type: string
}

/** What a share link or export of the workspace carries: content and settings, never a key. */
export function workspacePayload(state: PlaygroundState): SharePayload {
  return {
    kind: 'workspace',
    skills: state.files,
    utterance: state.utterance,
    threshold: state.threshold,
    toolMocks: state.toolMocks,
    knowledge: state.knowledge,
    virtualFiles: state.virtualFiles,
  }
}

/**
 * One skill with the files of its folder (its code, references), so it runs where it lands, and
 * the routing test cases and eval cases that expect it (issue 35 defect 10).
 */
export function skillPayload(state: PlaygroundState, path: string): SharePayload | null {
  const files = skillFolderFiles(state.files, path)
  const skill = state.files.find((file) => file.path === path)
  if (files.length === 0 || !skill) return null
  const tests = skillTestsForLink(state.files, parseSkill(path, skill.text).name)
  return { kind: 'skill', skills: [...files, ...tests], utterance: state.utterance }
}

/** One skill as `<name>.md`: importing it lands it under its own name (renamed on a clash, like a link). */
export function skillDownload(state: PlaygroundState, path: string): Download | null {
  const file = state.files.find((candidate) => candidate.path === path)
  return file ? { name: `${defaultSkillName(path)}.md`, content: file.text, type: 'text/markdown' } : null
}

/** One skill as a zip (`skills/<its path>`), to send instead of a link too long for chat tools. */
export function skillZipDownload(state: PlaygroundState, path: string): Download | null {
  const files = skillFolderFiles(state.files, path)
  if (files.length === 0) return null
  const zip = zipWorkspace({ files })
  return { name: `${defaultSkillName(path)}.zip`, content: zip as Uint8Array<ArrayBuffer>, type: 'application/zip' }
}

/** The workspace as a zip: the skills as files, the rest through the saved-workspace codec (playground.json). */
export function workspaceZipDownload(state: PlaygroundState): Download {
  const { files, runs: _runs, versions: _versions, sharedDraft: _draft, sharedOrigins: _origins, ...settings } = savedFromState(state)
  const zip = zipWorkspace({ files, settings: encodeSavedWorkspace({ files: [], ...settings }) })
  return { name: 'skill-playground-workspace.zip', content: zip as Uint8Array<ArrayBuffer>, type: 'application/zip' }
}
