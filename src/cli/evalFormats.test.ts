/**
 * `skill-playground eval` on eval files as the world writes them: skill-creator's layout (one
 * skill folder holding SKILL.md and evals/evals.json with `files`, anthropics/skills'
 * skill-creator references/schemas.md) and microsoft/waza's code-explainer example
 * (src/core/evals/testdata, copied unchanged).
 */
import { cpSync, mkdtempSync, mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli } from './runCli'

async function run(argv: string[]) {
  const out: string[] = []
  const err: string[] = []
  const code = await runCli(argv, { out: (line) => out.push(line), err: (line) => err.push(line), lines: async function* () {} })
  return { code, out, err }
}

const SKILL = `---
name: sales-report
description: Summarise sales figures from a sales CSV file, units per product. Use it when the user asks to summarise sales in a file.
---
Read the file the user names and give the units per product.
`
const EVALS = {
  skill_name: 'sales-report',
  evals: [
    {
      id: 1,
      prompt: 'Summarise the sales in evals/files/sales.csv',
      expected_output: 'The widgets units from sales.csv',
      files: ['evals/files/sales.csv'],
      expectations: ['The output names widgets'],
    },
  ],
}

/** skill-creator's own layout: the folder is the skill. */
function skillFolder(evals: object = EVALS): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'skill-creator-')), 'sales-report')
  mkdirSync(join(dir, 'evals/files'), { recursive: true })
  writeFileSync(join(dir, 'SKILL.md'), SKILL)
  writeFileSync(join(dir, 'evals/evals.json'), JSON.stringify(evals, null, 2))
  writeFileSync(join(dir, 'evals/files/sales.csv'), 'product,units\nwidgets,42\ngadgets,7\n')
  return dir
}

describe("eval with skill-creator's evals.json", { timeout: 60_000 }, () => {
  it('runs from one skill folder given as --skills, with its files in the run (file_read of evals/files/sales.csv works)', async () => {
    const { code, out, err } = await run(['eval', '--skills', skillFolder(), '--mode', 'progressive', '--json'])
    expect(err).toEqual([])
    const report = JSON.parse(out.join('\n')) as { cases: { name: string; passRate: number; failures: unknown[] }[] }
    expect(report.cases.map((testCase) => [testCase.name, testCase.passRate, testCase.failures])).toEqual([['sales-report #1', 1, []]])
    expect(code).toBe(0)
  })

  it('--evals recognises the format by content (an evals.json under a .yaml name)', async () => {
    const dir = skillFolder()
    const renamed = join(dir, 'evals/cases.yaml')
    writeFileSync(renamed, JSON.stringify(EVALS))
    const { code, out } = await run(['eval', '--skills', dir, '--evals', renamed, '--mode', 'progressive', '--json'])
    expect(JSON.parse(out.join('\n')).cases[0]).toMatchObject({ name: 'sales-report #1', passRate: 1 })
    expect(code).toBe(0)
  })

  it('a skill_name that names no skill is reported, and nothing runs', async () => {
    const { code, out, err } = await run(['eval', '--skills', skillFolder({ ...EVALS, skill_name: 'sales-reports' })])
    expect(code).toBe(1)
    expect(out).toEqual([])
    expect(err.join('\n')).toContain('The evals name the skill "sales-reports", which is not among the skills (sales-report).')
  })

  it('a file the evals need that the folder lacks is named at its line', async () => {
    const { code, err } = await run([
      'eval',
      '--skills',
      skillFolder({ ...EVALS, evals: [{ ...EVALS.evals[0], files: ['evals/files/missing.csv'] }] }),
    ])
    expect(code).toBe(1)
    expect(err.join('\n')).toMatch(
      /evals\/evals\.json:\d+:\d+ error Eval 1: file "evals\/files\/missing\.csv" is not in the skill's folder/,
    )
  })

  it('a trigger eval set given as --evals says where it runs', async () => {
    const dir = skillFolder()
    const set = join(dir, 'evals/trigger-evals.json')
    writeFileSync(set, JSON.stringify([{ query: 'summarise my sales csv', should_trigger: true }]))
    const { code, err } = await run(['eval', '--skills', dir, '--evals', set])
    expect(code).toBe(1)
    expect(err.join('\n')).toContain('skill-playground triggers --set')
  })
})

describe("eval with waza's eval.yaml", { timeout: 60_000 }, () => {
  it('imports code-explainer: its tasks run with their fixtures; graders it does not run are named, never skipped', async () => {
    const root = mkdtempSync(join(tmpdir(), 'waza-'))
    cpSync(join(import.meta.dirname, '../core/evals/testdata/waza-code-explainer'), join(root, 'code-explainer'), { recursive: true })
    const { code, out, err } = await run([
      'eval',
      '--skills',
      join(root, 'code-explainer'),
      '--evals',
      join(root, 'code-explainer/eval.yaml'),
      '--mode',
      'progressive',
      '--trials',
      '1',
      '--min-pass-rate',
      '0',
      '--json',
    ])
    expect(code).toBe(0)
    expect(err.join('\n')).toContain(
      'warning Task Explain SQL JOIN Query: code grader "explains_sql_join" is not supported here and is not checked.',
    )
    const report = JSON.parse(out.join('\n')) as { cases: { name: string; trials: number; unsupported?: string[] }[] }
    expect(report.cases.map((testCase) => [testCase.name, testCase.trials])).toEqual([
      ['Explain JavaScript Async/Await', 1],
      ['Explain List Comprehension', 1],
      ['Explain Python Recursion', 1],
      ['Explain SQL JOIN Query', 1],
    ])
    expect(report.cases[3]!.unsupported).toContain('code grader "has_explanation"')
  })
})
