import type { StateCreator } from 'zustand'
import type { SharePayload } from '../core/share'
import { defaultSkillName, isSkillPath, setSkillName, type SkillFile } from '../core/skill'
import type { PlaygroundState } from './createPlaygroundStore'
import { pathForName } from './workspaceSlice'

/** Content opened from a link, shown beside the user's own work until they keep or discard it. */
export interface SharedDraft {
  kind: SharePayload['kind']
  /** Paths (in `files`) of the skills that came from the link, after any renaming. */
  paths: string[]
  renamed: { from: string; to: string }[]
  /** Workspace parts applied only on Keep, so opening a link never overwrites anything. */
  resources: Pick<SharePayload, 'toolMocks' | 'knowledge' | 'virtualFiles'>
  /** The user's own test utterance and threshold, restored on Discard. */
  previous: { utterance: string; threshold: number }
}

export interface SharingSlice {
  sharedDraft: SharedDraft | null
  /** The text each skill had when it arrived from a link: a later edit shows "changed since shared". */
  sharedOrigins: Record<string, string>
  /** Why the link in the address bar could not be opened. */
  shareError: string | null
  openShared: (payload: SharePayload) => void
  keepShared: () => void
  discardShared: () => void
  setShareError: (error: string | null) => void
  /** Adds imported files; `clash` says what to do with those whose path already exists. */
  importFiles: (files: SkillFile[], clash: ClashChoice, resources?: SharedDraft['resources']) => { added: number; replaced: number; skipped: number }
}

export type ClashChoice = 'both' | 'replace' | 'skip'

/** Gives incoming files paths (and names) that do not collide with the workspace's. */
export function placeIncoming(existing: readonly SkillFile[], incoming: readonly SkillFile[], suffix: string) {
  const taken = new Set(existing.map((file) => file.path))
  const names = new Set(existing.map((file) => defaultSkillName(file.path)))
  const placed: SkillFile[] = []
  const renamed: { from: string; to: string }[] = []
  for (const file of incoming) {
    let path = file.path
    let text = file.text
    if (taken.has(path) && !isSkillPath(path)) {
      // A second routing-tests.yaml has nowhere to go: the user's own suite stays.
      renamed.push({ from: file.path, to: '(not added: you have one)' })
      continue
    }
    if (taken.has(path)) {
      const base = `${defaultSkillName(path)}-${suffix}`
      let name = base
      for (let n = 2; names.has(name) || taken.has(pathForName(name, path)); n++) name = `${base}-${n}`
      path = pathForName(name, file.path)
      text = setSkillName(text, name)
      names.add(name)
      renamed.push({ from: file.path, to: path })
    }
    taken.add(path)
    placed.push({ path, text })
  }
  return { placed, renamed }
}

/** Adds shared or imported workspace parts without overwriting the user's: their mocks win per tool, documents add by id, files add when absent. */
function mergeResources(state: PlaygroundState, resources: SharedDraft['resources'] | undefined): Pick<PlaygroundState, 'toolMocks' | 'knowledge' | 'virtualFiles'> {
  return {
    toolMocks: resources?.toolMocks ? { ...state.toolMocks, ...resources.toolMocks } : state.toolMocks,
    knowledge: resources?.knowledge ? [...state.knowledge, ...resources.knowledge.filter((doc) => !state.knowledge.some((own) => own.id === doc.id))] : state.knowledge,
    virtualFiles: resources?.virtualFiles ? { ...resources.virtualFiles, ...state.virtualFiles } : state.virtualFiles,
  }
}

export const createSharingSlice: StateCreator<PlaygroundState, [], [], SharingSlice> = (set, get) => ({
  sharedDraft: null,
  sharedOrigins: {},
  shareError: null,
  openShared: (payload) => {
    // A second link replaces an undecided first one rather than piling up.
    if (get().sharedDraft) get().discardShared()
    const state = get()
    const { placed, renamed } = placeIncoming(state.files, payload.skills, 'shared')
    set({
      files: [...state.files, ...placed],
      selectedPath: placed[0]?.path ?? state.selectedPath,
      utterance: payload.utterance ?? state.utterance,
      threshold: payload.threshold ?? state.threshold,
      sharedOrigins: { ...state.sharedOrigins, ...Object.fromEntries(placed.map((file) => [file.path, file.text])) },
      sharedDraft: {
        kind: payload.kind,
        paths: placed.map((file) => file.path),
        renamed,
        resources: { toolMocks: payload.toolMocks, knowledge: payload.knowledge, virtualFiles: payload.virtualFiles },
        previous: { utterance: state.utterance, threshold: state.threshold },
      },
      shareError: null,
    })
  },
  keepShared: () => {
    const draft = get().sharedDraft
    if (!draft) return
    set((state) => ({ sharedDraft: null, ...mergeResources(state, draft.resources) }))
  },
  discardShared: () => {
    const draft = get().sharedDraft
    if (!draft) return
    const drop = new Set(draft.paths)
    set((state) => {
      const files = state.files.filter((file) => !drop.has(file.path))
      return {
        files,
        sharedDraft: null,
        sharedOrigins: Object.fromEntries(Object.entries(state.sharedOrigins).filter(([path]) => !drop.has(path))),
        utterance: draft.previous.utterance,
        threshold: draft.previous.threshold,
        selectedPath: state.selectedPath && drop.has(state.selectedPath) ? (files[0]?.path ?? null) : state.selectedPath,
      }
    })
  },
  setShareError: (shareError) => set({ shareError }),
  importFiles: (incoming, clash, resources) => {
    const state = get()
    const existing = new Set(state.files.map((file) => file.path))
    const fresh = incoming.filter((file) => !existing.has(file.path))
    const clashing = incoming.filter((file) => existing.has(file.path))
    let files = [...state.files, ...fresh]
    let replaced = 0
    if (clash === 'replace') {
      const byPath = new Map(clashing.map((file) => [file.path, file.text]))
      files = files.map((file) => (byPath.has(file.path) ? { ...file, text: byPath.get(file.path) ?? file.text } : file))
      replaced = clashing.length
    } else if (clash === 'both') {
      files = [...files, ...placeIncoming(files, clashing, 'imported').placed]
    }
    set({
      files,
      selectedPath: (fresh[0] ?? clashing[0])?.path ?? state.selectedPath,
      ...mergeResources(state, resources),
    })
    return { added: fresh.length + (clash === 'both' ? clashing.length : 0), replaced, skipped: clash === 'skip' ? clashing.length : 0 }
  },
})
