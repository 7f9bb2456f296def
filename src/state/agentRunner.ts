import { runAgent, type ModelClient, type Timers } from '../core/agent'
import type { DemoDatabase } from '../core/tools/executeSql'
import type { ToolRegistry } from '../core/tools'
import { createVirtualFiles } from '../core/tools/virtualFiles'
import type { PlaygroundStore } from './createPlaygroundStore'
import type { Derivations } from './derive'

/** What a run needs from outside the store; the wiring layer (src/app) supplies it. */
export interface RunDependencies {
  model: ModelClient
  registry: ToolRegistry
  database: () => Promise<DemoDatabase>
  timers: Timers
  /** Milliseconds on a monotonic clock. */
  clock: () => number
  now: () => Date
  randomId: () => string
}

/**
 * Runs the agent on the current utterance and workspace, recording the trace in the store as it
 * happens. Returns a function that aborts the run, keeping what already arrived.
 */
export function startAgentRun(store: PlaygroundStore, derive: Derivations, dependencies: RunDependencies): () => void {
  const state = store.getState()
  const { model, now } = dependencies
  // file_write lands in the workspace (and so in autosave and exports).
  const files = createVirtualFiles(state.virtualFiles, (path, content) => store.getState().writeVirtualFile(path, content))
  const controller = new AbortController()
  const id = `run-${now().getTime().toString(36)}-${dependencies.randomId()}`
  state.startRun({
    id,
    utterance: state.utterance,
    startedAt: now().toISOString(),
    mode: state.routingMode,
    model: model.label,
    events: [],
    streaming: null,
    status: 'running',
  })
  void runAgent({
    utterance: state.utterance,
    skills: derive.workspace(state.files).skills,
    mode: state.routingMode,
    toolProtocol: state.toolProtocol,
    threshold: state.threshold,
    model,
    registry: dependencies.registry,
    tools: { files, knowledge: state.knowledge, mocks: state.toolMocks, now, database: dependencies.database },
    signal: controller.signal,
    clock: dependencies.clock,
    timers: dependencies.timers,
    onEvent: (event) => store.getState().appendEvent(id, event),
    onText: (round, delta) => store.getState().appendText(id, round, delta),
  }).finally(() => store.getState().finishRun(id))
  return () => controller.abort()
}
