import { expect, test } from './fixtures'

test('a lint marker with a quick fix in Monaco, and the problems list', async ({ page, editor, skills }) => {
  await skills.getByRole('option', { name: /calculator/ }).click()
  await editor.line('required_tools: [calculator]').click()
  await page.keyboard.press('End')
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('Backspace')
  await page.keyboard.press('Backspace')
  await page.keyboard.type('er')
  await expect(editor.line('required_tools: [calculater]')).toBeVisible()
  await expect(editor.root.locator('.squiggly-error').first()).toBeVisible()
  await expect(page.getByRole('list', { name: 'Problems' })).toContainText('"calculater" is not a tool here')

  await page.getByRole('tab', { name: /Problems/ }).click()
  const problems = page.getByRole('region', { name: 'Problems' })
  await expect(problems).toContainText('required-tool-unknown')
  await expect(problems).toContainText('quick fix: Change to "calculator"')

  await editor.line('required_tools: [calculater]').click()
  await page.keyboard.press('Control+.')
  await page.locator('.action-widget').getByText('Change to "calculator"').click()
  await expect(editor.line('required_tools: [calculator]')).toBeVisible()
  await expect(problems).not.toContainText('required-tool-unknown')
})

test('the lint profile decides what is an error', async ({ page }) => {
  await page.getByRole('tab', { name: /Problems/ }).click()
  const problems = page.getByRole('region', { name: 'Problems' })
  await expect(problems).toContainText('0 errors')
  await problems.getByRole('combobox', { name: 'Lint profile' }).selectOption('strict')
  await expect(problems).toContainText(/[1-9]\d* errors/)
  await expect(problems).toContainText('is not a valid Agent Skills name')
  await problems.getByRole('combobox', { name: 'Lint profile' }).selectOption('lenient')
  await expect(problems).toContainText('0 errors')
})

test('frontmatter completions and field hovers', async ({ page, editor, skills }) => {
  await skills.getByRole('option', { name: /calculator/ }).click()
  await editor.endOfLine('max_rounds: 3')
  await page.keyboard.press('Enter')
  await page.keyboard.type('entr')
  await page.keyboard.press('Control+Space')
  await expect(page.locator('.suggest-widget')).toContainText('entry_mode')
  await page.keyboard.press('Enter')
  await expect(editor.line('entry_mode:')).toBeVisible()

  const key = editor.line('max_rounds: 3').getByText('max_rounds')
  await key.hover()
  await expect(page.locator('.monaco-hover').filter({ hasText: 'Round limit while the skill is active' }).first()).toBeVisible()
})
