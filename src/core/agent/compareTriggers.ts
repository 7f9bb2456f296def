import type { Router } from '../routing'
import type { Skill } from '../skill'
import type { RoutingCase } from '../routingSuite'
import { comparisonCalls, type ComparisonRow, type Picks } from './comparison'
import { askModelToLoad, askModelToRoute, interpretRouteAnswer } from './modelRouting'
import type { ModelClient } from './types'

export interface ComparisonOptions {
  cases: readonly RoutingCase[]
  skills: readonly Skill[]
  router: Router
  threshold: number
  model: ModelClient
  /** Runs per case for the model modes (a real model answers differently each time). */
  runs: number
  signal: AbortSignal
  onProgress: (done: number, total: number, rows: ComparisonRow[]) => void
}

/**
 * "Would a model pick my skill when keyword routing would?" For every case: the keyword
 * router's winner, the skill the model loads under progressive disclosure, and the skill it
 * names under LLM routing — several runs each for a real model.
 */
export async function compareTriggers(options: ComparisonOptions): Promise<ComparisonRow[]> {
  const { cases, skills, router, threshold, model, runs, signal, onProgress } = options
  const total = comparisonCalls(cases.length, runs)
  let done = 0
  const rows: ComparisonRow[] = cases.map((testCase) => ({
    case: testCase,
    picks: { keyword: new Map([[router(testCase.utterance, threshold).winner?.skill ?? null, 1]]), progressive: new Map(), llm: new Map() },
    errors: { progressive: [], llm: [] },
  }))
  const count = (picks: Picks, pick: string | null) => picks.set(pick, (picks.get(pick) ?? 0) + 1)
  for (const row of rows) {
    for (let run = 0; run < runs; run++) {
      for (const mode of ['progressive', 'llm'] as const) {
        if (signal.aborted) return rows
        try {
          const call = { model, utterance: row.case.utterance, skills, signal }
          const pick =
            mode === 'progressive'
              ? await askModelToLoad(call)
              : (interpretRouteAnswer(await askModelToRoute(call), skills).skill?.name ?? null)
          count(row.picks[mode], pick)
        } catch (error) {
          if (signal.aborted) return rows
          row.errors[mode].push(error instanceof Error ? error.message : String(error))
        }
        done++
        onProgress(done, total, rows)
      }
    }
  }
  return rows
}

export { comparisonCalls, majority, triggerMetrics } from './comparison'
export type { ComparedMode, ComparisonRow, Picks, TriggerMetrics } from './comparison'
