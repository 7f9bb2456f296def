import type { StateCreator } from 'zustand'
import type { RoutingMode, TraceEvent } from '../core/agent'
import type { PlaygroundState } from './createPlaygroundStore'

export type ModelChoice = 'scripted'

export interface AgentRun {
  id: string
  utterance: string
  startedAt: string
  mode: RoutingMode
  model: string
  events: TraceEvent[]
  /** Text streamed in the round now running, before its model event lands. */
  streaming: { round: number; text: string } | null
  status: 'running' | 'done' | 'aborted' | 'failed'
}

export const KEPT_RUNS = 10

export interface RunSlice {
  routingMode: RoutingMode
  model: ModelChoice
  /** Newest first; the last few are kept across reloads. */
  runs: AgentRun[]
  setRoutingMode: (mode: RoutingMode) => void
  startRun: (run: AgentRun) => void
  appendEvent: (id: string, event: TraceEvent) => void
  appendText: (id: string, round: number, delta: string) => void
  finishRun: (id: string) => void
}

const updateRun = (runs: AgentRun[], id: string, change: (run: AgentRun) => AgentRun) => runs.map((run) => (run.id === id ? change(run) : run))

export const createRunSlice: StateCreator<PlaygroundState, [], [], RunSlice> = (set) => ({
  routingMode: 'keyword',
  model: 'scripted',
  runs: [],
  setRoutingMode: (routingMode) => set({ routingMode }),
  startRun: (run) => set((state) => ({ runs: [run, ...state.runs].slice(0, KEPT_RUNS) })),
  appendEvent: (id, event) =>
    set((state) => ({ runs: updateRun(state.runs, id, (run) => ({ ...run, events: [...run.events, event], streaming: event.type === 'model' ? null : run.streaming })) })),
  appendText: (id, round, delta) =>
    set((state) => ({
      runs: updateRun(state.runs, id, (run) => ({ ...run, streaming: { round, text: (run.streaming?.round === round ? run.streaming.text : '') + delta } })),
    })),
  finishRun: (id) =>
    set((state) => ({
      runs: updateRun(state.runs, id, (run) => {
        const last = run.events.at(-1)
        const status = last?.type === 'stopped' ? (last.reason === 'aborted' ? 'aborted' : last.reason === 'model-error' ? 'failed' : 'done') : 'done'
        return { ...run, status, streaming: null }
      }),
    })),
})
