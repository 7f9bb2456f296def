/**
 * Issue 34 items 1 and 2: a workspace of public Agent Skills (no trigger_keywords) gets a useful
 * Routing view (the stand-in's description match, labelled simulated), and the Tests tab runs
 * trigger evals in skill-creator's format (docs/routing.md, docs/evals.md).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test as plain } from '@playwright/test'
import { test } from './fixtures'
import { freePort, ROOT } from './serverProcess'

const PUBLIC_SKILLS: Record<string, string> = {
  pdf: 'Extract text and tables from PDF files, fill PDF forms, merge and split PDF documents. Use when the user works with PDF files.',
  xlsx: 'Create and edit spreadsheets, formulas and charts in Excel workbooks. Use for spreadsheet work.',
  'brand-guidelines': "Apply the company's brand colours and typography to slides and documents.",
}

const PDF_SET = [
  { query: 'Merge these two PDF files into one', should_trigger: true },
  { query: 'Extract the tables from this PDF report', should_trigger: true },
  { query: 'Add a SUM formula and a chart to my Excel spreadsheet', should_trigger: false },
  { query: 'What is the capital of France?', should_trigger: false },
]

/** `skill-playground open` on a folder of public skills only, the pdf one with its trigger set. */
async function openPublicFolder(): Promise<{ folder: string; url: string; child: ChildProcess }> {
  const folder = mkdtempSync(join(tmpdir(), 'public-skills-'))
  for (const [name, description] of Object.entries(PUBLIC_SKILLS)) {
    mkdirSync(join(folder, name, 'evals'), { recursive: true })
    writeFileSync(join(folder, name, 'SKILL.md'), `---\nname: ${name}\ndescription: ${description}\n---\n# ${name}\n`)
  }
  writeFileSync(join(folder, 'pdf/evals/trigger-evals.json'), JSON.stringify(PDF_SET, null, 2))
  const port = await freePort()
  let output = ''
  const child = spawn(process.execPath, [join(ROOT, 'bin/skill-playground.js'), 'open', folder, '--port', String(port)], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
  })
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  await expect.poll(() => output, { timeout: 20_000 }).toContain('Editing files on disk')
  return { folder, url: `http://127.0.0.1:${port}/`, child }
}

plain(
  'public skills without keywords: the Routing view ranks them by description (simulated) and the Tests tab runs their trigger set',
  async ({ page }) => {
    plain.setTimeout(90_000)
    const opened = await openPublicFolder()
    try {
      await page.goto(opened.url)
      await expect(page.getByRole('status', { name: 'Folder on disk' })).toContainText(opened.folder)
      await page.getByRole('button', { name: 'Skip the guide' }).click()
      await page.getByRole('textbox', { name: 'Test utterance' }).fill('Merge these two PDF files and extract the tables')

      // No keyword table with nothing in it: the description match, labelled simulated, with the matched terms.
      await expect(page.getByRole('table', { name: 'Routing scores' })).toHaveCount(0)
      const region = page.getByRole('region', { name: 'Description match' })
      await expect(region.getByText('simulated', { exact: true })).toBeVisible()
      const table = region.getByRole('table', { name: 'Description match scores' })
      await expect(table.getByRole('row')).toHaveCount(4)
      const picked = table.getByRole('row', { selected: true })
      await expect(picked.getByRole('rowheader')).toHaveText('pdf')
      await expect(picked).toContainText('merge')
      await expect(picked).toContainText('table')
      await expect(page.getByText('By description, the offline stand-in would load pdf (simulated).')).toBeVisible()
      await page.getByRole('textbox', { name: 'Test utterance' }).fill('Add a chart to my Excel spreadsheet')
      await expect(table.getByRole('row', { selected: true }).getByRole('rowheader')).toHaveText('xlsx')

      // The Tests tab: pdf's own evals/trigger-evals.json, run with the stand-in.
      await page.getByRole('tab', { name: 'Tests' }).click()
      const triggers = page.getByRole('region', { name: 'Trigger evals' })
      await triggers.getByRole('combobox', { name: 'Skill' }).selectOption({ label: 'pdf' })
      await expect(triggers).toContainText('from pdf/evals/trigger-evals.json')
      await triggers.getByRole('spinbutton', { name: 'Runs per query' }).fill('2')
      await triggers.getByRole('button', { name: 'Run trigger evals' }).click()
      const totals = triggers.getByRole('status', { name: 'Trigger eval totals' })
      await expect(totals).toContainText('4 of 4 queries pass for pdf.')
      await expect(totals).toContainText('Precision 100% · recall 100% · F1 100% · 0 errored runs.')
      await expect(totals).toContainText('simulated')
      const results = triggers.getByRole('table', { name: 'Trigger results' })
      const merge = results.getByRole('row', { name: /Merge these two PDF files/ })
      await expect(merge).toContainText('2/2')
      await expect(merge).toContainText('100%')
      await expect(merge).toContainText('34%–100%')
      await expect(merge).toContainText('✓ pass')
      await expect(results.getByRole('row', { name: /SUM formula/ })).toContainText('0/2')
    } finally {
      opened.child.kill('SIGTERM')
      rmSync(opened.folder, { recursive: true, force: true })
    }
  },
)

test('a pasted trigger set: its problems are shown where they are, a failing query is marked, totals follow', async ({ page }) => {
  test.setTimeout(60_000)
  await page.getByRole('tab', { name: 'Tests' }).click()
  const triggers = page.getByRole('region', { name: 'Trigger evals' })
  await triggers.getByRole('combobox', { name: 'Skill' }).selectOption({ label: 'meeting-notes' })
  const set = triggers.getByRole('textbox', { name: 'Trigger set (JSON)' })
  await set.fill('[{"query": "总结一下这次会议的纪要", "should_trigger": "yes"}]')
  await expect(triggers.getByRole('alert')).toHaveText('Query 1 needs "should_trigger": true or false.')
  await expect(triggers.getByRole('button', { name: 'Run trigger evals' })).toBeDisabled()
  await set.fill(
    JSON.stringify([
      { query: 'Summarize the meeting notes and list the action items', should_trigger: true },
      { query: 'What is the weather in Paris tomorrow?', should_trigger: true },
    ]),
  )
  await expect(triggers.getByRole('alert')).toHaveCount(0)
  await expect(triggers).toContainText('pasted')
  await triggers.getByRole('button', { name: 'Run trigger evals' }).click()
  const results = triggers.getByRole('table', { name: 'Trigger results' })
  await expect(results.getByRole('row', { name: /weather in Paris/ })).toContainText('0/1')
  await expect(results.getByRole('row', { name: /weather in Paris/ })).toContainText('✗ fail')
  await expect(triggers.getByRole('status', { name: 'Trigger eval totals' })).toContainText('1 of 2 queries pass for meeting-notes.')
  // Kept with the skill: saved as its evals/trigger-evals.json, which the panel then reads.
  await triggers.getByRole('button', { name: 'Save as meeting-notes/evals/trigger-evals.json' }).click()
  await expect(triggers).toContainText('from meeting-notes/evals/trigger-evals.json')
  // Nothing lost by looking elsewhere: the pasted set and the results are there on coming back.
  await page.getByRole('tab', { name: 'Routing' }).click()
  await page.getByRole('tab', { name: 'Tests' }).click()
  await expect(set).toHaveValue(/weather in Paris/)
  await expect(triggers.getByRole('status', { name: 'Trigger eval totals' })).toContainText('1 of 2 queries pass for meeting-notes.')
})
