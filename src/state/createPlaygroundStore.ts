import { createStore, type StoreApi } from 'zustand'
import type { SkillFile } from '../core/skill'
import { createRoutingSlice, type RoutingSlice } from './routingSlice'
import type { RoutingMode } from '../core/agent/trace'
import type { ToolProtocol } from '../core/agent/types'
import { createVersionsSlice, type VersionsSlice } from './versionsSlice'
import { createSharingSlice, type SharingSlice } from './sharingSlice'
import { createResourcesSlice, type ResourcesSlice } from './resourcesSlice'
import { createRunSlice, type AgentRun, type ModelChoice, type RunSlice } from './runSlice'
import { createStatusSlice, type StatusSlice } from './statusSlice'
import { createWorkspaceSlice, type WorkspaceSlice } from './workspaceSlice'

export type PlaygroundState = WorkspaceSlice & RoutingSlice & StatusSlice & RunSlice & ResourcesSlice & SharingSlice & VersionsSlice

/** What a store starts from: saved work, or the example skills on a first visit. */
export interface PlaygroundSnapshot {
  files: SkillFile[]
  selectedPath?: string | null
  utterance?: string
  threshold?: number
  runs?: AgentRun[]
  script?: string
  sharedDraft?: SharingSlice['sharedDraft']
  sharedOrigins?: SharingSlice['sharedOrigins']
  versions?: VersionsSlice['versions']
  lintProfile?: RoutingSlice['lintProfile']
  toolMocks?: ResourcesSlice['toolMocks']
  knowledge?: ResourcesSlice['knowledge']
  virtualFiles?: ResourcesSlice['virtualFiles']
  /** Model settings; never the API key. */
  model?: { choice: ModelChoice; name: string; browserBaseUrl: string; routingMode: RoutingMode; toolProtocol?: ToolProtocol }
}

export type PlaygroundStore = StoreApi<PlaygroundState>

export function createPlaygroundStore(snapshot: PlaygroundSnapshot): PlaygroundStore {
  const store = createStore<PlaygroundState>()((...args) => ({
    ...createWorkspaceSlice(...args),
    ...createRoutingSlice(...args),
    ...createStatusSlice(...args),
    ...createRunSlice(...args),
    ...createResourcesSlice(...args),
    ...createSharingSlice(...args),
    ...createVersionsSlice(...args),
  }))
  store.setState(stateFromSnapshot(snapshot, store.getState()))
  return store
}

/** The state a snapshot describes; what it leaves out keeps the value in `current`. */
export function stateFromSnapshot(snapshot: PlaygroundSnapshot, current: PlaygroundState): Partial<PlaygroundState> {
  const selectedPath = snapshot.selectedPath && snapshot.files.some((file) => file.path === snapshot.selectedPath) ? snapshot.selectedPath : (snapshot.files[0]?.path ?? null)
  return {
    files: snapshot.files,
    selectedPath,
    utterance: snapshot.utterance ?? current.utterance,
    threshold: snapshot.threshold ?? current.threshold,
    ...(snapshot.model ? { model: snapshot.model.choice, modelName: snapshot.model.name, browserBaseUrl: snapshot.model.browserBaseUrl, routingMode: snapshot.model.routingMode, toolProtocol: snapshot.model.toolProtocol ?? 'native' } : {}),
    ...(snapshot.toolMocks ? { toolMocks: snapshot.toolMocks } : {}),
    ...(snapshot.knowledge ? { knowledge: snapshot.knowledge } : {}),
    ...(snapshot.virtualFiles ? { virtualFiles: snapshot.virtualFiles } : {}),
    ...(snapshot.script !== undefined ? { script: snapshot.script } : {}),
    sharedDraft: snapshot.sharedDraft ?? null,
    sharedOrigins: snapshot.sharedOrigins ?? {},
    versions: snapshot.versions ?? {},
    ...(snapshot.lintProfile ? { lintProfile: snapshot.lintProfile } : {}),
    // A run that was in flight when the page went away cannot resume: keep it, marked aborted.
    runs: (snapshot.runs ?? []).map((run) => (run.status === 'running' ? { ...run, status: 'aborted', streaming: null } : run)),
  }
}

/** The state fields that autosave watches: a change to any of them is saved. */
export const SAVED_FIELDS = ['files', 'selectedPath', 'utterance', 'threshold', 'runs', 'toolMocks', 'knowledge', 'virtualFiles', 'model', 'modelName', 'browserBaseUrl', 'routingMode', 'toolProtocol', 'script', 'sharedDraft', 'sharedOrigins', 'versions', 'lintProfile'] as const satisfies readonly (keyof PlaygroundState)[]

/** The part of the state worth saving between visits. */
export function toSnapshot(state: PlaygroundState): PlaygroundSnapshot {
  return { files: state.files, selectedPath: state.selectedPath, utterance: state.utterance, threshold: state.threshold, runs: state.runs, script: state.script, sharedDraft: state.sharedDraft, sharedOrigins: state.sharedOrigins, versions: state.versions, lintProfile: state.lintProfile, toolMocks: state.toolMocks, knowledge: state.knowledge, virtualFiles: state.virtualFiles, model: { choice: state.model, name: state.modelName, browserBaseUrl: state.browserBaseUrl, routingMode: state.routingMode, toolProtocol: state.toolProtocol } }
}
