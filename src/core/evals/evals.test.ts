import { describe, expect, it } from 'vitest'
import { createScriptedModel, runConversation, type ModelClient, type TraceEvent } from '../agent'
import { loadWorkspace } from '../skill'
import { builtinToolRegistry } from '../tools'
import { DEFAULT_MOCKS } from '../tools/mockTools'
import { createVirtualFiles } from '../tools/virtualFiles'
import {
  checkExpectations,
  compareReports,
  evalReportJUnit,
  gradeRubric,
  importSkillCreatorEvals,
  parseEvalSuite,
  runEvals,
  runPatternCheck,
  trialFacts,
  wilsonInterval,
  type EvalCase,
  type PatternChecker,
} from './index'

/** Runs the patterns on the spot: the test's own short, tame ones (a host stops runaways, patternCheck.ts). */
const checkDirectly: PatternChecker = async (check) => runPatternCheck(check)

const at = 0
const trace: TraceEvent[] = [
  {
    type: 'activation',
    mode: 'keyword',
    skill: 'weather',
    reason: '',
    config: { skill: 'weather', systemPrompt: '', tools: [], narrowed: true, maxRounds: 5 },
    missingTools: [],
    at,
  },
  { type: 'round', round: 1, maxRounds: 5, at },
  {
    type: 'tool',
    round: 1,
    skill: 'weather',
    tool: 'get_weather',
    arguments: '{"city":"北京","days":2}',
    valid: true,
    result: { ok: true },
    error: null,
    latencyMs: 1,
    precedingText: '',
    userMessage: null,
    at,
  },
  { type: 'round', round: 2, maxRounds: 5, at },
  {
    type: 'tool',
    round: 2,
    skill: 'weather',
    tool: 'web_search',
    arguments: '{"query":"beijing"}',
    valid: true,
    result: [],
    error: null,
    latencyMs: 1,
    precedingText: '',
    userMessage: null,
    at,
  },
  { type: 'final', text: '{"city": "Beijing", "umbrella": true}', at },
]

describe('eval assertions', () => {
  const facts = trialFacts(trace)
  const check = async (expect: Parameters<typeof checkExpectations>[0]) =>
    (await checkExpectations(expect, facts, checkDirectly)).map((r) => [r.assertion, r.passed])

  it('checks the skill, the tools called and not called, and their order', async () => {
    expect(await check({ skill: 'weather' })).toEqual([['skill: weather', true]])
    expect((await check({ skill: null }))[0]![1]).toBe(false)
    expect(await check({ tools_called: ['get_weather', 'calculator'] })).toEqual([
      ['tools_called: get_weather', true],
      ['tools_called: calculator', false],
    ])
    expect((await check({ tools_not_called: ['web_search'] }))[0]![1]).toBe(false)
    expect((await check({ tool_order: ['get_weather', 'web_search'] }))[0]![1]).toBe(true)
    expect((await check({ tool_order: ['web_search', 'get_weather'] }))[0]![1]).toBe(false)
  })

  it('matches tool arguments by subset and by regex', async () => {
    expect((await check({ tool_args: { get_weather: { city: '北京' } } }))[0]![1]).toBe(true)
    expect((await check({ tool_args: { get_weather: { city: '/北京|Beijing/' } } }))[0]![1]).toBe(true)
    expect((await check({ tool_args: { get_weather: { city: 'Paris' } } }))[0]![1]).toBe(false)
    expect((await check({ tool_args: { calculator: { expression: '/./' } } }))[0]).toEqual([
      'tool_args: calculator {"expression":"/./"}',
      false,
    ])
  })

  it('reads the answer: contains, not contains (case-insensitive), a regex, a JSON Schema', async () => {
    expect(await check({ answer_contains: ['BEIJING'], answer_not_contains: ['paris'] })).toEqual([
      ['answer_contains: BEIJING', true],
      ['answer_not_contains: paris', true],
    ])
    expect((await check({ answer_matches: '/umbrella"?:\\s*true/' }))[0]![1]).toBe(true)
    const schema = { type: 'object', required: ['city', 'umbrella'], properties: { umbrella: { type: 'boolean' } } }
    expect((await check({ answer_schema: schema }))[0]![1]).toBe(true)
    expect((await check({ answer_schema: { type: 'array' } }))[0]![1]).toBe(false)
  })

  it('counts rounds and tool calls', async () => {
    expect(await check({ max_rounds: 2, max_tool_calls: 1 })).toEqual([
      ['max_rounds: 2', true],
      ['max_tool_calls: 1', false],
    ])
  })

  it('takes a skill loaded with load_skill as the activated one', async () => {
    const loaded = trialFacts([
      {
        type: 'tool',
        round: 1,
        skill: null,
        tool: 'load_skill',
        arguments: '{"name":"calculator"}',
        valid: true,
        result: '<skill>',
        error: null,
        latencyMs: 1,
        precedingText: '',
        userMessage: null,
        at,
      },
    ])
    expect(loaded.skill).toBe('calculator')
    expect(loaded.calls).toEqual([])
  })
})

describe('the Wilson interval', () => {
  it('is honest at small n and stays in [0, 1]', () => {
    const [low, high] = wilsonInterval(3, 3)
    expect(low).toBeCloseTo(0.4385, 3)
    expect(high).toBe(1)
    const [l2, h2] = wilsonInterval(1, 2)
    expect(l2).toBeCloseTo(0.0945, 3)
    expect(h2).toBeCloseTo(0.9055, 3)
    expect(wilsonInterval(0, 0)).toEqual([0, 1])
  })
})

describe('evals.yaml', () => {
  it('reads cases, turns and files, and reports unknown keys and bad regexes at their line', () => {
    const suite = parseEvalSuite(
      [
        'trials: 3',
        'cases:',
        '  - name: ok',
        '    utterance: hi',
        '    files: { notes/a.md: hello }',
        '    expect: { skill: null }',
        '  - name: two turns',
        '    turns: [a, b]',
        '    expect:',
        '      answer_matches: "/(unclosed/"',
        '      tools_caled: [x]',
        '  - name: ok',
        '    utterance: again',
        '    colour: blue',
      ].join('\n'),
    )
    expect(suite.trials).toBe(3)
    expect(suite.cases.map((c) => [c.name, c.turns, c.line])).toEqual([
      ['ok', ['hi'], 3],
      ['ok', ['again'], 12],
    ])
    expect(suite.cases[0]!.files).toEqual({ 'notes/a.md': 'hello' })
    expect(suite.problems.map((p) => [p.range.startLine, p.message])).toEqual([
      [10, '"/(unclosed/" is not a valid regular expression.'],
      [11, expect.stringContaining('"tools_caled" is not a key here')],
      [14, expect.stringContaining('"colour" is not a key here')],
      [12, expect.stringContaining('Two cases are called "ok"')],
    ])
  })

  it('takes a routing mode per case, and names the modes when one is wrong', () => {
    const suite = parseEvalSuite('- utterance: a\n  mode: progressive\n- utterance: b\n  mode: sideways\n')
    expect(suite.cases[0]!.mode).toBe('progressive')
    expect(suite.problems.map((p) => [p.range.startLine, p.message])).toEqual([
      [4, '"mode" must be one of keyword, grouped, progressive, llm, none.'],
    ])
  })

  it('imports skill-creator’s evals.json: prompts, the skill, expectations as rubric', () => {
    const suite = importSkillCreatorEvals(
      'pdf/evals/evals.json',
      JSON.stringify(
        {
          skill_name: 'pdf',
          evals: [{ id: 1, prompt: 'Fill the form', expected_output: 'A filled PDF', files: [], expectations: ['Uses the form fields'] }],
        },
        null,
        2,
      ),
      'pdf',
    )
    expect(suite.cases).toEqual([
      {
        name: 'pdf #1',
        turns: ['Fill the form'],
        files: {},
        expect: { skill: 'pdf', rubric: ['Uses the form fields', 'The answer matches this description: A filled PDF'] },
        file: 'pdf/evals/evals.json',
        line: 6,
      },
    ])
    expect(importSkillCreatorEvals('x/evals/evals.json', '{"evals": [{"id": 1}]}', 'x').problems[0]!.message).toContain('"prompt"')
    expect(importSkillCreatorEvals('x/evals/evals.json', 'nope', 'x').problems[0]!.message).toContain('not JSON')
  })
})

describe('rubric grading', () => {
  it('asks the grader model for verdicts with evidence', async () => {
    const grader: ModelClient = {
      label: 'grader',
      complete: async () => ({ text: '[{"statement": "Mentions rain", "pass": true, "evidence": "70% chance of rain"}]', toolCalls: [] }),
    }
    const [result] = await gradeRubric(['Mentions rain'], 'Assistant: 70% chance of rain', grader, new AbortController().signal)
    expect(result).toEqual({ assertion: 'rubric: Mentions rain', passed: true, detail: '“70% chance of rain”' })
  })

  it('says when the grader does not answer in JSON, and simulates grading without a model', async () => {
    const vague: ModelClient = { label: 'g', complete: async () => ({ text: 'Looks fine to me.', toolCalls: [] }) }
    expect((await gradeRubric(['x'], 't', vague, new AbortController().signal))[0]).toMatchObject({
      passed: false,
      detail: expect.stringContaining('no verdict'),
    })
    const [simulated] = await gradeRubric(
      ['The answer explains retrieval'],
      'Assistant: retrieval explains it',
      null,
      new AbortController().signal,
    )
    expect(simulated).toMatchObject({ passed: true, detail: expect.stringContaining('simulated grader') })
  })
})

describe('running evals', () => {
  const skills = loadWorkspace([
    {
      path: 'calculator/SKILL.md',
      text: '---\nname: calculator\ndescription: Computes arithmetic.\ntrigger_keywords: [计算, 是多少]\nrequired_tools: [calculator]\n---\nCompute.\n',
    },
  ]).skills
  const runTrialWith = (model: () => ModelClient) => async (testCase: EvalCase, _trial: number, signal: AbortSignal) => ({
    events: await runConversation(testCase.turns, {
      skills,
      mode: 'keyword',
      threshold: 0.3,
      model: model(),
      registry: builtinToolRegistry,
      tools: { files: createVirtualFiles({}, () => {}), knowledge: [], mocks: DEFAULT_MOCKS, now: () => new Date() },
      signal,
      clock: () => 0,
      timers: { set: (callback, ms) => setTimeout(callback, ms), clear: (handle) => clearTimeout(handle as number) },
      onEvent: () => {},
    }),
    latencyMs: 1,
  })
  const cases = parseEvalSuite(
    '- name: power\n  utterance: 计算一下 2^20 是多少\n  expect: { skill: calculator, answer_contains: ["1048576"] }',
  ).cases

  it('merges trials into a pass rate with its interval, and marks a flaky case', async () => {
    let calls = 0
    // Passes trials 1 and 3, fails trial 2: a flaky model.
    const flaky = () => {
      const trial = Math.floor(calls++ / 1)
      return trial === 1 ? createScriptedModel([{ text: 'I cannot.' }]) : createScriptedModel()
    }
    const report = await runEvals(cases, {
      trials: 3,
      concurrency: 1,
      grader: null,
      runTrial: runTrialWith(flaky),
      signal: new AbortController().signal,
      label: 't',
      simulated: true,
      checkPattern: checkDirectly,
    })
    const [power] = report.cases
    expect(power).toMatchObject({ name: 'power', trials: 3, passed: 2, flaky: true })
    expect(power!.interval[0]).toBeCloseTo(0.2077, 3)
    expect(power!.failures).toEqual([{ trial: 2, assertion: 'answer_contains: 1048576', detail: 'answer: I cannot.' }])
    const junit = evalReportJUnit(report)
    expect(junit).toContain('failures="1"')
    expect(junit).toContain('power (2/3, simulated)')
    const steady = await runEvals(cases, {
      trials: 3,
      grader: null,
      runTrial: runTrialWith(() => createScriptedModel()),
      signal: new AbortController().signal,
      label: 'b',
      simulated: true,
      checkPattern: checkDirectly,
    })
    const [row] = compareReports(report, steady)
    expect(row).toMatchObject({ name: 'power', significant: false })
    expect(row!.delta).toBeCloseTo(1 / 3)
  })

  it('sends the earlier turns with a follow-up', async () => {
    const seen: number[] = []
    const spy = (): ModelClient => {
      const inner = createScriptedModel()
      return {
        label: 'spy',
        complete: (request) => (seen.push(request.messages.filter((m) => m.role === 'user').length), inner.complete(request)),
      }
    }
    const twoTurns = parseEvalSuite(
      '- name: t\n  turns: [计算 2^10 是多少, 计算 2^20 是多少]\n  expect: { answer_contains: ["1048576"] }',
    ).cases
    const report = await runEvals(twoTurns, {
      trials: 1,
      grader: null,
      runTrial: runTrialWith(spy),
      signal: new AbortController().signal,
      label: 't',
      simulated: true,
      checkPattern: checkDirectly,
    })
    expect(report.cases[0]!.passed).toBe(1)
    expect(Math.max(...seen)).toBe(2)
  })
})
