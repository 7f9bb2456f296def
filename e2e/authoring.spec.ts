import { BUILTIN_TOOLS } from '../src/core/tools'
import { examples, expect, test, NAME } from './fixtures'

test('a lint marker with a quick fix in Monaco, and the problems list', async ({ page, editor, skills }) => {
  await skills.getByRole('option', { name: /calculator/ }).click({ position: NAME })
  await editor.line('required_tools: [calculator]').click()
  await page.keyboard.press('End')
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('Backspace')
  await page.keyboard.press('Backspace')
  await page.keyboard.type('er')
  await expect(editor.line('required_tools: [calculater]')).toBeVisible()
  await expect(editor.errorMarker()).toBeVisible()
  await expect(page.getByRole('list', { name: 'Problems' })).toContainText('"calculater" is not a tool here')

  await page.getByRole('tab', { name: /Problems/ }).click()
  const problems = page.getByRole('region', { name: 'Problems' })
  await expect(problems).toContainText('required-tool-unknown')
  await expect(problems).toContainText('quick fix: Change to "calculator"')

  await editor.line('required_tools: [calculater]').click()
  await editor.quickFix('Change to "calculator"')
  await expect(editor.line('required_tools: [calculator]')).toBeVisible()
  await expect(problems).not.toContainText('required-tool-unknown')
})

test('prose in a skill gets no word suggestions, so Enter starts a line; routing-tests.yaml still offers its words', async ({
  page,
  editor,
  skills,
}) => {
  await skills.getByRole('option', { name: /calculator/ }).click({ position: NAME })
  await editor.endOfLine('say how you read it.')
  await page.keyboard.press('Enter')
  // "res" begins "result", "results" and "request", all in this skill's text.
  await page.keyboard.type('- Show the res')
  await page.waitForTimeout(500)
  await page.keyboard.press('Enter')
  await page.keyboard.type('Next line.')
  await expect(editor.line('Next line.')).toBeVisible()
  // Monaco draws spaces as no-break spaces.
  await expect(editor.line('Show the res')).toHaveText(/^-\sShow\sthe\sres$/)

  await page.getByRole('button', { name: /^routing-tests\.yaml/ }).click()
  await editor.endOfLine('expect: add-calc')
  await page.keyboard.press('Enter')
  await page.keyboard.type('expect: calcu')
  // A YAML value counts as a string, where Monaco offers nothing unasked: Ctrl+Space asks.
  await page.keyboard.press('Control+Space')
  await expect(editor.suggestions()).toContainText('calculator')
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
  await skills.getByRole('option', { name: /calculator/ }).click({ position: NAME })
  await editor.endOfLine('max_rounds: 3')
  await page.keyboard.press('Enter')
  await page.keyboard.type('entr')
  await page.keyboard.press('Control+Space')
  await expect(editor.suggestions()).toContainText('entry_mode')
  await page.keyboard.press('Enter')
  await expect(editor.line('entry_mode:')).toBeVisible()

  const key = editor.line('max_rounds: 3').getByText('max_rounds')
  await key.hover()
  await expect(editor.hover('Round limit while the skill is active')).toBeVisible()

  // A tool name shows the registry's description: the same text the model is given.
  await editor.hoverWord('required_tools: [calculator]', 'calculator')
  await expect(editor.hover(BUILTIN_TOOLS.find((tool) => tool.name === 'calculator')!.description)).toBeVisible()
})

test('the routing test suite re-runs as the user types, with confusion and a threshold sweep', async ({
  page,
  editor,
  skills,
  routing,
  tests,
}) => {
  await tests.open()
  const n = examples.cases
  await expect(tests.status).toContainText(`${n} passed, 0 failed at threshold 0.3`)
  await expect(tests.panel.getByRole('img', { name: /Threshold sweep: best accuracy 100% for thresholds 0\.21–0\.33/ })).toBeVisible()

  await skills.getByRole('option', { name: /weather/ }).click({ position: NAME })
  await editor.line('trigger_keywords: [天气').click()
  await page.keyboard.press('Home')
  await page.keyboard.type('#')
  await expect(tests.status).toContainText(`${n - 2} passed, 2 failed`)
  await expect(tests.caseRows().first()).toContainText('✗ fail')
  await expect(tests.confusion).toContainText('weather → none × 2')

  await page.keyboard.press('Backspace')
  await expect(tests.status).toContainText(`${n} passed, 0 failed`)

  await routing.utterance.fill('帮我规划一下旅行')
  await tests.panel.getByRole('button', { name: /Add the test utterance \(expect plan_and_write\)/ }).click()
  await expect(tests.status).toContainText(`${n + 1} passed, 0 failed`)
  await tests.sweep.click({ position: { x: 30, y: 50 } })
  await expect(tests.status).toContainText(/failed at threshold 0$/)
})

test('trigger comparison: keyword routing beside what the model picks, per case', async ({ tests }) => {
  await tests.open()
  await expect(tests.comparison).toContainText(`${examples.cases * 2} scripted calls`)
  await tests.comparison.getByRole('button', { name: 'Compare modes' }).click()
  await expect(tests.comparisonRows()).toHaveCount(examples.cases)
  const calcRow = tests.comparisonRows().filter({ hasText: '计算一下 2^20 是多少' })
  await expect(calcRow.getByRole('cell').nth(1)).toContainText('calculator ✓')
  await expect(calcRow.getByRole('cell').nth(3)).toContainText('calculator ✓')
  const seedRow = tests.comparisonRows().filter({ hasText: '帮我规划并写一篇关于 AI Agent 的文章大纲' })
  await expect(seedRow.getByRole('cell').nth(1)).toContainText('none ✓')
  await expect(seedRow.getByRole('cell').nth(3)).toContainText('plan_and_write ✗')
})
