/**
 * Each trial's trace, kept for the page's last eval report (docs/evals.md, "Trials and their
 * traces"), within bounds: a number of traces per case and per report, and a size per trace and in
 * all. What does not fit is said: a trace cut to size says how much, and a case says how many of
 * its trials' traces were not kept. Failed trials are kept before passed ones, since a failure is
 * what an author opens.
 */
import type { TraceEvent } from '../agent'

/** Traces kept per case (the first trials, failed ones first). */
export const MAX_TRACES_PER_CASE = 20
/** Traces kept per report. */
export const MAX_KEPT_TRACES = 200
/** Characters of one trace (as JSON); above it, long texts are shortened and then later steps left out. */
export const MAX_TRACE_CHARS = 100_000
/** Characters of all kept traces together. */
export const MAX_KEPT_TRACE_CHARS = 5_000_000
/** A text (a tool's result, a prompt) longer than this is shortened in a kept trace. */
export const MAX_TRACE_TEXT_CHARS = 10_000

/** One trial's trace as kept: its steps, and what was cut to fit. */
export interface KeptTrace {
  events: TraceEvent[]
  /** Texts shortened to MAX_TRACE_TEXT_CHARS. */
  shortenedTexts?: number
  /** Steps left out (the last steps before the final one) to fit MAX_TRACE_CHARS. */
  droppedSteps?: number
}

/** The traces one case kept, by trial number, and how many trials' traces it did not keep. */
export interface CaseTraces {
  trials: Record<number, KeptTrace>
  /** Trials whose trace was not kept (over the per-case, per-report or total size limit). */
  dropped: number
}

interface Entry {
  caseIndex: number
  trial: number
  passed: boolean
  trace: KeptTrace
  size: number
}

/** Collects the traces of a report's trials as they finish, never holding more than the limits. */
export class TraceKeeper {
  private readonly entries: Entry[] = []
  private readonly dropped = new Map<number, number>()
  private total = 0

  keep(caseIndex: number, trial: number, passed: boolean, events: readonly TraceEvent[]): void {
    const trace = fitTrace(events)
    const size = JSON.stringify(trace.events).length
    this.entries.push({ caseIndex, trial, passed, trace, size })
    this.total += size
    const inCase = () => this.entries.filter((entry) => entry.caseIndex === caseIndex)
    while (inCase().length > MAX_TRACES_PER_CASE) this.evict(inCase())
    while (this.entries.length > MAX_KEPT_TRACES || this.total > MAX_KEPT_TRACE_CHARS) this.evict(this.entries)
  }

  /** The kept traces per case index. */
  traces(): Map<number, CaseTraces> {
    const out = new Map<number, CaseTraces>()
    const of = (caseIndex: number) => {
      let item = out.get(caseIndex)
      if (!item) out.set(caseIndex, (item = { trials: {}, dropped: 0 }))
      return item
    }
    for (const entry of this.entries) of(entry.caseIndex).trials[entry.trial] = entry.trace
    for (const [caseIndex, count] of this.dropped) of(caseIndex).dropped = count
    return out
  }

  /** Leaves out the least useful of `among`: a passed trial before a failed one, from the case with most kept, the latest trial. */
  private evict(among: readonly Entry[]): void {
    const counts = new Map<number, number>()
    for (const entry of this.entries) counts.set(entry.caseIndex, (counts.get(entry.caseIndex) ?? 0) + 1)
    const rank = (entry: Entry) => [entry.passed ? 1 : 0, counts.get(entry.caseIndex) ?? 0, entry.trial]
    let worst: Entry | undefined
    for (const entry of among) {
      if (!worst) worst = entry
      else {
        const [a, b] = [rank(entry), rank(worst)]
        const index = a.findIndex((value, i) => value !== b[i])
        if (index >= 0 && a[index]! > b[index]!) worst = entry
      }
    }
    if (!worst) return
    this.entries.splice(this.entries.indexOf(worst), 1)
    this.total -= worst.size
    this.dropped.set(worst.caseIndex, (this.dropped.get(worst.caseIndex) ?? 0) + 1)
  }
}

/** A trace within MAX_TRACE_CHARS: long texts shortened with a mark, then the steps before the last left out from the end. */
export function fitTrace(events: readonly TraceEvent[]): KeptTrace {
  let shortenedTexts = 0
  const shorten = (value: unknown): unknown => {
    if (typeof value === 'string') {
      if (value.length <= MAX_TRACE_TEXT_CHARS) return value
      shortenedTexts++
      return `${value.slice(0, MAX_TRACE_TEXT_CHARS)}… [${(value.length - MAX_TRACE_TEXT_CHARS).toLocaleString('en')} more characters not kept]`
    }
    if (Array.isArray(value)) return value.map(shorten)
    if (typeof value === 'object' && value !== null)
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shorten(item)]))
    return value
  }
  const shortened = events.map((event) => shorten(event) as TraceEvent)
  const sizes = shortened.map((event) => JSON.stringify(event).length + 1)
  let size = sizes.reduce((sum, item) => sum + item, 1)
  const kept = [...shortened]
  let droppedSteps = 0
  // The last step (the answer, or why the run stopped) is kept; the ones before it go from the end.
  while (size > MAX_TRACE_CHARS && kept.length > 1) {
    size -= sizes[kept.length - 2]!
    sizes.splice(kept.length - 2, 1)
    kept.splice(kept.length - 2, 1)
    droppedSteps++
  }
  return { events: kept, ...(shortenedTexts ? { shortenedTexts } : {}), ...(droppedSteps ? { droppedSteps } : {}) }
}
