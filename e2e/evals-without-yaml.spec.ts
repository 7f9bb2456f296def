import { en } from '../src/ui/i18n/en'
import { zh } from '../src/ui/i18n/zh'
import { expect, test } from './fixtures'

// Issue 35 item 3: a product manager adds eval cases without writing YAML — from a run and in the
// Evals tab — and they run. English is selected (the names tests select); the Chinese names are
// checked at the end from the same catalog the page uses.
test('eval cases without YAML: saved from a run, added, edited and deleted in the Evals tab, and they run', async ({
  page,
  routing,
  run,
}) => {
  test.setTimeout(60_000)
  const evals = page.getByRole('region', { name: 'Evals' })
  const cases = evals.getByRole('region', { name: 'Eval cases' })

  await test.step("the team's evals.yaml holds only a comment; the refund template brings its own eval cases", async () => {
    await page.getByRole('button', { name: 'Skip the guide' }).click()
    // An import takes a skill with it: a quiet one beside the examples, and the evals in place of theirs.
    await page.getByLabel('Import files').setInputFiles([
      { name: 'evals.yaml', mimeType: 'text/yaml', buffer: Buffer.from("# Our team's evals.\n") },
      { name: 'quiet.md', mimeType: 'text/markdown', buffer: Buffer.from('---\nname: quiet\ndescription: Says nothing.\n---\nQuiet.\n') },
    ])
    await page.getByRole('dialog', { name: 'Name clash' }).getByRole('button', { name: 'Replace' }).click()
    await page.getByRole('button', { name: '+ New' }).click()
    await page.getByRole('dialog', { name: 'New skill' }).getByRole('button', { name: 'Customer service: refund policy' }).click()
    await page.getByRole('tab', { name: 'Evals' }).click()
    await expect(cases).toContainText('3 cases in evals.yaml')
  })

  await test.step('Save as eval case proposes the skill, the tool called and a phrase of the answer, each editable or removable', async () => {
    await routing.utterance.fill('I want a refund')
    await run.run()
    await run.open()
    await expect(run.step('Final answer')).toBeVisible()
    await expect(run.step('Tool call')).toContainText('search_knowledge')
    await run.trace.getByRole('button', { name: 'Save as eval case' }).click()
    const form = run.trace.getByRole('form', { name: 'Save this run as an eval case' })
    await expect(form.getByRole('textbox', { name: 'Case name' })).toHaveValue('refund-policy: I want a refund (2)')
    await expect(form.getByRole('textbox', { name: 'User message' })).toHaveValue('I want a refund')
    await expect(form.getByRole('combobox', { name: 'Expected skill' })).toHaveValue('refund-policy')
    await expect(form.getByRole('combobox', { name: 'Tool called' })).toHaveValue('search_knowledge')
    // A phrase of the answer is proposed (here a number the knowledge base's passages give).
    await expect(form.getByRole('textbox', { name: 'Answer contains' })).not.toHaveValue('')
    await form.getByRole('button', { name: 'Remove assertion: Answer contains' }).click()
    await expect(form.getByRole('textbox', { name: 'Answer contains' })).toHaveCount(0)
    await form.getByRole('textbox', { name: 'Case name' }).fill('refund from the run')
    await form.getByRole('button', { name: 'Save case' }).click()
    await expect(run.trace.getByRole('status').filter({ hasText: 'Saved "refund from the run" to evals.yaml' })).toBeVisible()
    await expect(form).toHaveCount(0)
  })

  await test.step('the Evals tab adds a case with a form: a skill chosen, an assertion added', async () => {
    await page.getByRole('tab', { name: 'Evals' }).click()
    await expect(cases).toContainText('4 cases in evals.yaml')
    await cases.getByRole('button', { name: 'Add case' }).click()
    const form = cases.getByRole('form', { name: 'New eval case' })
    await form.getByRole('textbox', { name: 'Case name' }).fill('refund returns')
    await form.getByRole('textbox', { name: 'User message' }).fill('what is your return policy')
    // A name is needed, and each case has its own.
    await form.getByRole('textbox', { name: 'Case name' }).fill('refund from the run')
    await form.getByRole('button', { name: 'Save case' }).click()
    await expect(form.getByRole('alert')).toContainText('Another case is already named "refund from the run"')
    await form.getByRole('textbox', { name: 'Case name' }).fill('refund returns')
    await form.getByRole('combobox', { name: 'Expected skill' }).selectOption('refund-policy')
    await form.getByRole('combobox', { name: 'Kind of assertion to add' }).selectOption({ label: 'Tool not called' })
    await form.getByRole('button', { name: 'Add assertion' }).click()
    await form.getByRole('combobox', { name: 'Tool not called' }).fill('execute_sql')
    await form.getByRole('button', { name: 'Save case' }).click()
    await expect(form).toHaveCount(0)
    await expect(cases).toContainText('5 cases in evals.yaml')
  })

  await test.step('a case is edited in the form, and a delete can be undone', async () => {
    await cases.getByRole('button', { name: 'Edit case refund returns' }).click()
    const form = cases.getByRole('form', { name: 'Edit eval case' })
    await expect(form.getByRole('combobox', { name: 'Tool not called' })).toHaveValue('execute_sql')
    await form.getByRole('combobox', { name: 'Kind of assertion to add' }).selectOption({ label: 'Tool called' })
    await form.getByRole('button', { name: 'Add assertion' }).click()
    await form.getByRole('combobox', { name: 'Tool called' }).fill('search_knowledge')
    await form.getByRole('button', { name: 'Save case' }).click()
    await expect(form).toHaveCount(0)
    await cases.getByRole('button', { name: 'Delete case refund-policy: good morning' }).click()
    await expect(cases).toContainText('4 cases in evals.yaml')
    await cases.getByRole('button', { name: 'Undo' }).click()
    await expect(cases).toContainText('5 cases in evals.yaml')
  })

  await test.step('every case runs and passes with the scripted model', async () => {
    await expect(evals).toContainText('5 cases × 1 trial = 5 runs')
    await evals.getByRole('button', { name: 'Run evals' }).click()
    await expect(evals.getByRole('status').filter({ hasText: 'cases passed every trial' })).toHaveText('5 of 5 cases passed every trial', {
      timeout: 30_000,
    })
    const table = evals.getByRole('table', { name: 'Eval results' })
    await expect(table.getByRole('row', { name: /refund returns/ })).toContainText('1/1 · 100%')
    await expect(table.getByRole('row', { name: /refund from the run/ })).toContainText('1/1 · 100%')
  })

  await test.step('in the Chinese interface the same controls have Chinese names', async () => {
    await page.getByRole('combobox', { name: en.header.language }).selectOption('zh')
    const zhCases = page.getByRole('region', { name: zh.evalForm.cases })
    await expect(zhCases.getByRole('button', { name: zh.evalForm.addCase })).toBeVisible()
    await expect(zhCases.getByRole('button', { name: zh.evalForm.editCase.replace('{{name}}', 'refund returns') })).toBeVisible()
    await zhCases.getByRole('button', { name: zh.evalForm.addCase }).click()
    const form = zhCases.getByRole('form', { name: zh.evalForm.newTitle })
    await expect(form.getByRole('textbox', { name: zh.evalForm.name })).toBeVisible()
    await expect(form.getByRole('combobox', { name: zh.evalForm.kinds.skill })).toBeVisible()
    await expect(form.getByRole('button', { name: zh.evalForm.save })).toBeVisible()
    await page.getByRole('tab', { name: zh.tabs.run }).click()
    await expect(page.getByRole('button', { name: zh.evalForm.fromRun })).toBeVisible()
  })
})

// The review of issue 35: an open Edit form remembers its case by its line and its name, so deleting
// a case above it cannot make Save write over the case that moves onto that line; a message with a
// line break stays one turn; the delete's Undo is offered only while the file is as the delete left it.
test('an open Edit form saves its own case after a case above it is deleted, and a message with a line break stays one turn', async ({
  page,
}) => {
  const cases = page.getByRole('region', { name: 'Evals' }).getByRole('region', { name: 'Eval cases' })
  const item = (name: string) => cases.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) })
  await page.getByRole('button', { name: 'Skip the guide' }).click()
  const evals = ['alpha', 'bravo', 'charlie'].map((name, at) => `  - name: ${name}\n    utterance: message ${at + 1}\n`).join('')
  // An import takes a skill with it: a quiet one, and the evals in place of the examples'.
  await page.getByLabel('Import files').setInputFiles([
    { name: 'evals.yaml', mimeType: 'text/yaml', buffer: Buffer.from(`cases:\n${evals}`) },
    { name: 'quiet.md', mimeType: 'text/markdown', buffer: Buffer.from('---\nname: quiet\ndescription: Says nothing.\n---\nQuiet.\n') },
  ])
  await page.getByRole('dialog', { name: 'Name clash' }).getByRole('button', { name: 'Replace' }).click()
  await page.getByRole('tab', { name: 'Evals' }).click()
  await expect(cases).toContainText('3 cases in evals.yaml')

  await cases.getByRole('button', { name: 'Edit case bravo' }).click()
  const form = cases.getByRole('form', { name: 'Edit eval case' })
  await form.getByRole('textbox', { name: 'User message', exact: true }).fill('message 2\nwith a second line')
  // Deleted above the open form: charlie now starts on the line bravo started on.
  await cases.getByRole('button', { name: 'Delete case alpha' }).click()
  await expect(cases).toContainText('2 cases in evals.yaml')
  await expect(cases.getByRole('button', { name: 'Undo' })).toBeVisible()
  await form.getByRole('button', { name: 'Save case' }).click()
  await expect(form).toHaveCount(0)
  await expect(item('bravo')).toContainText('with a second line')
  await expect(item('charlie')).toContainText('message 3')
  await expect(cases).toContainText('2 cases in evals.yaml')
  // The file changed since the delete: putting it back as it was would undo the save too.
  await expect(cases.getByRole('status')).toContainText('Deleted the case "alpha"')
  await expect(cases.getByRole('button', { name: 'Undo' })).toHaveCount(0)

  await item('bravo').getByRole('button', { name: 'Edit case bravo' }).click()
  await expect(form.getByRole('textbox', { name: 'User message', exact: true })).toHaveValue('message 2\nwith a second line')
  await expect(form.getByRole('textbox', { name: 'User message 2' })).toHaveCount(0)
})
