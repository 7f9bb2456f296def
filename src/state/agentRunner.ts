import { createScriptedModel, parseScript, runAgent, type ModelClient } from '../core/agent'
import { createVirtualFiles } from '../core/tools/virtualFiles'
import { readApiKey } from '../adapters/apiKeyStorage'
import { createOpenAIModel } from '../adapters/openaiClient'
import { loadDemoDatabase } from '../adapters/sqlEngine'
import type { PlaygroundState, PlaygroundStore } from './createPlaygroundStore'
import type { Derivations } from './derive'

/** The page's clock and timers, handed to the pure agent loop. */
const browserTimers = { set: (callback: () => void, ms: number) => setTimeout(callback, ms), clear: (handle: unknown) => clearTimeout(handle as number) }

export function modelFor(state: PlaygroundState): ModelClient {
  switch (state.model) {
    case 'proxy': {
      const name = state.modelName.trim() || (state.proxy !== 'unknown' && state.proxy ? state.proxy.model : 'gpt-4.1-mini')
      return createOpenAIModel({ baseURL: new URL('/v1', window.location.origin).href, apiKey: 'key-is-added-by-the-server', model: name, label: `OpenAI (server proxy) · ${name}` })
    }
    case 'browser': {
      const name = state.modelName.trim() || 'gpt-4.1-mini'
      return createOpenAIModel({ baseURL: state.browserBaseUrl.trim(), apiKey: readApiKey().key, model: name, label: `OpenAI-compatible (browser) · ${name}` })
    }
    case 'scripted':
      return createScriptedModel()
    case 'script':
      return createScriptedModel(parseScript(state.script))
  }
}

/**
 * Runs the agent on the current utterance and workspace, recording the trace in the store as it
 * happens. Returns a function that aborts the run, keeping what already arrived.
 */
export function startAgentRun(store: PlaygroundStore, derive: Derivations): () => void {
  const state = store.getState()
  // file_write lands in the workspace (and so in autosave and exports).
  const files = createVirtualFiles(state.virtualFiles, (path, content) => store.getState().writeVirtualFile(path, content))
  const controller = new AbortController()
  const id = `run-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`
  const model = modelFor(state)
  state.startRun({ id, utterance: state.utterance, startedAt: new Date().toISOString(), mode: state.routingMode, model: model.label, events: [], streaming: null, status: 'running' })
  void runAgent({
    utterance: state.utterance,
    skills: derive.workspace(state.files).skills,
    mode: state.routingMode,
    toolProtocol: state.toolProtocol,
    threshold: state.threshold,
    model,
    tools: { files, knowledge: state.knowledge, mocks: state.toolMocks, now: () => new Date(), database: loadDemoDatabase },
    signal: controller.signal,
    clock: () => performance.now(),
    timers: browserTimers,
    onEvent: (event) => store.getState().appendEvent(id, event),
    onText: (round, delta) => store.getState().appendText(id, round, delta),
  }).finally(() => store.getState().finishRun(id))
  return () => controller.abort()
}
