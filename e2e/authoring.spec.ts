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

test('the routing test suite re-runs as the user types, with confusion and a threshold sweep', async ({
  page,
  editor,
  skills,
  routing,
}) => {
  await page.getByRole('tab', { name: /Tests/ }).click()
  const panel = page.getByRole('region', { name: 'Routing tests' })
  await expect(panel.getByRole('status')).toContainText('16 passed, 0 failed at threshold 0.3')
  await expect(panel.getByRole('img', { name: /Threshold sweep: best accuracy 100% for thresholds 0\.21–0\.33/ })).toBeVisible()

  await skills.getByRole('option', { name: /weather/ }).click()
  await editor.line('trigger_keywords: [天气').click()
  await page.keyboard.press('Home')
  await page.keyboard.type('#')
  await expect(panel.getByRole('status')).toContainText('14 passed, 2 failed')
  const firstRow = panel.getByRole('table', { name: 'Test cases' }).locator('tbody tr').first()
  await expect(firstRow).toContainText('✗ fail')
  await expect(panel.locator('.confusion')).toContainText('weather → none × 2')

  await page.keyboard.press('Backspace')
  await expect(panel.getByRole('status')).toContainText('16 passed, 0 failed')

  await routing.utterance.fill('帮我规划一下旅行')
  await panel.getByRole('button', { name: /Add the test utterance \(expect plan_and_write\)/ }).click()
  await expect(panel.getByRole('status')).toContainText('17 passed, 0 failed')
  await panel.getByRole('img', { name: /Threshold sweep/ }).click({ position: { x: 30, y: 50 } })
  await expect(panel.getByRole('status')).toContainText(/failed at threshold 0$/)
})

test('trigger comparison: keyword routing beside what the model picks, per case', async ({ page }) => {
  await page.getByRole('tab', { name: /Tests/ }).click()
  const comparison = page.getByRole('region', { name: 'Trigger comparison' })
  await expect(comparison).toContainText('32 scripted calls')
  await comparison.getByRole('button', { name: 'Compare modes' }).click()
  const matrix = comparison.getByRole('table', { name: 'Mode comparison' })
  await expect(matrix.locator('tbody tr')).toHaveCount(16)
  const calcRow = matrix.locator('tbody tr').filter({ hasText: '计算一下 2^20 是多少' })
  await expect(calcRow.locator('td').nth(1)).toContainText('calculator ✓')
  await expect(calcRow.locator('td').nth(3)).toContainText('calculator ✓')
  const seedRow = matrix.locator('tbody tr').filter({ hasText: '帮我规划并写一篇关于 AI Agent 的文章大纲' })
  await expect(seedRow.locator('td').nth(1)).toContainText('none ✓')
  await expect(seedRow.locator('td').nth(3)).toContainText('plan_and_write ✗')
})
