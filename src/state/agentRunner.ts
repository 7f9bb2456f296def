import { runAgent, runNextTurn, type ModelClient, type RunOptions, type Timers, type TraceEvent } from '../core/agent'
import type { DemoDatabase } from '../core/tools/executeSql'
import type { ToolRegistry } from '../core/tools'
import { createVirtualFiles } from '../core/tools/virtualFiles'
import type { PlaygroundStore } from './createPlaygroundStore'
import type { CodeRunner } from '../core/code'
import type { Derivations } from './derive'
import { workspaceBundles } from '../core/tools/skillFileTools'
import { rememberRun } from './runSnapshots'

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
  /** Where a skill's code runs (the page's Python worker). */
  runCode?: CodeRunner
  /** Counts the tokens each level of disclosure brings (the page's tokenizer); estimated without it. */
  countTokens?: (text: string) => Promise<number>
}

/** The agent loop's options for the store's current workspace and settings, recording into run `id`. */
function runOptions(
  store: PlaygroundStore,
  derive: Derivations,
  dependencies: RunDependencies,
  id: string,
  utterance: string,
  signal: AbortSignal,
): RunOptions {
  const state = store.getState()
  const { now } = dependencies
  // file_write lands in the workspace (and so in autosave and exports).
  const files = createVirtualFiles(state.virtualFiles, (path, content) => store.getState().writeVirtualFile(path, content))
  const skills = derive.workspace(state.files).skills
  return {
    utterance,
    skills,
    // Each skill's bundled files, for read_skill_file and run_skill_script once it is active or loaded.
    skillFiles: workspaceBundles(skills, state.files),
    ...(dependencies.countTokens ? { countTokens: dependencies.countTokens } : {}),
    mode: state.routingMode,
    toolProtocol: state.toolProtocol,
    threshold: state.threshold,
    model: dependencies.model,
    registry: dependencies.registry,
    tools: { files, knowledge: state.knowledge, mocks: state.toolMocks, now, database: dependencies.database },
    skillCode: derive.code(state.files),
    ...(dependencies.runCode ? { runCode: dependencies.runCode } : {}),
    signal,
    clock: dependencies.clock,
    timers: dependencies.timers,
    onEvent: (event) => store.getState().appendEvent(id, event),
    onText: (round, delta) => store.getState().appendText(id, round, delta),
    onReasoning: (round, delta) => store.getState().appendReasoning(id, round, delta),
    onWorking: (step) => store.getState().setWorking(id, step),
  }
}

/**
 * Runs the agent on the current utterance and workspace, recording the trace in the store as it
 * happens. Returns a function that aborts the run, keeping what already arrived.
 */
export function startAgentRun(store: PlaygroundStore, derive: Derivations, dependencies: RunDependencies): () => void {
  const state = store.getState()
  const { model, now } = dependencies
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
  rememberRun(id, {
    files: state.files,
    settings: { threshold: state.threshold, toolProtocol: state.toolProtocol, ...(state.modelName ? { modelName: state.modelName } : {}) },
  })
  void runAgent(runOptions(store, derive, dependencies, id, state.utterance, controller.signal)).finally(() =>
    store.getState().finishRun(id),
  )
  return () => controller.abort()
}

/**
 * The user's next turn in run `id`'s conversation: routed again, or with the skill kept (`sticky`),
 * with every earlier turn sent to the model. Returns the function that aborts it.
 */
export function continueAgentRun(
  store: PlaygroundStore,
  derive: Derivations,
  dependencies: RunDependencies,
  id: string,
  utterance: string,
  sticky: boolean,
): () => void {
  const run = store.getState().runs.find((candidate) => candidate.id === id)
  if (!run) return () => {}
  const controller = new AbortController()
  const marker: TraceEvent = { type: 'turn', turn: run.events.filter((event) => event.type === 'turn').length + 2, utterance, at: 0 }
  store.getState().resumeRun(id)
  store.getState().appendEvent(id, marker)
  void runNextTurn([...run.events, marker], run.utterance, {
    ...runOptions(store, derive, dependencies, id, utterance, controller.signal),
    sticky,
  }).finally(() => store.getState().finishRun(id))
  return () => controller.abort()
}
