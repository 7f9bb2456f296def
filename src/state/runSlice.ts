import type { StateCreator } from 'zustand'
import type { AgentRun, RoutingMode, TraceEvent, WorkingStep } from '../core/agent'
import type { ModelChoice } from '../core/workspace'
import type { ToolProtocol } from '../core/agent/types'
import { DEFAULT_BASE_URL } from '../core/agent/defaultModel'
import type { PlaygroundState } from './createPlaygroundStore'

export type { AgentRun, ModelChoice }

/** What the server's proxy said about itself; null when there is no proxy (static hosting). */
export type ProxyInfo = { configured: boolean; model: string; upstream: string; locked?: boolean } | null

export const KEPT_RUNS = 10

const EXAMPLE_SCRIPT = JSON.stringify(
  [{ text: 'Let me compute that.', tool_calls: [{ name: 'calculator', arguments: { expression: '2^20' } }] }, { text: '2^20 = 1048576' }],
  null,
  2,
)

export interface RunSlice {
  routingMode: RoutingMode
  toolProtocol: ToolProtocol
  model: ModelChoice
  /** Model name for the API modes; empty means the proxy's default. */
  modelName: string
  browserBaseUrl: string
  /** The replies the scripted model replays in "script" mode, as JSON text. */
  script: string
  proxy: ProxyInfo | 'unknown'
  /** Newest first; the last few are kept across reloads. */
  runs: AgentRun[]
  setRoutingMode: (mode: RoutingMode) => void
  setToolProtocol: (protocol: ToolProtocol) => void
  setModel: (model: ModelChoice) => void
  setModelName: (name: string) => void
  setBrowserBaseUrl: (url: string) => void
  setScript: (script: string) => void
  setProxy: (proxy: ProxyInfo) => void
  /** The address the server says colleagues open (PUBLIC_URL), if any. */
  serverPublicUrl: string | null
  setServerPublicUrl: (url: string | null) => void
  startRun: (run: AgentRun) => void
  appendEvent: (id: string, event: TraceEvent) => void
  appendText: (id: string, round: number, delta: string) => void
  /** The model's reasoning streaming in, shown apart from its text. */
  appendReasoning: (id: string, round: number, delta: string) => void
  /** A tool call or the skill's code starts running; the next event ends it. */
  setWorking: (id: string, step: WorkingStep) => void
  finishRun: (id: string) => void
  /** A finished run takes another turn: it is running again, and moves to the top. */
  resumeRun: (id: string) => void
  /** Forgets the kept runs (the Run view's way back from a damaged one). */
  clearRuns: () => void
}

const updateRun = (runs: AgentRun[], id: string, change: (run: AgentRun) => AgentRun) =>
  runs.map((run) => (run.id === id ? change(run) : run))

export const createRunSlice: StateCreator<PlaygroundState, [], [], RunSlice> = (set) => ({
  routingMode: 'keyword',
  toolProtocol: 'native',
  model: 'scripted',
  modelName: '',
  browserBaseUrl: DEFAULT_BASE_URL,
  script: EXAMPLE_SCRIPT,
  proxy: 'unknown',
  runs: [],
  clearRuns: () => set({ runs: [] }),
  setRoutingMode: (routingMode) => set({ routingMode }),
  setToolProtocol: (toolProtocol) => set({ toolProtocol }),
  setModel: (model) => set({ model }),
  setModelName: (modelName) => set({ modelName }),
  setBrowserBaseUrl: (browserBaseUrl) => set({ browserBaseUrl }),
  setScript: (script) => set({ script }),
  // On a static host there is no proxy: a saved choice of it falls back to the scripted model, which
  // runs with nothing set up; the browser-key mode is offered, not chosen (it would wait for a key).
  setProxy: (proxy) => set((state) => ({ proxy, ...(proxy === null && state.model === 'proxy' ? { model: 'scripted' as const } : {}) })),
  serverPublicUrl: null,
  setServerPublicUrl: (serverPublicUrl) => set({ serverPublicUrl }),
  startRun: (run) => set((state) => ({ runs: [run, ...state.runs].slice(0, KEPT_RUNS) })),
  appendEvent: (id, event) =>
    set((state) => ({
      runs: updateRun(state.runs, id, (run) => ({
        ...run,
        events: [...run.events, event],
        streaming: event.type === 'model' ? null : run.streaming,
        working: null,
      })),
    })),
  setWorking: (id, step) => set((state) => ({ runs: updateRun(state.runs, id, (run) => ({ ...run, working: step })) })),
  appendText: (id, round, delta) =>
    set((state) => ({
      runs: updateRun(state.runs, id, (run) => ({
        ...run,
        streaming: {
          round,
          text: (run.streaming?.round === round ? run.streaming.text : '') + delta,
          ...(run.streaming?.round === round && run.streaming.reasoning ? { reasoning: run.streaming.reasoning } : {}),
        },
      })),
    })),
  appendReasoning: (id, round, delta) =>
    set((state) => ({
      runs: updateRun(state.runs, id, (run) => {
        const same = run.streaming?.round === round ? run.streaming : null
        return { ...run, streaming: { round, text: same?.text ?? '', reasoning: (same?.reasoning ?? '') + delta } }
      }),
    })),
  resumeRun: (id) =>
    set((state) => {
      const run = state.runs.find((candidate) => candidate.id === id)
      return run ? { runs: [{ ...run, status: 'running' as const }, ...state.runs.filter((candidate) => candidate !== run)] } : {}
    }),
  finishRun: (id) =>
    set((state) => ({
      runs: updateRun(state.runs, id, (run) => {
        const last = run.events.at(-1)
        const status =
          last?.type === 'stopped' ? (last.reason === 'aborted' ? 'aborted' : last.reason === 'model-error' ? 'failed' : 'done') : 'done'
        return { ...run, status, streaming: null, working: null }
      }),
    })),
})
