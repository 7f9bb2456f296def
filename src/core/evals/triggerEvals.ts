/**
 * Trigger evals in skill-creator's format (docs/evals.md, "Trigger evals"): a list of
 * `{"query", "should_trigger"}`, each query run several times through a routing that decides
 * whether the skill would be loaded. A run that errors is an error, never a miss: the rate is
 * over the runs that answered. Every entry path (the page, the CLI) parses and judges through
 * this module.
 */
import { wilsonInterval } from '../lib/statistics'
import { message, type Message } from '../messages'

/** Where skill-creator keeps a skill's trigger set, inside the skill's folder. */
export const TRIGGER_EVALS_FILE = 'evals/trigger-evals.json'
/** skill-creator's threshold: a query "triggers" when at least half its runs load the skill. */
export const DEFAULT_TRIGGER_THRESHOLD = 0.5
/** skill-creator runs each query three times; the stand-in answers the same every time, so once is honest. */
export const defaultTriggerRuns = (simulated: boolean) => (simulated ? 1 : 3)
export const MAX_TRIGGER_RUNS = 100
/** A set larger than this is refused: each query costs a model call per run. */
export const MAX_TRIGGER_QUERIES = 500
/** Longest query kept (characters): a query is one user message. */
export const MAX_TRIGGER_QUERY_LENGTH = 4000

export interface TriggerQuery {
  query: string
  should_trigger: boolean
}

export interface TriggerSet {
  queries: TriggerQuery[]
  problems: Message[]
}

/** Reads a trigger set: `[{"query": "…", "should_trigger": true}, …]` (also `{"queries": [...]}`). */
export function parseTriggerSet(text: string): TriggerSet {
  let value: unknown
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''))
  } catch (error) {
    return { queries: [], problems: [message('triggers.badJson', { message: error instanceof Error ? error.message : String(error) })] }
  }
  const list = Array.isArray(value)
    ? value
    : value !== null && typeof value === 'object' && Array.isArray((value as { queries?: unknown }).queries)
      ? (value as { queries: unknown[] }).queries
      : null
  if (!list) return { queries: [], problems: [message('triggers.shape')] }
  if (list.length === 0) return { queries: [], problems: [message('triggers.empty')] }
  if (list.length > MAX_TRIGGER_QUERIES)
    return { queries: [], problems: [message('triggers.tooMany', { count: list.length, max: MAX_TRIGGER_QUERIES })] }
  const queries: TriggerQuery[] = []
  const problems: Message[] = []
  list.forEach((item, index) => {
    const at = index + 1
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      problems.push(message('triggers.itemShape', { index: at }))
      return
    }
    const { query, should_trigger: should } = item as { query?: unknown; should_trigger?: unknown }
    if (typeof query !== 'string' || query.trim() === '') {
      problems.push(message('triggers.needsQuery', { index: at }))
      return
    }
    if (query.length > MAX_TRIGGER_QUERY_LENGTH) {
      problems.push(message('triggers.queryTooLong', { index: at, max: MAX_TRIGGER_QUERY_LENGTH }))
      return
    }
    if (typeof should !== 'boolean') {
      problems.push(message('triggers.needsShould', { index: at }))
      return
    }
    queries.push({ query, should_trigger: should })
  })
  return { queries, problems }
}

/** A rate threshold from a text (the CLI's --threshold, the page's field): a number from 0 to 1. */
export function parseTriggerThreshold(text: string): { ok: true; value: number } | { ok: false; error: Message } {
  const value = text.trim() === '' ? NaN : Number(text)
  if (!(value >= 0 && value <= 1)) return { ok: false, error: message('triggers.badThreshold', { value: text }) }
  return { ok: true, value }
}

/** Runs per query from a text: a whole number from 1 to MAX_TRIGGER_RUNS. */
export function parseTriggerRuns(text: string): { ok: true; value: number } | { ok: false; error: Message } {
  const value = text.trim() === '' ? NaN : Number(text)
  if (!(Number.isInteger(value) && value >= 1 && value <= MAX_TRIGGER_RUNS))
    return { ok: false, error: message('triggers.badRuns', { value: text, max: MAX_TRIGGER_RUNS }) }
  return { ok: true, value }
}

/** What one run says: the skill was loaded, or not; a thrown error is an error run. */
export type TriggerDecision = (query: string, signal: AbortSignal) => Promise<boolean>

export interface TriggerQueryResult {
  query: string
  should_trigger: boolean
  /** Runs that loaded the skill. */
  triggered: number
  /** Runs that errored (the network, the API): neither a trigger nor a miss. */
  errors: number
  /** Runs that answered (errors left out): the rate's denominator. */
  runs: number
  /** triggered / runs, or null when no run answered. */
  rate: number | null
  /** The rate's 95% Wilson interval ([0, 1] with no answer). */
  interval: [number, number]
  /** rate ≥ threshold for should_trigger, rate < threshold otherwise; false when no run answered. */
  passed: boolean
  /** The interval lies entirely on one side of the threshold: more runs would not change the verdict. */
  separated: boolean
  /** Answered runs at which, the rate holding, the interval would leave the threshold; null when the rate is the threshold. */
  runs_needed: number | null
  /** The distinct error messages, for the reader. */
  error_messages: string[]
}

export interface TriggerReport {
  /** Runs asked for per query. */
  runs: number
  threshold: number
  queries: TriggerQueryResult[]
  /** Over every answered run: loads that were wanted / all loads; null with no load. */
  precision: number | null
  /** Over every answered run of the should_trigger queries: loads / runs; null with none. */
  recall: number | null
  f1: number | null
  /** Error runs in all. */
  errors: number
  passed: number
  failed: number
  /** Runs done (answered or errored) and asked for, across the set. */
  done: number
  total: number
}

/** The smallest number of answered runs whose 95% Wilson interval at `rate` excludes `threshold` (capped); null when rate = threshold. */
export function runsToSeparate(rate: number, threshold: number, cap = 100_000): number | null {
  if (rate === threshold) return null
  const apart = (n: number) => {
    const [low, high] = wilsonInterval(rate * n, n)
    return high < threshold || low > threshold
  }
  if (!apart(cap)) return null
  // The interval narrows as n grows: the first n that separates is found by bisection.
  let low = 1
  let high = cap
  while (low < high) {
    const middle = Math.floor((low + high) / 2)
    if (apart(middle)) high = middle
    else low = middle + 1
  }
  return low
}

interface Tally {
  triggered: number
  answered: number
  errors: string[]
}

function judge(query: TriggerQuery, tally: Tally, threshold: number): TriggerQueryResult {
  const { triggered, answered } = tally
  const rate = answered > 0 ? triggered / answered : null
  const interval = wilsonInterval(triggered, answered)
  const passed = rate !== null && (query.should_trigger ? rate >= threshold : rate < threshold)
  return {
    query: query.query,
    should_trigger: query.should_trigger,
    triggered,
    errors: tally.errors.length,
    runs: answered,
    rate,
    interval,
    passed,
    separated: answered > 0 && (interval[1] < threshold || interval[0] > threshold),
    runs_needed: rate === null ? null : runsToSeparate(rate, threshold),
    error_messages: [...new Set(tally.errors)].slice(0, 5),
  }
}

/** The report for the runs so far (the page shows it as runs finish). */
export function triggerReport(queries: readonly TriggerQuery[], tallies: readonly Tally[], runs: number, threshold: number): TriggerReport {
  const results = queries.map((query, index) => judge(query, tallies[index] ?? { triggered: 0, answered: 0, errors: [] }, threshold))
  let truePositives = 0
  let falsePositives = 0
  let wanted = 0
  for (const result of results) {
    if (result.should_trigger) {
      truePositives += result.triggered
      wanted += result.runs
    } else falsePositives += result.triggered
  }
  const precision = truePositives + falsePositives > 0 ? truePositives / (truePositives + falsePositives) : null
  const recall = wanted > 0 ? truePositives / wanted : null
  const f1 = precision === null || recall === null ? null : precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall)
  const errors = results.reduce((sum, result) => sum + result.errors, 0)
  const passed = results.filter((result) => result.passed).length
  return {
    runs,
    threshold,
    queries: results,
    precision,
    recall,
    f1,
    errors,
    passed,
    failed: results.length - passed,
    done: results.reduce((sum, result) => sum + result.runs + result.errors, 0),
    total: queries.length * runs,
  }
}

export interface TriggerEvalOptions {
  queries: readonly TriggerQuery[]
  runs: number
  threshold: number
  decide: TriggerDecision
  signal: AbortSignal
  /** Runs in flight at once (a real model answers slowly; a rate limit answers 429). */
  concurrency?: number
  onProgress?: (report: TriggerReport) => void
}

/**
 * Runs every query `runs` times. A decision that throws counts as an error run; an abort stops
 * starting new runs, and the report says how many were done.
 */
export async function runTriggerEvals(options: TriggerEvalOptions): Promise<TriggerReport> {
  const { queries, runs, threshold, decide, signal, onProgress } = options
  const tallies: Tally[] = queries.map(() => ({ triggered: 0, answered: 0, errors: [] }))
  const jobs = queries.flatMap((_, index) => Array.from({ length: runs }, () => index))
  let next = 0
  const worker = async () => {
    while (next < jobs.length && !signal.aborted) {
      const index = jobs[next++]!
      const tally = tallies[index]!
      try {
        const loaded = await decide(queries[index]!.query, signal)
        if (signal.aborted) return
        tally.answered++
        if (loaded) tally.triggered++
      } catch (error) {
        if (signal.aborted) return
        tally.errors.push(error instanceof Error ? error.message : String(error))
      }
      onProgress?.(triggerReport(queries, tallies, runs, threshold))
    }
  }
  const width = Math.max(1, Math.min(options.concurrency ?? 1, jobs.length))
  await Promise.all(Array.from({ length: width }, worker))
  return triggerReport(queries, tallies, runs, threshold)
}

/** The report as the CLI's --json prints it (the contract of docs/evals.md). */
export function triggerReportJson(report: TriggerReport, skill: string, model: string, simulated: boolean) {
  return {
    skill,
    model,
    simulated,
    runs: report.runs,
    threshold: report.threshold,
    queries: report.queries.map((result) => ({
      query: result.query,
      should_trigger: result.should_trigger,
      triggered: result.triggered,
      errors: result.errors,
      runs: result.runs,
      rate: result.rate,
      interval: result.interval,
      passed: result.passed,
      separated: result.separated,
      runs_needed: result.runs_needed,
      ...(result.error_messages.length > 0 ? { error_messages: result.error_messages } : {}),
    })),
    precision: report.precision,
    recall: report.recall,
    f1: report.f1,
    errors: report.errors,
    passed: report.passed,
    failed: report.failed,
  }
}
