import { downloadFile } from '../../adapters/download'
import { zipWorkspace, type SharePayload } from '../../core/share'
import type { PlaygroundState } from '../../state/createPlaygroundStore'

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

export function downloadSkill(state: PlaygroundState, path: string): void {
  const file = state.files.find((candidate) => candidate.path === path)
  if (file) downloadFile(path.endsWith('/SKILL.md') ? 'SKILL.md' : (path.split('/').pop() ?? 'SKILL.md'), file.text, 'text/markdown')
}

export function downloadWorkspaceZip(state: PlaygroundState): void {
  const zip = zipWorkspace({ files: state.files, resources: { toolMocks: state.toolMocks, knowledge: state.knowledge, virtualFiles: state.virtualFiles } })
  downloadFile('skill-playground-workspace.zip', zip as Uint8Array<ArrayBuffer>, 'application/zip')
}
