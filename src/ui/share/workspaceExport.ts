import { zipWorkspace, type SharePayload } from '../../core/share'
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

export function skillPayload(state: PlaygroundState, path: string): SharePayload | null {
  const file = state.files.find((candidate) => candidate.path === path)
  return file ? { kind: 'skill', skills: [file], utterance: state.utterance } : null
}

export function skillDownload(state: PlaygroundState, path: string): Download | null {
  const file = state.files.find((candidate) => candidate.path === path)
  return file
    ? { name: path.endsWith('/SKILL.md') ? 'SKILL.md' : (path.split('/').pop() ?? 'SKILL.md'), content: file.text, type: 'text/markdown' }
    : null
}

/** The workspace as a zip: the skills as files, the rest through the saved-workspace codec (playground.json). */
export function workspaceZipDownload(state: PlaygroundState): Download {
  const { files, runs: _runs, versions: _versions, sharedDraft: _draft, sharedOrigins: _origins, ...settings } = savedFromState(state)
  const zip = zipWorkspace({ files, settings: encodeSavedWorkspace({ files: [], ...settings }) })
  return { name: 'skill-playground-workspace.zip', content: zip as Uint8Array<ArrayBuffer>, type: 'application/zip' }
}
