import { createStore, type StoreApi } from 'zustand'
import { apply, emptySnapshot, SAVED_FIELDS, type SavedWorkspace, type WorkspaceSnapshot } from '../core/workspace'
import { createResourcesSlice, type ResourcesSlice } from './resourcesSlice'
import { createRoutingSlice, type RoutingSlice } from './routingSlice'
import { createRunSlice, type RunSlice } from './runSlice'
import { createEvalsSlice, type EvalsSlice } from './evalsSlice'
import { createSharingSlice, type SharingSlice } from './sharingSlice'
import { createStatusSlice, type StatusSlice } from './statusSlice'
import { createFolderSlice, type FolderSlice } from './folderSlice'
import { createVersionsSlice, type VersionsSlice } from './versionsSlice'
import { createWorkspaceSlice, type WorkspaceSlice } from './workspaceSlice'
import { rememberSnapshot } from './snapshotOfFiles'

export type PlaygroundState = WorkspaceSlice &
  RoutingSlice &
  StatusSlice &
  RunSlice &
  ResourcesSlice &
  SharingSlice &
  VersionsSlice &
  EvalsSlice &
  FolderSlice &
  SnapshotState

/**
 * The workspace snapshot of `files` (core/workspace/workspaceSnapshot.ts): what every derivation
 * reads. It follows `files` by itself: each change of the files is applied to it as an edit, in
 * `followFiles` below (docs/architecture.md, "The workspace snapshot").
 */
export interface SnapshotState {
  snapshot: WorkspaceSnapshot
}

/** What the store needs from outside: the wiring layer passes the real ones, tests fixed ones. */
export interface StoreDependencies {
  now: () => Date
  /** A short random id (for versions). */
  randomId: () => string
}

export const systemDependencies: StoreDependencies = {
  now: () => new Date(),
  randomId: () => Math.random().toString(36).slice(2, 8),
}

export type PlaygroundStore = StoreApi<PlaygroundState>

/** A store that starts from `saved` (a decoded saved workspace, or the example skills on a first visit). */
export function createPlaygroundStore(saved: SavedWorkspace, dependencies: StoreDependencies = systemDependencies): PlaygroundStore {
  const store = createStore<PlaygroundState>()((set, get, api) => {
    // What `updateText` is writing: the one edit whose path and text are known, applied as it is.
    let typed: { path: string; text: string } | null = null
    const follow = followFiles(set, () => typed)
    // Every slice, and whoever sets the state from outside (a restore, a folder), sets it through `follow`.
    api.setState = follow
    const args = [follow, get, api] as const
    const workspace = createWorkspaceSlice(...args)
    return {
      ...workspace,
      updateText: (...edit: Parameters<WorkspaceSlice['updateText']>) => {
        typed = { path: edit[0], text: edit[1] }
        try {
          workspace.updateText(...edit)
        } finally {
          typed = null
        }
      },
      ...createRoutingSlice(...args),
      ...createStatusSlice(...args),
      ...createRunSlice(...args),
      ...createEvalsSlice(...args),
      ...createResourcesSlice(...args),
      ...createSharingSlice(...args),
      ...createVersionsSlice(dependencies)(...args),
      ...createFolderSlice(...args),
      snapshot: emptySnapshot(),
    }
  })
  store.setState(stateFromSaved(saved, store.getState()))
  return store
}

type SetState = StoreApi<PlaygroundState>['setState']

/**
 * `set`, with the snapshot following the files: a change of `files` is applied to the snapshot as
 * an edit, a text edit when `updateText` said which file and text (nothing looks for what changed),
 * else a wholesale one (an import, an undo, a rename, a restore). What the derivations built ahead
 * for the files taken (an import prepared in slices) is found through the caches the snapshots share.
 */
function followFiles(set: SetState, typed: () => { path: string; text: string } | null): SetState {
  const follow = (partial: Parameters<SetState>[0], replace?: boolean) =>
    set((state) => {
      const next = typeof partial === 'function' ? partial(state) : partial
      const files = next.files
      if (next === state || files === undefined || files === state.files) return next
      const told = typed()
      const snapshot = apply(
        state.snapshot,
        told && files.length === state.files.length ? { kind: 'text', ...told } : { kind: 'files', files },
      )
      // The store's files find their snapshot (a reader given `state.files`); the same paths and texts as its own.
      rememberSnapshot(snapshot, files)
      return { ...next, snapshot }
    }, replace as false)
  return follow
}

/**
 * The state a saved workspace describes. Fields it leaves out keep their value in `current`,
 * except the link draft and per-file records, which belong to the files being replaced.
 */
export function stateFromSaved(saved: SavedWorkspace, current: PlaygroundState): Partial<PlaygroundState> {
  const selectedPath =
    saved.selectedPath && saved.files.some((file) => file.path === saved.selectedPath) ? saved.selectedPath : (saved.files[0]?.path ?? null)
  const { selectedPath: _ignored, ...fields } = saved
  return {
    ...fields,
    selectedPath,
    sharedDraft: saved.sharedDraft ?? null,
    sharedOrigins: saved.sharedOrigins ?? {},
    versions: saved.versions ?? {},
    runs: saved.runs ?? current.runs,
  }
}

/** The saved fields of the state (see src/core/workspace: the one list of them). */
export function savedFromState(state: PlaygroundState): SavedWorkspace {
  const saved: Record<string, unknown> = {}
  for (const field of SAVED_FIELDS) saved[field] = state[field]
  return saved as SavedWorkspace
}

/** Whether a change touched anything that is saved. */
export function changedSavedFields(state: PlaygroundState, previous: PlaygroundState): boolean {
  return SAVED_FIELDS.some((field) => state[field] !== previous[field])
}
