/** Evals assert on the third level of disclosure: files_read, scripts_run and their _not_ forms (docs/evals.md). */
import { describe, expect, it } from 'vitest'
import { createScriptedModel, runConversation } from '../agent'
import { loadWorkspace, type SkillFile } from '../skill'
import { DEFAULT_MOCKS } from '../tools/mockTools'
import { workspaceBundles } from '../tools/skillFileTools'
import { createVirtualFiles } from '../tools/virtualFiles'
import type { CodeRunner } from '../code/codeRun'
import { checkExpectations, parseEvalSuite, runPatternCheck, runEvals, trialFacts, type PatternChecker } from './index'

const checkDirectly: PatternChecker = async (check) => runPatternCheck(check)

const files: SkillFile[] = [
  {
    path: 'pdf/SKILL.md',
    text: '---\nname: pdf\ndescription: PDF forms.\ntrigger_keywords: [pdf]\n---\nField rules: `reference.md`. Layouts: `layouts.md`. To fill a form run `scripts/fill_form.py`.\n',
  },
  { path: 'pdf/reference.md', text: 'Dates are YYYY-MM-DD.' },
  { path: 'pdf/layouts.md', text: 'A4.' },
  { path: 'pdf/scripts/fill_form.py', text: 'print("filled")' },
]
const { skills } = loadWorkspace(files)
const runCode: CodeRunner = async () => ({ ok: true, result: { exit_code: 0 }, stdout: 'filled\n', stderr: '', ms: 1 })

const run = (utterance: string) =>
  runConversation([utterance], {
    skills,
    skillFiles: workspaceBundles(skills, files),
    runCode,
    mode: 'keyword',
    threshold: 0.05,
    model: createScriptedModel(),
    tools: { files: createVirtualFiles({}), knowledge: [], mocks: DEFAULT_MOCKS, now: () => new Date(0) },
    signal: new AbortController().signal,
    clock: () => 0,
    timers: { set: (fn, ms) => setTimeout(fn, ms), clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>) },
    onEvent: () => {},
  })

describe('disclosure assertions', () => {
  it('reads files_read, scripts_run and the _not_ forms from evals.yaml, and refuses a wrong shape at its line', () => {
    const suite = parseEvalSuite(
      'cases:\n  - utterance: pdf form\n    expect:\n      files_read: [reference.md]\n      files_not_read: layouts.md\n      scripts_run: [scripts/fill_form.py]\n      scripts_not_run: [scripts/other.py]\n  - utterance: x\n    expect:\n      files_read: {a: 1}\n',
    )
    expect(suite.cases[0]?.expect).toEqual({
      files_read: ['reference.md'],
      files_not_read: ['layouts.md'],
      scripts_run: ['scripts/fill_form.py'],
      scripts_not_run: ['scripts/other.py'],
    })
    expect(suite.problems.map((problem) => [problem.range.startLine, problem.message])).toEqual([
      [10, expect.stringContaining('files_read')],
    ])
  })

  it('passes and fails on what the run read and ran, saying what was seen', async () => {
    const facts = trialFacts(await run('pdf: fill the form with the field reference'))
    expect(facts.filesRead).toEqual([{ skill: 'pdf', path: 'reference.md' }])
    expect(facts.scriptsRun).toEqual([{ skill: 'pdf', path: 'scripts/fill_form.py' }])
    const results = await checkExpectations(
      {
        files_read: ['reference.md', 'pdf/reference.md', 'layouts.md'],
        files_not_read: ['layouts.md', 'reference.md'],
        scripts_run: ['scripts/fill_form.py'],
        scripts_not_run: ['./scripts/fill_form.py'],
      },
      facts,
      checkDirectly,
    )
    expect(results.map((result) => [result.assertion, result.passed, result.detail])).toEqual([
      ['files_read: reference.md', true, ''],
      ['files_read: pdf/reference.md', true, ''],
      ['files_read: layouts.md', false, 'read: pdf/reference.md'],
      ['files_not_read: layouts.md', true, ''],
      ['files_not_read: reference.md', false, 'reference.md was read 1×'],
      ['scripts_run: scripts/fill_form.py', true, ''],
      ['scripts_not_run: ./scripts/fill_form.py', false, './scripts/fill_form.py was run 1×'],
    ])
  })

  it('a refused read is not a file read', async () => {
    const facts = trialFacts([
      {
        type: 'tool',
        round: 1,
        skill: 'pdf',
        tool: 'read_skill_file',
        arguments: '{"skill":"pdf","path":"../x.md"}',
        valid: true,
        result: null,
        error: { type: 'refused', message: 'leaves the folder' },
        latencyMs: 0,
        precedingText: '',
        userMessage: null,
        at: 0,
      },
    ])
    expect(facts.filesRead).toEqual([])
    const [result] = await checkExpectations({ files_read: ['x.md'] }, facts, checkDirectly)
    expect(result).toMatchObject({ passed: false, detail: 'read: no file' })
  })

  it('runs as a suite: one case per file the request needs', async () => {
    const { cases } = parseEvalSuite(
      'cases:\n  - name: reads the reference\n    utterance: "pdf: what is the reference for dates?"\n    expect: {files_read: [reference.md], files_not_read: [layouts.md], scripts_not_run: [scripts/fill_form.py]}\n',
    )
    const report = await runEvals(cases, {
      trials: 1,
      grader: null,
      runTrial: async (testCase) => ({ events: await run(testCase.turns[0]!), latencyMs: 0 }),
      checkPattern: checkDirectly,
      signal: new AbortController().signal,
      label: 'scripted',
      simulated: true,
    })
    expect(report.cases[0]).toMatchObject({ passed: 1, failures: [] })
  })
})
