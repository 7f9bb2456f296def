import { createStore, type StoreApi } from 'zustand'
import type { SkillFile } from '../core/skill'
import { createRoutingSlice, type RoutingSlice } from './routingSlice'
import type { RoutingMode } from '../core/agent/trace'
import type { ToolProtocol } from '../core/agent/types'
import { createRunSlice, type AgentRun, type ModelChoice, type RunSlice } from './runSlice'
import { createStatusSlice, type StatusSlice } from './statusSlice'
import { createWorkspaceSlice, type WorkspaceSlice } from './workspaceSlice'

export type PlaygroundState = WorkspaceSlice & RoutingSlice & StatusSlice & RunSlice

/** What a store starts from: saved work, or the example skills on a first visit. */
export interface PlaygroundSnapshot {
  files: SkillFile[]
  selectedPath?: string | null
  utterance?: string
  threshold?: number
  runs?: AgentRun[]
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
  }))
  const initial = store.getState()
  store.setState({
    files: snapshot.files,
    selectedPath: snapshot.selectedPath ?? snapshot.files[0]?.path ?? null,
    utterance: snapshot.utterance ?? initial.utterance,
    threshold: snapshot.threshold ?? initial.threshold,
    // A run that was in flight when the page went away cannot resume: keep it, marked aborted.
    ...(snapshot.model ? { model: snapshot.model.choice, modelName: snapshot.model.name, browserBaseUrl: snapshot.model.browserBaseUrl, routingMode: snapshot.model.routingMode, toolProtocol: snapshot.model.toolProtocol ?? 'native' } : {}),
    runs: (snapshot.runs ?? []).map((run) => (run.status === 'running' ? { ...run, status: 'aborted', streaming: null } : run)),
  })
  return store
}

/** The part of the state worth saving between visits. */
export function toSnapshot(state: PlaygroundState): PlaygroundSnapshot {
  return { files: state.files, selectedPath: state.selectedPath, utterance: state.utterance, threshold: state.threshold, runs: state.runs, model: { choice: state.model, name: state.modelName, browserBaseUrl: state.browserBaseUrl, routingMode: state.routingMode, toolProtocol: state.toolProtocol } }
}
