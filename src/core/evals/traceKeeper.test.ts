import { describe, expect, it } from 'vitest'
import type { TraceEvent } from '../agent'
import {
  fitTrace,
  MAX_KEPT_TRACE_CHARS,
  MAX_KEPT_TRACES,
  MAX_TRACE_CHARS,
  MAX_TRACE_TEXT_CHARS,
  MAX_TRACES_PER_CASE,
  runEvals,
  TraceKeeper,
  type EvalCase,
} from './index'

const steps = (answer: string, extra: TraceEvent[] = []): TraceEvent[] => [
  { type: 'round', round: 1, maxRounds: 5, at: 0 },
  ...extra,
  { type: 'final', text: answer, at: 1 },
]
const model = (text: string, at: number): TraceEvent => ({ type: 'model', round: 1, text, latencyMs: 1, toolCalls: 0, at })

describe('kept traces', () => {
  it('keep a trace as it is when it fits', () => {
    expect(fitTrace(steps('ok'))).toEqual({ events: steps('ok') })
  })

  it('shorten a long text with a mark saying how much is not kept', () => {
    const long = 'x'.repeat(MAX_TRACE_TEXT_CHARS + 500)
    const fitted = fitTrace(steps('ok', [model(long, 1)]))
    expect(fitted.shortenedTexts).toBe(1)
    const text = (fitted.events[1] as { text: string }).text
    expect(text.startsWith('x'.repeat(MAX_TRACE_TEXT_CHARS))).toBe(true)
    expect(text).toContain('500 more characters not kept')
  })

  it('leave out steps before the last to fit the size, keeping the answer, and say how many', () => {
    const many = Array.from({ length: 40 }, (_, i) => model('y'.repeat(MAX_TRACE_TEXT_CHARS - 100), i))
    const fitted = fitTrace(steps('the answer', many))
    expect(JSON.stringify(fitted.events).length).toBeLessThanOrEqual(MAX_TRACE_CHARS)
    expect(fitted.droppedSteps).toBeGreaterThan(0)
    expect(fitted.events.length + fitted.droppedSteps!).toBe(42)
    expect(fitted.events.at(-1)).toEqual({ type: 'final', text: 'the answer', at: 1 })
    expect(fitted.events[0]).toMatchObject({ type: 'round' })
  })

  it('keep at most MAX_TRACES_PER_CASE per case, failed trials first, and count the rest as dropped', () => {
    const keeper = new TraceKeeper()
    for (let trial = 1; trial <= MAX_TRACES_PER_CASE + 5; trial++)
      keeper.keep(0, trial, trial !== MAX_TRACES_PER_CASE + 5, steps(`t${trial}`))
    const kept = keeper.traces().get(0)!
    expect(Object.keys(kept.trials)).toHaveLength(MAX_TRACES_PER_CASE)
    expect(kept.dropped).toBe(5)
    // The failed last trial is kept; the latest passed ones went.
    expect(kept.trials[MAX_TRACES_PER_CASE + 5]).toBeDefined()
    expect(kept.trials[MAX_TRACES_PER_CASE]).toBeUndefined()
    expect(kept.trials[1]).toBeDefined()
  })

  it('keep at most MAX_KEPT_TRACES in a report, taken from the cases with most kept', () => {
    const keeper = new TraceKeeper()
    const cases = Math.ceil(MAX_KEPT_TRACES / MAX_TRACES_PER_CASE) + 2
    for (let index = 0; index < cases; index++)
      for (let trial = 1; trial <= MAX_TRACES_PER_CASE; trial++) keeper.keep(index, trial, true, steps('ok'))
    const traces = keeper.traces()
    const kept = [...traces.values()].reduce((sum, item) => sum + Object.keys(item.trials).length, 0)
    const dropped = [...traces.values()].reduce((sum, item) => sum + item.dropped, 0)
    expect(kept).toBe(MAX_KEPT_TRACES)
    expect(kept + dropped).toBe(cases * MAX_TRACES_PER_CASE)
    // Every case keeps some: the report's cap is spread, not taken by the first cases.
    for (const item of traces.values()) expect(Object.keys(item.trials).length).toBeGreaterThan(0)
  })

  it('keep at most MAX_KEPT_TRACE_CHARS in all', () => {
    const keeper = new TraceKeeper()
    const big = Array.from({ length: 9 }, (_, i) => model('z'.repeat(MAX_TRACE_TEXT_CHARS), i))
    const traces = Math.ceil(MAX_KEPT_TRACE_CHARS / (9 * MAX_TRACE_TEXT_CHARS)) + 10
    for (let i = 0; i < traces; i++) keeper.keep(i, 1, false, steps('ok', big))
    const size = [...keeper.traces().values()].reduce(
      (sum, item) => sum + Object.values(item.trials).reduce((total, trace) => total + JSON.stringify(trace.events).length, 0),
      0,
    )
    expect(size).toBeLessThanOrEqual(MAX_KEPT_TRACE_CHARS)
    expect([...keeper.traces().values()].reduce((sum, item) => sum + item.dropped, 0)).toBeGreaterThan(0)
  })

  it("runEvals gives each finished trial's trace to the keeper with its verdict", async () => {
    const testCase: EvalCase = { name: 'c', turns: ['hi'], files: {}, expect: { answer_contains: ['yes'] }, file: 'evals.yaml', line: 1 }
    const keeper = new TraceKeeper()
    const report = await runEvals([testCase], {
      trials: 3,
      grader: null,
      runTrial: (_case, trial) => Promise.resolve({ events: steps(trial === 2 ? 'no' : 'yes'), latencyMs: 1 }),
      checkPattern: () => Promise.resolve({ ok: true, matched: true }) as never,
      signal: new AbortController().signal,
      label: 'test',
      simulated: true,
      traces: keeper,
    })
    expect(report.cases[0]?.passed).toBe(2)
    const kept = keeper.traces().get(0)!
    expect(Object.keys(kept.trials).map(Number)).toEqual([1, 2, 3])
    expect(kept.trials[2]?.events.at(-1)).toEqual({ type: 'final', text: 'no', at: 1 })
    expect(kept.dropped).toBe(0)
  })
})
