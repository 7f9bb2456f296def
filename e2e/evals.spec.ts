import { expect, test, NAME, settled } from './fixtures'
import { TASK_CPU_BOUND_MS, watchTaskCpu } from './mainThreadTasks'

// add-calc's eval runs its skill.py: every trial starts Python in a fresh worker, seconds each on a
// busy two-core machine, hence the long waits.
test('the example evals run in the browser: a pass rate per case, labelled simulated', async ({ page }) => {
  test.setTimeout(90_000)
  await page.getByRole('tab', { name: 'Evals' }).click()
  const panel = page.getByRole('region', { name: 'Evals' })
  await expect(panel).toContainText('11 cases × 1 trial = 11 runs')
  await panel.getByRole('button', { name: 'Run evals' }).click()
  await expect(panel.getByRole('status').filter({ hasText: 'cases passed every trial' })).toHaveText('11 of 11 cases passed every trial', {
    timeout: 60_000,
  })
  await expect(panel.getByText('simulated', { exact: true })).toBeVisible()
  const table = panel.getByRole('table', { name: 'Eval results' })
  await expect(table.getByRole('row', { name: /calculator computes a power exactly/ })).toContainText('1/1 · 100%')
})

test('A/B: a saved version of a skill against its current text, with differences beyond noise marked', async ({ page, editor }) => {
  test.setTimeout(180_000)
  await page.getByRole('option', { name: /calculator/ }).click({ position: NAME })
  await page.getByRole('button', { name: 'Save version' }).click()
  await page.getByRole('textbox', { name: 'Version label' }).fill('good')
  await page.getByRole('textbox', { name: 'Version label' }).press('Enter')
  // Break the skill: it no longer sees the calculator tool.
  await editor.endOfLine('required_tools: [calculator]')
  for (let i = 0; i < 'calculator]'.length; i++) await page.keyboard.press('Backspace')
  await page.keyboard.type('file_read]')
  await expect(editor.line('required_tools: [file_read]')).toBeVisible()

  await page.getByRole('tab', { name: 'Evals' }).click()
  const panel = page.getByRole('region', { name: 'Evals' })
  await panel.getByRole('spinbutton', { name: 'Trials' }).fill('4')
  await panel.getByRole('combobox', { name: 'Compare with' }).selectOption({ label: 'calculator/SKILL.md · saved version good' })
  await expect(panel).toContainText('11 cases × 4 trials = 88 runs')
  await panel.getByRole('button', { name: 'Run evals' }).click()
  const matrix = panel.getByRole('table', { name: 'A/B comparison' })
  await expect(matrix).toBeVisible({ timeout: 150_000 })
  const broken = matrix.getByRole('row', { name: /calculator computes a power exactly/ })
  await expect(broken).toContainText('100%')
  await expect(broken).toContainText('-100 pp')
  await expect(broken).toContainText('beyond noise')
  await expect(matrix.getByRole('row', { name: /weather answers from get_weather/ })).toContainText('0 pp')
  await expect(matrix.getByRole('row', { name: /weather answers from get_weather/ })).not.toContainText('beyond noise')
})

test("an eval's runaway regex is stopped in its worker: the case fails saying so, and the page never freezes", async ({ page }) => {
  test.setTimeout(90_000)
  // /(\d+)+y/ never matches the 34 digits the calculator is called with, and tries exponentially many ways.
  const evals = [
    '- name: runaway regexes',
    '  utterance: 计算一下 1234567890123456789012345678901234 + 1 是多少',
    '  expect:',
    "    tool_args: { calculator: { expression: '/(\\d+)+y/' } }",
    "    answer_matches: '/(\\d+)+y/'",
    '',
  ].join('\n')
  // An import takes a skill with it: a quiet one beside the examples, and the evals in place of theirs.
  await page.getByLabel('Import files').setInputFiles([
    { name: 'evals.yaml', mimeType: 'text/yaml', buffer: Buffer.from(evals) },
    { name: 'quiet.md', mimeType: 'text/markdown', buffer: Buffer.from('---\nname: quiet\ndescription: Says nothing.\n---\nQuiet.\n') },
  ])
  await page.getByRole('dialog', { name: 'Name clash' }).getByRole('button', { name: 'Replace' }).click()
  await page.getByRole('tab', { name: 'Evals' }).click()
  const panel = page.getByRole('region', { name: 'Evals' })
  await expect(panel).toContainText('1 case × 1 trial = 1 run')
  await settled(page)
  const watch = await watchTaskCpu(page)
  await panel.getByRole('button', { name: 'Run evals' }).click()
  await expect(panel.getByRole('status').filter({ hasText: 'cases passed every trial' })).toHaveText('0 of 1 cases passed every trial', {
    timeout: 30_000,
  })
  expect(await watch.longestTaskCpu()).toBeLessThan(TASK_CPU_BOUND_MS)
  const row = panel.getByRole('table', { name: 'Eval results' }).getByRole('row', { name: /runaway regexes/ })
  await row.getByText('2 failed assertions').click()
  await expect(row.getByText('ran longer than 1 s and was stopped')).toHaveCount(2)
})
