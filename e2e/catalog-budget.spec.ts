import type { Browser } from '@playwright/test'
import { zh } from '../src/ui/i18n/zh'
import { CatalogBudgetView, expect, test } from './fixtures'

/** Thirty skills s10…s39, each with a description of about 300 characters: more than Claude Code's 8,000-character listing holds. */
const crowded = Array.from({ length: 30 }, (_, i) => ({
  path: `s${i + 10}/SKILL.md`,
  text: `---\nname: s${i + 10}\ndescription: Handles case ${i + 10}. ${'x'.repeat(285)}\n---\nBody\n`,
}))

/** A page of a new browser context whose saved workspace is `files`. */
async function openWorkspace(browser: Browser, files: { path: string; text: string }[]) {
  const context = await browser.newContext()
  await context.addInitScript(
    (snapshot) => localStorage.setItem('skill-playground:workspace:v1', JSON.stringify({ snapshot, tab: 'seed', revision: 1e9 })),
    { files, utterance: '' },
  )
  const page = await context.newPage()
  await page.goto('/')
  await expect(page.getByRole('listbox', { name: 'Skills' })).toBeVisible()
  return { context, page }
}

test('the catalog budget view lays the listing out as each client would, with numbers to try and lint to match', async ({ browser }) => {
  const { context, page } = await openWorkspace(browser, crowded)
  const budget = new CatalogBudgetView(page)
  await page.getByRole('listbox', { name: 'Skills' }).getByRole('option').first().click()

  await test.step('Claude Code keeps every name and drops whole descriptions from the end', async () => {
    await budget.toggle.click()
    await expect(budget.region).toBeVisible()
    await expect(budget.client).toHaveValue('claude-code')
    await expect(budget.summary).toContainText('of 8,000 characters')
    await expect(budget.summary).toContainText('name only')
    await expect(budget.kept('s10')).toHaveText('whole')
    await expect(budget.kept('s39')).toHaveText('name only')
    await expect(budget.table.getByRole('row')).toHaveCount(31)
  })

  await test.step('Codex shortens every description a little instead', async () => {
    await budget.client.selectOption('codex')
    await expect(budget.kept('s10')).toHaveText('shortened')
    await expect(budget.kept('s39')).toHaveText('shortened')
    await expect(budget.summary).toContainText('0 name only')
  })

  await test.step('a larger budget typed in keeps them whole; a number that is not one says so and keeps the client’s', async () => {
    await budget.number('Budget without a context window (characters)').fill('100000')
    await expect(budget.kept('s39')).toHaveText('whole')
    await expect(budget.summary).toContainText('30 whole')
    await budget.number('Budget without a context window (characters)').fill('-5')
    await expect(budget.region.getByRole('alert')).toContainText('Not a number from 0 to')
    await expect(budget.kept('s39')).toHaveText('shortened')
    await budget.region.getByRole('button', { name: "Use the client's numbers" }).click()
    await expect(budget.number('Budget without a context window (characters)')).toHaveValue('8000')
  })

  await test.step('the Claude API carries eight skills a request', async () => {
    await budget.client.selectOption('claude-api')
    await expect(budget.kept('s17')).toHaveText('whole')
    await expect(budget.kept('s18')).toHaveText('left out')
  })

  await test.step('lint warns in Problems about the skills Claude Code cuts', async () => {
    await budget.client.selectOption('claude-code')
    await budget.region.getByRole('button', { name: 'Warn in Problems for Claude Code' }).click()
    await expect(budget.region).toContainText('Problems warns about skills Claude Code cuts with its own numbers.')
    await page.getByRole('tab', { name: /Problems/ }).click()
    const problems = page.getByRole('region', { name: 'Problems' })
    await expect(problems.getByRole('combobox', { name: 'Lint profile' })).toHaveValue('claude-code')
    await expect(problems).toContainText('Claude Code lists only this skill’s name: its description does not fit the listing budget')
  })

  await test.step('a screenshot of the view', async () => {
    await page
      .getByRole('tab', { name: /Routing/ })
      .first()
      .click()
    await budget.region.screenshot({ path: 'test-results/catalog-budget.png' })
  })

  await test.step('in Chinese, the view speaks Chinese, its accessible names too', async () => {
    await page.getByRole('combobox', { name: 'Language' }).selectOption('zh')
    const region = page.getByRole('region', { name: zh.catalogBudget.title })
    await expect(region).toContainText('目录预算')
    await expect(budget.region).toHaveCount(0)
    const row = region
      .getByRole('table', { name: zh.catalogBudget.table })
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 's39', exact: true }) })
    await expect(row.getByRole('cell').nth(1)).toHaveText('只有名称')
  })
  await context.close()
})
