/**
 * Issue 38 item 5 in the browser: evals run offline (the scripted model), one case's trials open
 * in the Evals tab with their verdicts and traces, and "Share case" makes a link a colleague opens
 * read-only in a fresh browser, with no request to a model or to any other origin.
 */
import type { Request } from '@playwright/test'
import { encodeShare } from '../src/core/share/shareCodec'
import { expect, test } from './fixtures'

/** A public-format skill whose knowledge is in reference.md, read on demand. */
const SKILL = [
  {
    path: 'pdf-forms/SKILL.md',
    text: [
      '---',
      'name: pdf-forms',
      'description: Check and fill in the fields of PDF forms. Use when the user asks about the fields of a PDF form.',
      '---',
      '# PDF forms',
      '',
      'For the rules each field follows, read `reference.md`.',
      '',
    ].join('\n'),
  },
  { path: 'pdf-forms/reference.md', text: '# Field rules\n\nDates are written YYYY-MM-DD; amounts carry two decimals.\n' },
]
/** Two trials; the second expected word is not in the answer, so each trial shows a passed and a failed assertion. */
const EVALS = [
  'trials: 2',
  'cases:',
  '  - name: reads the field rules',
  '    utterance: Check the fields of form.pdf against the field reference',
  '    mode: progressive',
  '    expect:',
  '      files_read: [reference.md]',
  '      answer_contains: [YYYY-MM-DD, signature]',
  '',
].join('\n')

test('Share case: a case’s trials with verdicts and traces open read-only in a fresh browser, with no request to a model or another origin', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000)
  await page.goto('/#' + encodeShare({ kind: 'skill', skills: SKILL }))
  await page.getByRole('button', { name: 'Keep' }).click()
  // An import takes a skill with it: a quiet one beside the others, and the evals in place of the examples'.
  await page.getByLabel('Import files').setInputFiles([
    { name: 'evals.yaml', mimeType: 'text/yaml', buffer: Buffer.from(EVALS) },
    { name: 'quiet.md', mimeType: 'text/markdown', buffer: Buffer.from('---\nname: quiet\ndescription: Says nothing.\n---\nQuiet.\n') },
  ])
  await page.getByRole('dialog', { name: 'Name clash' }).getByRole('button', { name: 'Replace' }).click()

  await page.getByRole('tab', { name: 'Evals' }).click()
  const panel = page.getByRole('region', { name: 'Evals' })
  await expect(panel).toContainText('1 case × 2 trials = 2 runs')
  await panel.getByRole('button', { name: 'Run evals' }).click()
  await expect(panel.getByRole('status').filter({ hasText: 'cases passed every trial' })).toHaveText('0 of 1 cases passed every trial', {
    timeout: 60_000,
  })
  await panel
    .getByRole('row', { name: /reads the field rules/ })
    .getByRole('button', { name: 'Trials' })
    .click()
  const trials = panel.getByRole('region', { name: 'Case trials' })
  await expect(trials.getByRole('listitem', { name: /^Trial \d$/ })).toHaveCount(2)
  const first = trials.getByRole('listitem', { name: 'Trial 1' })
  await expect(first).toContainText('✓ files_read: reference.md')
  await expect(first).toContainText('✗ answer_contains: signature')
  await first.getByText(/^Trace \(\d+ steps\)$/).click()
  await expect(first.getByRole('listitem', { name: 'Disclosure', exact: true }).filter({ hasText: 'File read' })).toContainText(
    'pdf-forms / reference.md',
  )

  await trials.getByRole('button', { name: 'Share case' }).click()
  const dialog = page.getByRole('dialog', { name: 'Share this case' })
  const link = await dialog.getByRole('textbox', { name: 'Case link' }).inputValue()
  expect(link).toMatch(/#e1\.\d+\.[0-9a-f]{8}\./)
  // The same case as a file (what a case too long for a link is shared as).
  const downloading = page.waitForEvent('download')
  await dialog.getByRole('button', { name: 'Share as file' }).click()
  const file = await (await downloading).path()
  await dialog.getByRole('button', { name: 'Done' }).click()

  const colleague = await browser.newContext()
  const fresh = await colleague.newPage()
  const requests: Request[] = []
  fresh.on('request', (request) => requests.push(request))
  await fresh.goto(link)
  const shared = fresh.getByRole('region', { name: 'Shared eval case' })
  await expect(shared).toContainText('read-only')
  await expect(shared).toContainText('reads the field rules')
  await expect(shared).toContainText('Check the fields of form.pdf against the field reference')
  await expect(shared).toContainText('Scripted')
  await expect(shared).toContainText('simulated')
  await expect(shared.getByRole('list', { name: 'Expectations' })).toContainText('files_read: ["reference.md"]')
  await expect(shared.getByRole('listitem', { name: /^Trial \d$/ })).toHaveCount(2)
  const trial = shared.getByRole('listitem', { name: 'Trial 2' })
  await expect(trial).toContainText('failed')
  await expect(trial).toContainText('✗ answer_contains: signature')
  await trial.getByText(/^Trace \(\d+ steps\)$/).click()
  await expect(trial.getByRole('listitem', { name: 'Final answer' })).toContainText('YYYY-MM-DD')
  await expect(trial.getByRole('listitem', { name: 'Disclosure', exact: true }).filter({ hasText: 'File read' })).toContainText(
    'pdf-forms / reference.md',
  )
  // The skills as they were: its SKILL.md and the file beside it.
  await shared.getByText(/The skills? as (it|they) w/).click()
  await expect(shared.getByText('pdf-forms/reference.md')).toBeVisible()
  // The address bar no longer holds the case: a reload does not open it again.
  expect(new URL(fresh.url()).hash).toBe('')
  // Time for anything the page might start on its own (the tokenizer, the server's tools), then count.
  await fresh.waitForTimeout(1500)
  expect(requests.map((request) => request.url()).filter((url) => new URL(url).pathname.startsWith('/v1/'))).toEqual([])
  expect(requests.every((request) => new URL(request.url()).origin === new URL(link).origin)).toBe(true)
  await shared.getByRole('button', { name: 'Close shared case' }).click()
  await expect(shared).toHaveCount(0)
  // Open case file in the Evals tab shows the same case from the file.
  await fresh.getByRole('tab', { name: 'Evals' }).click()
  await fresh.getByRole('region', { name: 'Evals' }).getByLabel('Open case file', { exact: true }).last().setInputFiles(file)
  await expect(shared.getByRole('listitem', { name: /^Trial \d$/ })).toHaveCount(2)
  await expect(shared).toContainText('reads the field rules')
  expect(requests.every((request) => new URL(request.url()).origin === new URL(link).origin)).toBe(true)
  await colleague.close()
})
