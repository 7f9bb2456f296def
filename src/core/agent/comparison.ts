/** The light half of the trigger comparison: its result types and summaries (no model code). */
import { wilsonInterval } from '../lib/statistics'
import type { RoutingCase } from '../routingSuite'

export type ComparedMode = 'keyword' | 'progressive' | 'llm'

/** What one mode picked for one case over its runs: skill name (or null) → how many times. */
export type Picks = Map<string | null, number>

export interface ComparisonRow {
  case: RoutingCase
  picks: Record<ComparedMode, Picks>
  /** Model calls that failed (network, rate limit), by mode. */
  errors: Record<Exclude<ComparedMode, 'keyword'>, string[]>
}

/** Model calls a comparison makes: two per case and run (progressive, LLM routing). */
export const comparisonCalls = (cases: number, runs: number) => cases * runs * 2

/** The most frequent pick (ties: the first seen), with its share of the runs. */
export function majority(picks: Picks): { pick: string | null; share: number } | null {
  let best: { pick: string | null; count: number } | null = null
  let total = 0
  for (const [pick, count] of picks) {
    total += count
    if (!best || count > best.count) best = { pick, count }
  }
  return best ? { pick: best.pick, share: best.count / total } : null
}

export interface TriggerMetrics {
  skill: string
  /** Of the runs that picked the skill, the share where it was expected. */
  precision: number | null
  precisionInterval: [number, number]
  /** Of the runs where the skill was expected, the share that picked it. */
  recall: number | null
  recallInterval: [number, number]
  f1: number | null
  picked: number
  expected: number
}

/** Precision, recall and F1 per skill for one mode, counting every run (not only the majority pick). */
export function triggerMetrics(rows: readonly ComparisonRow[], mode: ComparedMode, skills: readonly string[]): TriggerMetrics[] {
  return skills.map((skill) => {
    let truePositives = 0
    let picked = 0
    let expected = 0
    for (const row of rows) {
      const runs = [...row.picks[mode].values()].reduce((sum, count) => sum + count, 0)
      const hits = row.picks[mode].get(skill) ?? 0
      picked += hits
      if (row.case.expect === skill) {
        expected += runs
        truePositives += hits
      }
    }
    const precision = picked ? truePositives / picked : null
    const recall = expected ? truePositives / expected : null
    const f1 = precision !== null && recall !== null && precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : null
    return {
      skill,
      precision,
      precisionInterval: wilsonInterval(truePositives, picked),
      recall,
      recallInterval: wilsonInterval(truePositives, expected),
      f1,
      picked,
      expected,
    }
  })
}
