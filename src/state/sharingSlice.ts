import type { StateCreator } from 'zustand'
import type { Message } from '../core/messages'
import { mergeResources, type SharePayload } from '../core/share'
import { normalizeThreshold } from '../core/routing'
import { placeIncoming, type SkillFile } from '../core/skill'
import type { SharedDraft } from '../core/workspace'
import type { PlaygroundState } from './createPlaygroundStore'

export type { SharedDraft }

export interface SharingSlice {
  sharedDraft: SharedDraft | null
  /** The text each skill had when it arrived from a link: a later edit shows "changed since shared". */
  sharedOrigins: Record<string, string>
  /** Why the link in the address bar could not be opened. */
  shareError: Message | null
  openShared: (payload: SharePayload) => void
  keepShared: () => void
  discardShared: () => void
  setShareError: (error: Message | null) => void
  /** Adds imported files; `clash` says what to do with those whose path already exists. */
  importFiles: (
    files: SkillFile[],
    clash: ClashChoice,
    resources?: SharedDraft['resources'],
  ) => { added: number; replaced: number; skipped: number }
}

export type ClashChoice = 'both' | 'replace' | 'skip'

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
      threshold: payload.threshold === undefined ? state.threshold : normalizeThreshold(payload.threshold),
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
