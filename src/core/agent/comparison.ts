/** The light half of the trigger comparison: its result types and summaries (no model code). */
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
