import { createStore, type StoreApi } from 'zustand'
import { SAVED_FIELDS, type SavedWorkspace } from '../core/workspace'
import { createResourcesSlice, type ResourcesSlice } from './resourcesSlice'
import { createRoutingSlice, type RoutingSlice } from './routingSlice'
import { createRunSlice, type RunSlice } from './runSlice'
import { createEvalsSlice, type EvalsSlice } from './evalsSlice'
import { createSharingSlice, type SharingSlice } from './sharingSlice'
import { createStatusSlice, type StatusSlice } from './statusSlice'
import { createFolderSlice, type FolderSlice } from './folderSlice'
import { createVersionsSlice, type VersionsSlice } from './versionsSlice'
import { createWorkspaceSlice, type WorkspaceSlice } from './workspaceSlice'

export type PlaygroundState = WorkspaceSlice &
  RoutingSlice &
  StatusSlice &
  RunSlice &
  ResourcesSlice &
  SharingSlice &
  VersionsSlice &
  EvalsSlice &
  FolderSlice

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
  const store = createStore<PlaygroundState>()((...args) => ({
    ...createWorkspaceSlice(...args),
    ...createRoutingSlice(...args),
    ...createStatusSlice(...args),
    ...createRunSlice(...args),
    ...createEvalsSlice(...args),
    ...createResourcesSlice(...args),
    ...createSharingSlice(...args),
    ...createVersionsSlice(dependencies)(...args),
    ...createFolderSlice(...args),
  }))
  store.setState(stateFromSaved(saved, store.getState()))
  return store
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
