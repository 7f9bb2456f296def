import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeOpenAI } from '../../e2e/fakeOpenAI'
import { runCli } from './runCli'
import { triggersArgs, triggersCommand } from './triggersCommand'

/** A folder of public Agent Skills (no trigger keywords), the pdf one with skill-creator's trigger set. */
function publicSkills(set?: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'triggers-'))
  const skill = (name: string, description: string) => {
    mkdirSync(join(dir, name, 'evals'), { recursive: true })
    writeFileSync(join(dir, name, 'SKILL.md'), `---\nname: ${name}\ndescription: ${description}\n---\n# ${name}\nInstructions.\n`)
  }
  skill(
    'pdf',
    'Extract text and tables from PDF files, fill PDF forms, merge and split PDF documents. Use when the user works with PDF files.',
  )
  skill('xlsx', 'Create and edit spreadsheets, formulas and charts in Excel workbooks. Use for spreadsheet work.')
  skill('brand-guidelines', "Apply the company's brand colours and typography to slides and documents.")
  if (set !== undefined) writeFileSync(join(dir, 'pdf', 'evals', 'trigger-evals.json'), JSON.stringify(set))
  return dir
}

const SET = [
  { query: 'Merge these two PDF files into one', should_trigger: true },
  { query: 'Extract the tables from this PDF report', should_trigger: true },
  { query: 'Add a SUM formula and a chart to my Excel spreadsheet', should_trigger: false },
  { query: 'What is the capital of France?', should_trigger: false },
]

async function run(argv: string[]) {
  const out: string[] = []
  const err: string[] = []
  const code = await runCli(argv, { out: (line) => out.push(line), err: (line) => err.push(line), lines: async function* () {} })
  return { code, out, err }
}

interface TriggersJson {
  skill: string
  model: string
  simulated: boolean
  runs: number
  queries: {
    query: string
    should_trigger: boolean
    triggered: number
    errors: number
    runs: number
    rate: number | null
    interval: [number, number]
    passed: boolean
  }[]
  precision: number | null
  recall: number | null
  f1: number | null
  errors: number
}

describe('skill-playground triggers (scripted stand-in)', () => {
  it("runs the skill's evals/trigger-evals.json by default and prints the contract's JSON, labelled simulated; exit 0 when all pass", async () => {
    const dir = publicSkills(SET)
    const { code, out } = await run(['triggers', '--skills', dir, '--skill', 'pdf', '--runs', '2', '--json'])
    const report = JSON.parse(out.join('\n')) as TriggersJson
    expect(report).toMatchObject({ skill: 'pdf', model: 'scripted', simulated: true, runs: 2, precision: 1, recall: 1, f1: 1, errors: 0 })
    expect(
      report.queries.map(({ query, should_trigger, triggered, errors, runs, rate, passed }) => ({
        query,
        should_trigger,
        triggered,
        errors,
        runs,
        rate,
        passed,
      })),
    ).toEqual([
      { query: SET[0]!.query, should_trigger: true, triggered: 2, errors: 0, runs: 2, rate: 1, passed: true },
      { query: SET[1]!.query, should_trigger: true, triggered: 2, errors: 0, runs: 2, rate: 1, passed: true },
      { query: SET[2]!.query, should_trigger: false, triggered: 0, errors: 0, runs: 2, rate: 0, passed: true },
      { query: SET[3]!.query, should_trigger: false, triggered: 0, errors: 0, runs: 2, rate: 0, passed: true },
    ])
    expect(report.queries[0]!.interval[0]).toBeCloseTo(0.342, 3)
    expect(report.queries[0]!.interval[1]).toBe(1)
    expect(code).toBe(0)
  })

  it('exits 1 when a query fails, and says which in the text output', async () => {
    const dir = publicSkills()
    const set = join(dir, 'set.json')
    writeFileSync(set, JSON.stringify([...SET, { query: 'Make my slides follow our brand colours', should_trigger: true }]))
    const { code, out, err } = await run(['triggers', '--skills', dir, '--skill', 'pdf', '--set', set])
    expect(code).toBe(1)
    expect(err[0]).toBe('5 queries × 1 run · Scripted (offline, simulated) · threshold 0.5')
    expect(out.filter((line) => line.startsWith('FAIL'))).toEqual([
      'FAIL  0/1    0%  [0%–79%]  should trigger      "Make my slides follow our brand colours"  (about 4 runs would settle it)',
    ])
    expect(out.at(-2)).toBe('precision 100% · recall 67% · F1 80% · 0 errored runs (simulated model)')
    expect(out.at(-1)).toBe('4 of 5 queries pass at threshold 0.5')
  })

  it('exits 2 on a usage error: a missing option, an unknown skill, a bad number, a missing or malformed set', async () => {
    const dir = publicSkills()
    const cases: [string[], RegExp][] = [
      [['triggers', '--skill', 'pdf'], /needs --skills/],
      [['triggers', '--skills', dir], /needs --skill <name>/],
      [['triggers', '--skills', dir, '--skill', 'nope'], /no skill named "nope" in .*; skills: brand-guidelines, pdf, xlsx/],
      [['triggers', '--skills', dir, '--skill', 'pdf', '--runs', '0'], /--runs: Runs "0" is not a whole number from 1 to 100/],
      [
        ['triggers', '--skills', dir, '--skill', 'pdf', '--threshold', '1.5'],
        /--threshold: The threshold "1.5" is not a number from 0 to 1/,
      ],
      [['triggers', '--skills', dir, '--skill', 'pdf', '--model', 'claude'], /--model is scripted or openai/],
      [['triggers', '--skills', dir, '--skill', 'pdf'], /no trigger set at .*pdf\/evals\/trigger-evals.json \(write \[/],
      [['triggers', '--skills', dir, '--skill', 'pdf', '--model', 'openai', '--set', join(dir, 'missing.json')], /no trigger set at/],
    ]
    for (const [argv, message] of cases) {
      const { code, err } = await run(argv)
      expect(code, argv.join(' ')).toBe(2)
      expect(err.join('\n')).toMatch(message)
    }
    writeFileSync(join(dir, 'bad.json'), '[{"query": "x"}]')
    const bad = await run(['triggers', '--skills', dir, '--skill', 'pdf', '--set', join(dir, 'bad.json')])
    expect(bad.code).toBe(2)
    expect(bad.err).toEqual([`${join(dir, 'bad.json')}: Query 1 needs "should_trigger": true or false.`])
  })

  it('reads the set from --skills when that folder is the skill itself (skill-creator’s layout)', async () => {
    const dir = publicSkills(SET)
    const { code, out } = await run(['triggers', '--skills', join(dir, 'pdf'), '--skill', 'pdf', '--json'])
    expect(code).toBe(0)
    expect((JSON.parse(out.join('\n')) as TriggersJson).queries).toHaveLength(4)
  })
})

describe('skill-playground triggers --model openai (a loopback OpenAI-compatible server)', () => {
  const upstream = new FakeOpenAI()
  beforeAll(() => upstream.start(0))
  afterAll(() => upstream.stop())

  const env = () => ({ OPENAI_API_KEY: 'sk-test-secret', OPENAI_BASE_URL: upstream.baseUrl, OPENAI_MODEL: 'test-model' })
  const load = (name: string) => ({ kind: 'tool' as const, name: 'load_skill', arguments: JSON.stringify({ name }) })

  it('the model decides by calling load_skill; a run that errors is counted as an error, not a miss', async () => {
    const dir = publicSkills([
      { query: 'Merge these two PDF files into one', should_trigger: true },
      { query: 'What is the capital of France?', should_trigger: false },
    ])
    // Concurrency 1: the replies answer the runs in order. Query 1: load, error, load; query 2: text, error, pdf.
    upstream.script(
      load('pdf'),
      { kind: 'status', status: 400, message: 'context length exceeded' },
      load('pdf'),
      { kind: 'text', text: 'Paris.' },
      { kind: 'status', status: 400, message: 'context length exceeded' },
      load('pdf'),
    )
    const out: string[] = []
    const code = await triggersCommand(
      triggersArgs(
        new Map<string, string | true>([
          ['skills', dir],
          ['skill', 'pdf'],
          ['model', 'openai'],
          ['runs', '3'],
          ['concurrency', '1'],
          ['json', true],
        ]),
      ),
      { out: (line) => out.push(line), err: () => {}, lines: async function* () {} },
      env(),
    )
    const report = JSON.parse(out.join('\n')) as TriggersJson
    expect(report).toMatchObject({ skill: 'pdf', model: 'test-model', simulated: false, runs: 3, errors: 2 })
    expect(report.queries[0]).toMatchObject({ triggered: 2, errors: 1, runs: 2, rate: 1, passed: true })
    expect(report.queries[1]).toMatchObject({ triggered: 1, errors: 1, runs: 2, rate: 0.5, passed: false })
    // Rounded to three decimals like every score the CLI prints (issue 35 defect 17).
    expect(report).toMatchObject({ precision: 0.667, recall: 1 })
    expect(code).toBe(1)
    expect(upstream.requests).toHaveLength(6)
    // Progressive disclosure: the catalog and load_skill, never the skill's body; the key only in the header.
    const request = upstream.requests[0]!
    expect(request.body.model).toBe('test-model')
    expect(request.body.tools?.some((tool) => tool.function.name === 'load_skill')).toBe(true)
    const system = request.body.messages[0]!.content ?? ''
    expect(system).toContain('- pdf: Extract text and tables from PDF files')
    expect(system).not.toContain('Instructions.')
    expect(request.body.messages[1]!.content).toBe('Merge these two PDF files into one')
    expect(request.headers.authorization).toBe('Bearer sk-test-secret')
    expect(out.join('\n')).not.toContain('sk-test-secret')
  }, 20_000)

  it('a server that refuses every run counts each as an error: no query passes, nothing reads as a 0% recall', async () => {
    const dir = publicSkills([{ query: 'Merge these two PDF files into one', should_trigger: true }])
    const refused = { kind: 'status' as const, status: 401, message: 'Incorrect API key provided' }
    upstream.script(refused, refused)
    const out: string[] = []
    const code = await triggersCommand(
      triggersArgs(
        new Map<string, string | true>([
          ['skills', dir],
          ['skill', 'pdf'],
          ['model', 'openai'],
          ['runs', '2'],
          ['json', true],
        ]),
      ),
      { out: (line) => out.push(line), err: () => {}, lines: async function* () {} },
      env(),
    )
    const report = JSON.parse(out.join('\n')) as TriggersJson & { queries: { error_messages?: string[] }[] }
    expect(report.queries[0]).toMatchObject({ triggered: 0, errors: 2, runs: 0, rate: null, passed: false })
    expect(report.queries[0]!.error_messages![0]).toMatch(/401/)
    expect(report).toMatchObject({ recall: null, precision: null, errors: 2 })
    expect(code).toBe(1)
  }, 20_000)

  it('needs OPENAI_API_KEY (a usage error)', async () => {
    const dir = publicSkills(SET)
    await expect(
      triggersCommand(
        triggersArgs(
          new Map<string, string | true>([
            ['skills', dir],
            ['skill', 'pdf'],
            ['model', 'openai'],
          ]),
        ),
        { out: () => {}, err: () => {}, lines: async function* () {} },
        {},
      ),
    ).rejects.toThrow(/--model openai needs OPENAI_API_KEY/)
  })
})
