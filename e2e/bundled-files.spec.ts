/**
 * Issue 38 in the browser: a public-format skill with reference.md and scripts/check_form.py,
 * run offline (the scripted model, the page's Python sandbox) and through the server proxy (the
 * fake OpenAI on loopback); the trace shows each level of disclosure with its tokens; a shared run
 * link opens the same trace in a fresh browser without any request to a model.
 */
import type { Page, Request } from '@playwright/test'
import { FAKE_OPENAI_PORT } from '../playwright.config'
import { encodeShare } from '../src/core/share/shareCodec'
import { FakeOpenAI } from './fakeOpenAI'
import { expect, test, type RunView } from './fixtures'

const upstream = new FakeOpenAI()
test.describe.configure({ mode: 'serial' })
test.beforeAll(() => upstream.start(FAKE_OPENAI_PORT))
test.afterAll(() => upstream.stop())

/** A skill in the public Agent Skills format: no keywords, its knowledge in the files beside it. */
const SKILL = [
  {
    path: 'pdf-forms/SKILL.md',
    text: [
      '---',
      'name: pdf-forms',
      'description: Check and fill in the fields of PDF forms. Use when the user asks about the fields of a PDF form.',
      'license: Apache-2.0',
      '---',
      '# PDF forms',
      '',
      'For the rules each field follows, read `reference.md`.',
      'To check a form, run `scripts/check_form.py <file>`.',
      '',
    ].join('\n'),
  },
  { path: 'pdf-forms/reference.md', text: '# Field rules\n\nDates are written YYYY-MM-DD; amounts carry two decimals.\n' },
  {
    path: 'pdf-forms/scripts/check_form.py',
    text: 'import sys\nrules = open("reference.md").read().count("\\n")\nprint("checked", sys.argv[1], "against", rules, "lines of rules: 3 fields ok")\n',
  },
]
const UTTERANCE = 'Check the fields of form.pdf against the field reference'

async function openSkill(page: Page) {
  await page.goto('/#' + encodeShare({ kind: 'skill', skills: SKILL }))
  await expect(page.getByRole('region', { name: 'Shared draft' })).toBeVisible()
  await page.getByRole('button', { name: 'Keep' }).click()
}

async function runProgressive(page: Page, run: RunView, model: 'scripted' | 'proxy') {
  await page.getByRole('textbox', { name: 'Test utterance' }).fill(UTTERANCE)
  await run.routingMode.selectOption('progressive')
  await run.model.selectOption(model)
  await run.run()
}

const disclosure = (run: RunView) => run.trace.getByRole('listitem', { name: 'Disclosure', exact: true })

test('offline: the stand-in loads the skill, reads reference.md and runs scripts/check_form.py in the page sandbox; the trace shows each level with tokens', async ({
  page,
  run,
}) => {
  test.setTimeout(120_000)
  await openSkill(page)
  // The Tools tab counts what the skill brings at each level.
  await page.getByRole('tab', { name: 'Tools' }).click()
  const levels = page.getByRole('table', { name: 'Tokens per level' }).getByRole('row').filter({ hasText: 'pdf-forms' })
  await expect(levels).toContainText(/≈\d+\s*≈\d+\s*2 files, ≈\d+ tokens\s*1/)
  await runProgressive(page, run, 'scripted')
  await expect(run.step('Final answer')).toContainText('Dates are written YYYY-MM-DD', { timeout: 90_000 })
  await expect(run.step('Final answer')).toContainText('checked form.pdf against 3 lines of rules: 3 fields ok')
  await expect(run.summary()).toContainText('simulated')
  const steps = disclosure(run)
  await expect(steps).toHaveCount(4)
  await expect(steps.nth(0)).toContainText(/level 1\s*Catalog · \d+ skills/)
  await expect(steps.nth(1)).toContainText(/level 2\s*Body loaded · pdf-forms/)
  await expect(steps.nth(2)).toContainText(/level 3\s*File read · pdf-forms \/ reference.md/)
  await expect(steps.nth(3)).toContainText(/level 3\s*Script run · pdf-forms \/ scripts\/check_form.py · exit status 0/)
  for (let i = 0; i < 4; i++) await expect(steps.nth(i)).toContainText(/[\d,]+ characters · ≈?[\d,]+ tokens/)
  await expect(run.trace.getByRole('group', { name: 'Context by level' })).toContainText(
    /catalog [\d,]+ · instructions [\d,]+ · files [\d,]+ \(1 read\) · scripts [\d,]+ \(1 run\)/,
  )
})

test('through the proxy: the model’s read_skill_file and run_skill_script calls work, a hostile path is refused, and a shared run opens read-only in a fresh browser with no request to a model', async ({
  page,
  run,
  browser,
}) => {
  test.setTimeout(120_000)
  await openSkill(page)
  upstream.script(
    { kind: 'tool', name: 'load_skill', arguments: '{"name": "pdf-forms"}' },
    { kind: 'tool', name: 'read_skill_file', arguments: '{"skill": "pdf-forms", "path": "../weather.md"}' },
    { kind: 'tool', name: 'read_skill_file', arguments: '{"skill": "pdf-forms", "path": "reference.md"}' },
    { kind: 'tool', name: 'run_skill_script', arguments: '{"skill": "pdf-forms", "path": "scripts/check_form.py", "args": ["form.pdf"]}' },
    { kind: 'text', text: 'Dates are YYYY-MM-DD and all 3 fields are fine. <img src="http://127.0.0.1:9/beacon">' },
  )
  await runProgressive(page, run, 'proxy')
  await expect(run.step('Final answer')).toContainText('all 3 fields are fine', { timeout: 90_000 })

  const [first, second, third, fourth] = upstream.requests
  const tools = (request: typeof first) => request?.body.tools?.map((tool) => tool.function.name) ?? []
  expect(tools(first)).toContain('load_skill')
  expect(tools(first)).not.toContain('read_skill_file')
  expect(tools(second)).toEqual(expect.arrayContaining(['read_skill_file', 'run_skill_script']))
  const description = JSON.stringify(second?.body.tools?.find((tool) => tool.function.name === 'read_skill_file'))
  expect(description).toContain('pdf-forms: reference.md')
  expect(third?.body.messages.at(-1)?.content).toContain("leaves the skill's folder")
  expect(fourth?.body.messages.at(-1)?.content).toContain('Dates are written YYYY-MM-DD')
  expect(upstream.requests[4]?.body.messages.at(-1)?.content).toContain('3 fields ok')

  const calls = run.step('Tool call')
  await expect(calls.nth(1)).toContainText('refused: "../weather.md" leaves the skill\'s folder')
  await expect(disclosure(run)).toHaveCount(4)

  // Share run: a link that a colleague opens in a fresh browser.
  await run.trace.getByRole('button', { name: 'Share run' }).click()
  const dialog = page.getByRole('dialog', { name: 'Share this run' })
  const link = await dialog.getByRole('textbox', { name: 'Run link' }).inputValue()
  expect(link).toMatch(/#r1\.\d+\.[0-9a-f]{8}\./)
  await dialog.getByRole('button', { name: 'Done' }).click()

  const colleague = await browser.newContext()
  const fresh = await colleague.newPage()
  const requests: Request[] = []
  fresh.on('request', (request) => requests.push(request))
  const before = upstream.requests.length
  await fresh.goto(link)
  const shared = fresh.getByRole('region', { name: 'Shared run' })
  await expect(shared).toContainText('read-only')
  await expect(shared).toContainText(UTTERANCE)
  await expect(shared).toContainText('OpenAI (server proxy)')
  await expect(shared.getByRole('listitem', { name: 'Final answer' })).toContainText('all 3 fields are fine')
  await expect(shared.getByRole('listitem', { name: 'Disclosure', exact: true })).toHaveCount(4)
  await expect(shared.getByRole('listitem', { name: 'Disclosure', exact: true }).nth(2)).toContainText(
    'File read · pdf-forms / reference.md',
  )
  // The skills as they were: its SKILL.md and the files beside it.
  await shared.getByText(/The skills? as (it|they) w/).click()
  await expect(shared.getByText('pdf-forms/reference.md')).toBeVisible()
  await expect(shared.getByText('pdf-forms/scripts/check_form.py')).toBeVisible()
  // The address bar no longer holds the run: a reload does not open it again.
  expect(new URL(fresh.url()).hash).toBe('')
  // Time for anything the page might start on its own (the tokenizer, the server's tools), then count.
  await fresh.waitForTimeout(1500)
  expect(upstream.requests.length).toBe(before)
  expect(requests.map((request) => request.url()).filter((url) => url.includes('/v1/') || url.includes(':9/'))).toEqual([])
  expect(requests.every((request) => new URL(request.url()).origin === new URL(link).origin)).toBe(true)
  await shared.getByRole('button', { name: 'Close shared run' }).click()
  await expect(shared).toHaveCount(0)
  await colleague.close()
})
