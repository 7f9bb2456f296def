/**
 * Eval files as the world writes them (docs/evals.md): Anthropic's skill-creator evals.json (its
 * references/schemas.md example, anthropics/skills @ 9d2f1ae) and microsoft/waza's eval.yaml (its
 * examples/code-explainer and examples/grader-showcase, copied unchanged into testdata/, see
 * testdata/SOURCE.md).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkExpectations, trialFacts, type TrialFacts } from './checkExpectations'
import { importSkillCreatorEvals } from './evalSuite'
import { gradeRubric } from './gradeRubric'
import { runPatternCheck } from './patternCheck'
import { evalFormatOf, readEvalFile } from './readEvalFile'
import { unknownSkillProblems } from './unknownSkills'
import { importWazaEval, wazaRegex } from './wazaEval'
import { workspaceEvals } from './workspaceEvals'

/** skill-creator's references/schemas.md, "evals.json", verbatim. */
const SCHEMAS_MD_EXAMPLE = `{
  "skill_name": "example-skill",
  "evals": [
    {
      "id": 1,
      "prompt": "User's example prompt",
      "expected_output": "Description of expected result",
      "files": ["evals/files/sample1.pdf"],
      "expectations": [
        "The output includes X",
        "The skill used script Y"
      ]
    }
  ]
}`

const SALES = {
  skill_name: 'sales-report',
  evals: [
    {
      id: 1,
      prompt: 'Summarise the sales in evals/files/sales.csv',
      expected_output: 'The widgets units from sales.csv',
      files: ['evals/files/sales.csv'],
      assertions: ['The output names widgets', { text: 'It gives 42 units' }],
    },
  ],
}

const testdata = (name: string) => join(import.meta.dirname, 'testdata', name)
function filesOf(folder: string) {
  const list: string[] = []
  const walk = (relative: string) => {
    for (const entry of readdirSync(join(folder, relative))) {
      const path = relative ? `${relative}/${entry}` : entry
      if (statSync(join(folder, path)).isDirectory()) walk(path)
      else list.push(path)
    }
  }
  walk('')
  return { read: (path: string) => (list.includes(path) ? readFileSync(join(folder, path), 'utf8') : undefined), list: () => list }
}

const facts = (over: Partial<TrialFacts>): TrialFacts => ({ ...trialFacts([]), ...over })

describe("skill-creator's evals.json", () => {
  it('copies `files` from the skill folder into the case, under the path as written', () => {
    const suite = workspaceEvals([
      { path: 'sales-report/SKILL.md', text: '---\nname: sales-report\n---\n' },
      { path: 'sales-report/evals/evals.json', text: JSON.stringify(SALES) },
      { path: 'sales-report/evals/files/sales.csv', text: 'product,units\nwidgets,42\n' },
    ])
    expect(suite.problems).toEqual([])
    expect(suite.cases[0]).toMatchObject({
      name: 'sales-report #1',
      files: { 'evals/files/sales.csv': 'product,units\nwidgets,42\n' },
      expect: {
        skill: 'sales-report',
        rubric: ['The output names widgets', 'It gives 42 units', 'The answer matches this description: The widgets units from sales.csv'],
      },
    })
  })

  it("names a file that is not in the skill's folder at its line (schemas.md's own example: a PDF the workspace cannot hold)", () => {
    const suite = importSkillCreatorEvals('example-skill/evals/evals.json', SCHEMAS_MD_EXAMPLE, 'example-skill', () => undefined)
    expect(suite.cases).toHaveLength(1)
    expect(suite.problems.map((problem) => [problem.message, problem.range.startLine])).toEqual([
      ['Eval 1: file "evals/files/sample1.pdf" is not in the skill\'s folder (as a text file), so the run could not read it.', 8],
    ])
    // A path that climbs out of the folder is never read.
    const read: string[] = []
    importSkillCreatorEvals(
      's/evals/evals.json',
      JSON.stringify({ evals: [{ prompt: 'p', files: ['../../secret.txt'] }] }),
      's',
      (path) => {
        read.push(path)
        return 'x'
      },
    )
    expect(read).toEqual([])
  })

  it('uses expected_output in the rubric the grader reads', async () => {
    const [testCase] = importSkillCreatorEvals('s/evals/evals.json', JSON.stringify(SALES), 'sales-report').cases
    const statement = testCase!.expect.rubric!.at(-1)!
    const signal = new AbortController().signal
    const [withFile] = await gradeRubric(
      [statement],
      'Tool file_read → {"content": "widgets,42"}\nAssistant: widgets: 42 units in sales.csv',
      null,
      signal,
    )
    const [without] = await gradeRubric([statement], 'Tool file_read → error: No file\nAssistant: I could not read it.', null, signal)
    expect([withFile!.passed, without!.passed]).toEqual([true, false])
  })

  it('a skill_name that names no skill is reported, once', () => {
    const { cases } = importSkillCreatorEvals('x/evals/evals.json', SCHEMAS_MD_EXAMPLE, 'x')
    expect(unknownSkillProblems([...cases, ...cases], ['sales-report', 'calculator']).map((problem) => problem.message)).toEqual([
      'The evals name the skill "example-skill", which is not among the skills (sales-report, calculator).',
    ])
    expect(unknownSkillProblems(cases, ['example-skill'])).toEqual([])
  })
})

describe('an eval file is read by its content, not its name', () => {
  it('tells the formats apart', () => {
    expect(evalFormatOf(SCHEMAS_MD_EXAMPLE)).toBe('skill-creator')
    expect(evalFormatOf('[{"query": "make a pdf", "should_trigger": true}]')).toBe('trigger-set')
    expect(evalFormatOf(readFileSync(testdata('waza-code-explainer/eval.yaml'), 'utf8'))).toBe('waza')
    expect(evalFormatOf('cases:\n  - utterance: hi\n')).toBe('evals.yaml')
    expect(evalFormatOf('- utterance: hi\n')).toBe('evals.yaml')
    expect(evalFormatOf('title: something else\n')).toBe('unknown')
  })

  it('an evals.json given under any name runs as skill-creator; a trigger set says where it runs', () => {
    expect(readEvalFile('cases.yaml', SCHEMAS_MD_EXAMPLE).cases.map((c) => c.name)).toEqual(['example-skill #1'])
    expect(readEvalFile('sets/trigger.json', '[{"query": "q", "should_trigger": false}]').problems[0]!.message).toContain(
      'skill-playground triggers --set',
    )
  })
})

describe("waza's eval.yaml", () => {
  it('imports code-explainer: tasks from the glob, trials, fixtures, the graders it shares, the others named', () => {
    const text = readFileSync(testdata('waza-code-explainer/eval.yaml'), 'utf8')
    const suite = importWazaEval('evals/code-explainer/eval.yaml', text, filesOf(testdata('waza-code-explainer')))
    expect(suite.trials).toBe(3)
    expect(suite.cases.map((testCase) => testCase.name)).toEqual([
      'Explain JavaScript Async/Await',
      'Explain List Comprehension',
      'Explain Python Recursion',
      'Explain SQL JOIN Query',
    ])
    const sql = suite.cases[3]!
    expect(sql.turns).toEqual(['Help me understand this SQL query'])
    expect(Object.keys(sql.files)).toEqual(['user_orders.sql'])
    expect(sql.files['user_orders.sql']).toBe(readFileSync(testdata('waza-code-explainer/fixtures/user_orders.sql'), 'utf8'))
    expect(sql.expect).toMatchObject({
      skill: 'code-explainer',
      answer_contains: ['join'],
      answer_matches_all: ['/users|orders|table/i'],
      answer_not_matches: ['/fatal error|crashed|exception occurred/i'],
      max_tool_calls: 5,
    })
    expect(sql.unsupported).toEqual([
      'expected.outcomes',
      'expected.behavior.max_response_time_ms',
      'code grader "has_explanation"',
      'code grader "explains_sql_join"',
    ])
    // Never silently skipped: each is a warning too (a warning does not stop the run).
    const warnings = suite.problems.filter((problem) => problem.severity === 'warning').map((problem) => problem.message)
    expect(warnings).toContain('Task Explain SQL JOIN Query: code grader "explains_sql_join" is not supported here and is not checked.')
    expect(suite.problems.filter((problem) => problem.severity !== 'warning')).toEqual([])
  })

  it('imports grader-showcase: action_sequence, behavior, skill_invocation, text; file graders named as unsupported', () => {
    const text = readFileSync(testdata('waza-grader-showcase/eval.yaml'), 'utf8')
    const { cases } = importWazaEval('eval.yaml', text, filesOf(testdata('waza-grader-showcase')))
    const byName = new Map(cases.map((testCase) => [testCase.name, testCase]))
    expect(byName.get('Tool Call Sequence Validation Demo')!.expect.tool_order).toEqual(['view', 'edit', 'view'])
    expect(byName.get('Agent Behavior Validation Demo')!.expect).toMatchObject({
      max_tool_calls: 10,
      tools_called: ['view'],
      tools_not_called: ['bash', 'edit'],
      answer_contains: ['greet', 'function'],
    })
    expect(byName.get('Agent Behavior Validation Demo')!.unsupported).toEqual(
      expect.arrayContaining(['behavior grader "efficient_behavior": max_tokens', 'behavior grader "efficient_behavior": max_duration_ms']),
    )
    expect(byName.get('File System Validation Demo')!.unsupported).toContain('file grader "readme_validation"')
    const orchestration = byName.get('orchestration-flow')!
    expect(orchestration.unsupported).toEqual(
      expect.arrayContaining([
        'skill_invocation grader "exact_orchestration_flow": exact_match of azure-prepare, azure-deploy, azure-monitor',
      ]),
    )
    expect(orchestration.expect.answer_matches_all).toEqual(['/deploy/i'])
  })

  it('inline tasks (waza-interactive): prompt, expected text as a rubric, validators', () => {
    const text = `name: t\nskill: waza-interactive\nexecutor: mock\ntasks:\n  - id: a\n    name: "Trigger: run my evals"\n    prompt: "Can you run my evals?"\n    expected: "Should activate waza-interactive"\n    validators:\n      - type: text\n        config:\n          regex_match:\n            - "waza_eval_run|run.*eval"\n`
    const { cases, problems } = importWazaEval('eval.yaml', text, { read: () => undefined, list: () => [] })
    expect(problems).toEqual([])
    expect(cases[0]).toMatchObject({
      name: 'Trigger: run my evals',
      line: 5,
      turns: ['Can you run my evals?'],
      expect: {
        skill: 'waza-interactive',
        rubric: ['The answer matches this description: Should activate waza-interactive'],
        answer_matches_all: ['/waza_eval_run|run.*eval/'],
      },
    })
  })

  it("reads Go's (?i) as a flag", () => {
    expect(wazaRegex('(?i)fatal error')).toBe('/fatal error/i')
    expect(wazaRegex('deployed to .+')).toBe('/deployed to .+/')
  })
})

describe('the assertions waza brings', () => {
  const check = (pattern: Parameters<typeof runPatternCheck>[0]) => Promise.resolve(runPatternCheck(pattern))
  it('answer_matches_all, answer_not_matches and not_skill', async () => {
    const expect_ = { answer_matches_all: ['/python/i', '/web/'], answer_not_matches: ['/(?:COBOL)/'], not_skill: 'pdf' }
    const pass = await checkExpectations(expect_, facts({ answer: 'Python for the web', skill: 'other' }), check)
    expect(pass.every((result) => result.passed)).toBe(true)
    const fail = await checkExpectations(expect_, facts({ answer: 'COBOL', skill: 'pdf' }), check)
    expect(fail.filter((result) => !result.passed).map((result) => result.assertion)).toEqual([
      'not_skill: pdf',
      'answer_matches: /python/i',
      'answer_matches: /web/',
      'answer_not_matches: /(?:COBOL)/',
    ])
  })
})
