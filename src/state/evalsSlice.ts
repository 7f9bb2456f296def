import type { StateCreator } from 'zustand'
import type { RoutingMode } from '../core/agent'
import type { CaseTraces, EvalCase, EvalReport } from '../core/evals'
import type { SharedCaseSettings } from '../core/share'
import type { SkillFile } from '../core/skill'
import type { ModelChoice } from '../core/workspace'
import type { PlaygroundState } from './createPlaygroundStore'

/** What an eval run compares: a saved version of a skill against its current text, or another routing mode against the current one. */
export type EvalComparison =
  { kind: 'version'; path: string; versionId: string } | { kind: 'mode'; mode: RoutingMode } | { kind: 'model'; model: ModelChoice }

/** The last eval run: the current workspace (b) and, in an A/B comparison, the other side (a). */
export interface EvalResult {
  b: EvalReport
  a?: EvalReport
  finishedAt: string
}

/** One side of the last eval run as it ran: its cases, the traces kept (core/evals/traceKeeper.ts), its files and settings. */
export interface SideTraces {
  /** The cases in the report's order. */
  cases: readonly EvalCase[]
  /** Kept traces by case index. */
  traces: ReadonlyMap<number, CaseTraces>
  files: readonly SkillFile[]
  settings: SharedCaseSettings
}

/**
 * The trials' traces of the last eval run, for opening a case's trials and "Share case"
 * (docs/evals.md). Held in the page only, never saved: a report restored after a reload has none.
 */
export interface EvalTraces {
  /** The result they belong to (its `finishedAt`). */
  finishedAt: string
  b: SideTraces
  a?: SideTraces
}

export interface EvalsSlice {
  /** Trials per case chosen in the Evals tab; null: the file's `trials`, else 1 (scripted) or 3 (a real model). */
  evalTrials: number | null
  setEvalTrials: (trials: number | null) => void
  /** Trials done and to do while evals run; null when none run. */
  evalProgress: { done: number; total: number } | null
  setEvalProgress: (progress: { done: number; total: number } | null) => void
  evalResult: EvalResult | null
  setEvalResult: (result: EvalResult | null) => void
  evalTraces: EvalTraces | null
  setEvalTraces: (traces: EvalTraces | null) => void
}

export const createEvalsSlice: StateCreator<PlaygroundState, [], [], EvalsSlice> = (set) => ({
  evalTrials: null,
  setEvalTrials: (evalTrials) => set({ evalTrials }),
  evalProgress: null,
  setEvalProgress: (evalProgress) => set({ evalProgress }),
  evalResult: null,
  setEvalResult: (evalResult) => set({ evalResult }),
  evalTraces: null,
  setEvalTraces: (evalTraces) => set({ evalTraces }),
})
