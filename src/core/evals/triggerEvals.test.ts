import { describe, expect, it } from 'vitest'
import { createScriptedModel, type ModelClient } from '../agent'
import { formatMessage } from '../messages'
import { loadWorkspace } from '../skill'
import { wilsonInterval } from '../lib/statistics'
import {
  parseTriggerRuns,
  parseTriggerSet,
  parseTriggerThreshold,
  runsToSeparate,
  runTriggerEvals,
  triggerDecider,
  triggerReportJson,
  type TriggerDecision,
} from './index'

const signal = new AbortController().signal

/** Public Agent Skills: name and description, no trigger keywords. */
const PUBLIC_SKILLS = loadWorkspace([
  {
    path: 'pdf/SKILL.md',
    text: '---\nname: pdf\ndescription: Extract text and tables from PDF files, fill PDF forms, merge and split PDF documents. Use when the user works with PDF files.\n---\nBody',
  },
  {
    path: 'xlsx/SKILL.md',
    text: '---\nname: xlsx\ndescription: Create and edit spreadsheets, formulas and charts in Excel workbooks (.xlsx). Use for spreadsheet work.\n---\nBody',
  },
  {
    path: 'brand-guidelines/SKILL.md',
    text: "---\nname: brand-guidelines\ndescription: Apply the company's brand colours and typography to slides and documents.\n---\nBody",
  },
]).skills

describe('parseTriggerSet', () => {
  it("reads skill-creator's list of {query, should_trigger}, and the same list under queries", () => {
    const list = '[{"query": "merge these PDFs", "should_trigger": true}, {"query": "hello", "should_trigger": false, "note": "kept out"}]'
    expect(parseTriggerSet(list)).toEqual({
      queries: [
        { query: 'merge these PDFs', should_trigger: true },
        { query: 'hello', should_trigger: false },
      ],
      problems: [],
    })
    expect(parseTriggerSet(`{"queries": ${list}}`).queries).toHaveLength(2)
  })

  it('says what is wrong, where, and keeps the queries that are right', () => {
    const set = parseTriggerSet(
      '[{"query": "a", "should_trigger": "yes"}, 3, {"should_trigger": true}, {"query": "b", "should_trigger": false}]',
    )
    expect(set.queries).toEqual([{ query: 'b', should_trigger: false }])
    expect(set.problems.map((problem) => formatMessage(problem))).toEqual([
      'Query 1 needs "should_trigger": true or false.',
      'Query 2 must be an object: {"query": "…", "should_trigger": true}.',
      'Query 3 needs a "query" text.',
    ])
    expect(formatMessage(parseTriggerSet('{"evals": []}').problems[0]!)).toMatch(/^A trigger set is a list/)
    expect(formatMessage(parseTriggerSet('[').problems[0]!)).toMatch(/^The trigger set is not JSON: /)
    expect(formatMessage(parseTriggerSet('[]').problems[0]!)).toBe('The trigger set has no queries.')
  })

  it('refuses a threshold outside 0..1 and runs that are not a whole number from 1 to 100', () => {
    expect(parseTriggerThreshold('0.7')).toEqual({ ok: true, value: 0.7 })
    for (const bad of ['', '1.5', '-0.1', 'half']) expect(parseTriggerThreshold(bad).ok).toBe(false)
    expect(parseTriggerRuns('5')).toEqual({ ok: true, value: 5 })
    for (const bad of ['0', '2.5', '101', 'x', '']) expect(parseTriggerRuns(bad).ok).toBe(false)
  })
})

describe('runTriggerEvals', () => {
  it('counts a run that errors as an error, never as a miss: the rate is over the runs that answered', async () => {
    let call = 0
    // Every third call fails, as a rate-limited API does.
    const decide: TriggerDecision = async () => {
      call++
      if (call % 3 === 0) throw new Error('429 rate limited')
      return true
    }
    const report = await runTriggerEvals({
      queries: [{ query: 'merge these PDFs', should_trigger: true }],
      runs: 6,
      threshold: 0.5,
      decide,
      signal,
    })
    const [result] = report.queries
    expect(result).toMatchObject({ triggered: 4, errors: 2, runs: 4, rate: 1, passed: true, error_messages: ['429 rate limited'] })
    expect(result!.interval).toEqual(wilsonInterval(4, 4))
    expect(report).toMatchObject({ errors: 2, recall: 1, precision: 1, f1: 1, passed: 1, failed: 0, done: 6, total: 6 })
  })

  it('a query whose every run errored has no rate and does not pass, whichever way it should go', async () => {
    const report = await runTriggerEvals({
      queries: [
        { query: 'a', should_trigger: true },
        { query: 'b', should_trigger: false },
      ],
      runs: 2,
      threshold: 0.5,
      decide: () => Promise.reject(new Error('connection refused')),
      signal,
    })
    expect(report.queries.map(({ rate, passed, runs, errors, interval }) => ({ rate, passed, runs, errors, interval }))).toEqual([
      { rate: null, passed: false, runs: 0, errors: 2, interval: [0, 1] },
      { rate: null, passed: false, runs: 0, errors: 2, interval: [0, 1] },
    ])
    expect(report).toMatchObject({ precision: null, recall: null, f1: null, errors: 4, failed: 2 })
  })

  it('passes at rate ≥ threshold when it should trigger and below it when it should not; precision, recall and F1 over every run', async () => {
    // Scripted answers: q1 loads 2 of 4, q2 loads 1 of 4 (should not), q3 loads 0 of 4.
    const answers: Record<string, boolean[]> = {
      q1: [true, false, true, false],
      q2: [false, true, false, false],
      q3: [false, false, false, false],
    }
    const decide: TriggerDecision = async (query) => answers[query]!.shift()!
    const report = await runTriggerEvals({
      queries: [
        { query: 'q1', should_trigger: true },
        { query: 'q2', should_trigger: false },
        { query: 'q3', should_trigger: true },
      ],
      runs: 4,
      threshold: 0.5,
      decide,
      signal,
    })
    expect(report.queries.map((result) => [result.triggered, result.rate, result.passed])).toEqual([
      [2, 0.5, true],
      [1, 0.25, true],
      [0, 0, false],
    ])
    // TP 2, FP 1, FN 6.
    expect(report.precision).toBeCloseTo(2 / 3)
    expect(report.recall).toBeCloseTo(2 / 8)
    expect(report.f1).toBeCloseTo((2 * (2 / 3) * 0.25) / (2 / 3 + 0.25))
    expect(triggerReportJson(report, 'pdf', 'scripted', true)).toMatchObject({
      skill: 'pdf',
      model: 'scripted',
      simulated: true,
      runs: 4,
      queries: [{ query: 'q1', should_trigger: true, triggered: 2, errors: 0, runs: 4, rate: 0.5, passed: true }, {}, {}],
      errors: 0,
    })
  })

  it('stops starting runs when aborted, and reports what was done', async () => {
    const controller = new AbortController()
    let calls = 0
    const report = await runTriggerEvals({
      queries: [{ query: 'a', should_trigger: true }],
      runs: 50,
      threshold: 0.5,
      decide: async () => {
        if (++calls === 3) controller.abort()
        return true
      },
      signal: controller.signal,
    })
    expect(calls).toBe(3)
    expect(report.done).toBe(2)
    expect(report.total).toBe(50)
  })
})

describe('runsToSeparate', () => {
  it('is the first run count whose 95% interval leaves the threshold, and null at the threshold itself', () => {
    // 1 of 10 against 0.5: the interval [0.018, 0.404] is already apart.
    const needed = runsToSeparate(0.1, 0.5)!
    expect(needed).toBeLessThanOrEqual(10)
    const [, high] = wilsonInterval(0.1 * needed, needed)
    expect(high).toBeLessThan(0.5)
    const [, before] = wilsonInterval(0.1 * (needed - 1), needed - 1)
    expect(before).toBeGreaterThanOrEqual(0.5)
    // A rate close to the threshold needs far more runs than one far from it.
    expect(runsToSeparate(0.6, 0.5)!).toBeGreaterThan(90)
    expect(runsToSeparate(0.6, 0.5)!).toBeGreaterThan(runsToSeparate(0.9, 0.5)!)
    expect(runsToSeparate(0.5, 0.5)).toBeNull()
  })

  it('is reported per query, with whether the interval is apart already', async () => {
    const report = await runTriggerEvals({
      queries: [{ query: 'a', should_trigger: true }],
      runs: 3,
      threshold: 0.5,
      decide: async () => true,
      signal,
    })
    // 3 of 3: [0.44, 1] still holds 0.5; four runs of 4 of 4 give [0.51, 1].
    expect(report.queries[0]).toMatchObject({ separated: false, runs_needed: 4 })
  })
})

describe('triggerDecider', () => {
  it('the stand-in loads a public skill (no keywords) by its description, and no other skill for its queries', async () => {
    const decide = triggerDecider(createScriptedModel(), PUBLIC_SKILLS, 'pdf')
    expect(await decide('Please merge these two PDF files and extract the tables', signal)).toBe(true)
    expect(await decide('Add a SUM formula and a chart to my Excel spreadsheet', signal)).toBe(false)
    expect(await decide('What is the capital of France?', signal)).toBe(false)
  })

  it("asks the model with the catalog and load_skill, never with the skill's body, and triggers only on load_skill(<the skill>)", async () => {
    const requests: Parameters<ModelClient['complete']>[0][] = []
    const answers = ['pdf', 'xlsx', null]
    const model: ModelClient = {
      label: 'fake',
      complete: async (request) => {
        requests.push(request)
        const name = answers.shift()
        return { text: '', toolCalls: name ? [{ id: '1', name: 'load_skill', arguments: JSON.stringify({ name }) }] : [] }
      },
    }
    const decide = triggerDecider(model, PUBLIC_SKILLS, 'pdf')
    expect([await decide('q', signal), await decide('q', signal), await decide('q', signal)]).toEqual([true, false, false])
    const system = requests[0]!.messages[0]!.content
    expect(system).toContain('- pdf: Extract text and tables from PDF files')
    expect(system).not.toContain('Body')
    expect(requests[0]!.tools.some((tool) => tool.name === 'load_skill')).toBe(true)
  })
})
