import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, test, NAME } from './fixtures'

/** The selected skill's SKILL.md as Export gives it. */
async function exportedSkill(page: Page): Promise<string> {
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export' }).click()
  await page.getByRole('menuitem', { name: "This skill's SKILL.md" }).click()
  return readFile(await (await download).path(), 'utf8')
}

test('the form edits one field at a time: chips split on full-width commas, the file keeps its comments, undo takes it back', async ({
  page,
  skills,
}) => {
  await skills.getByRole('option', { name: /plan_and_write/ }).click({ position: NAME })
  await page.getByRole('tab', { name: 'Form', exact: true }).click()
  const form = page.getByRole('form', { name: 'Skill form' })
  const keywords = form.getByRole('textbox', { name: 'Trigger keywords' })
  await keywords.fill('提纲，大纲、')
  await expect(form.getByRole('list', { name: 'Keywords' })).toContainText('提纲')
  await keywords.fill('规划')
  await keywords.press('Enter')
  // A repeat is not added twice; a keyword inside another is flagged on its chip.
  await expect(form.getByRole('listitem').filter({ hasText: /^规划/ }).first()).toContainText('inside')

  // Byte for byte: the new items join the block list, and nothing else in the file moved.
  const original = await readFile(join(import.meta.dirname, '../skills/plan_and_write/SKILL.md'), 'utf8')
  expect(await exportedSkill(page)).toBe(original.replace('  - outline\n', '  - outline\n  - 提纲\n  - 大纲\n'))

  await form.getByRole('button', { name: 'Undo' }).click()
  await expect(form.getByRole('list', { name: 'Keywords' })).not.toContainText('提纲')
  expect(await exportedSkill(page)).toBe(original)
})

test('typing fast in the form keeps every character, with the editor open on the same skill', async ({ page, skills, editor }) => {
  await skills.getByRole('option', { name: /weather/ }).click({ position: NAME })
  // The editor has the skill open (its model follows every change the form makes).
  await expect(editor.line('name: weather')).toBeVisible()
  await page.getByRole('tab', { name: 'Form', exact: true }).click()
  const description = page.getByRole('form', { name: 'Skill form' }).getByRole('textbox', { name: 'Description' })
  const before = await description.inputValue()
  await description.click()
  await page.keyboard.press('Control+End')
  await page.keyboard.type('，也可以查询明天的天气 and tomorrow')
  await expect(description).toHaveValue(before + '，也可以查询明天的天气 and tomorrow')
  await page.waitForTimeout(500)
  await expect(description).toHaveValue(before + '，也可以查询明天的天气 and tomorrow')
  expect(await exportedSkill(page)).toContain('，也可以查询明天的天气 and tomorrow')
})

test('full-width commas in a YAML keyword list are an error with a quick fix that splits them', async ({ page, editor, skills }) => {
  await skills.getByRole('option', { name: /weather/ }).click({ position: NAME })
  await editor.line('trigger_keywords: [').click()
  await page.keyboard.press('Home')
  for (let i = 0; i < 'trigger_keywords: ['.length; i++) await page.keyboard.press('ArrowRight')
  await page.keyboard.type('退款，退货, ')
  await page.getByRole('tab', { name: /Problems/ }).click()
  const problems = page.getByRole('region', { name: 'Problems' })
  await expect(problems).toContainText('"退款，退货" is one keyword')
  await expect(problems).toContainText('quick fix: Split into 2 keywords')
})

test('routing hints: a keyword that makes the skill win, one click to add it, and the utterance kept as a test case', async ({
  page,
  routing,
  skills,
  tests,
}) => {
  await skills.getByRole('option', { name: /plan_and_write/ }).click({ position: NAME })
  await routing.utterance.fill('请帮我把年度计划规划成三个阶段')
  const hints = page.getByRole('region', { name: 'Routing hints' })
  const add = hints.getByRole('button', { name: /^Add keyword/ }).first()
  await expect(add).toBeVisible()
  await add.click()
  await expect(routing.winnerRow().getByRole('rowheader')).toHaveText('plan_and_write')
  await expect(hints).toContainText('plan_and_write wins this message')

  await hints.getByRole('button', { name: /^Test case expects:/ }).click()
  await hints.getByRole('menuitemradio', { name: 'plan_and_write' }).click()
  await hints.getByRole('button', { name: 'Add as test case expecting plan_and_write' }).click()
  await tests.open()
  await expect(tests.cases).toContainText('请帮我把年度计划规划成三个阶段')
  await expect(tests.status).toContainText(', 0 failed')
})

test('another skill that wins is named with what it matched', async ({ page, routing, skills }) => {
  await skills.getByRole('option', { name: /calculator/ }).click({ position: NAME })
  await routing.utterance.fill('我想了解一下 RAG 是什么')
  const hints = page.getByRole('region', { name: 'Routing hints' })
  await expect(hints).toContainText('search_rag wins instead')
  await hints.getByRole('button', { name: 'Open search_rag' }).click()
  await expect(page.getByRole('heading', { name: 'search_rag/SKILL.md' })).toBeVisible()
})

test('Ctrl+S saves and says so; Share stays a button', async ({ page }) => {
  // "Saved ✓" shows for a second and a half. On the page's stopped clock it is surely there however
  // slowly a busy machine delivers the keys (CI once saw only its end), and it goes when that time has run.
  await page.clock.install()
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 60_000)
  await page.getByRole('textbox', { name: 'Test utterance' }).click()
  await page.keyboard.press('Control+s')
  const status = page.getByRole('status', { name: 'Autosave' })
  await expect(status).toHaveText('Saved ✓')
  await page.clock.runFor(1_000)
  await expect(status).toHaveText('Saved ✓')
  await page.clock.runFor(600)
  await expect(status).toHaveText('Saved')
  await expect(page.getByRole('dialog', { name: 'Share' })).toHaveCount(0)
})

test('rename slugs the name and shows the folder it will get', async ({ page, skills }) => {
  await skills.getByRole('option', { name: /weekly_report/ }).click({ position: NAME })
  await skills
    .getByRole('option', { name: /weekly_report/ })
    .getByRole('button', { name: 'Rename' })
    .click()
  const field = page.getByRole('textbox', { name: 'New skill name' })
  await field.fill('Weekly Report 2')
  await expect(page.getByText('Becomes weekly-report-2/SKILL.md with name: weekly-report-2')).toBeVisible()
  await field.press('Enter')
  await expect(skills.getByRole('option', { name: /weekly-report-2/ })).toContainText('weekly-report-2/SKILL.md')
})

test('restoring a version while its diff is open keeps the diff and throws nothing', async ({ page, editor }) => {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.getByRole('option', { name: /calculator/ }).click({ position: NAME })
  await page.getByRole('button', { name: 'Save version' }).click()
  await page.getByRole('textbox', { name: 'Version label' }).press('Enter')
  await editor.endOfLine('max_rounds: 3')
  await page.keyboard.press('Backspace')
  await page.keyboard.type('8')
  await page.getByRole('button', { name: 'Versions (1)' }).click()
  const dialog = page.getByRole('dialog', { name: 'Versions' })
  await dialog.getByRole('button', { name: 'Diff with current' }).click()
  await dialog.getByRole('button', { name: 'Restore' }).first().click()
  await expect(dialog.getByRole('region', { name: 'Diff' })).toBeVisible()
  await expect(dialog).toContainText('same as current')
  await dialog.getByRole('button', { name: 'Close' }).click()
  await editor.line('max_rounds: 3').click()
  await page.keyboard.press('Control+.')
  await page.keyboard.press('Escape')
  expect(errors).toEqual([])
})

test('in LLM routing mode the Routing tab says the table is keyword routing', async ({ page, run }) => {
  await run.routingMode.selectOption('llm')
  await expect(page.getByRole('note').filter({ hasText: 'This table is keyword routing' })).toContainText('LLM routing')
})

test('the score help explains the numbers of the current message', async ({ page, routing, skills }) => {
  await skills.getByRole('option', { name: /plan_and_write/ }).click({ position: NAME })
  await routing.utterance.fill('帮我规划并写一篇关于 AI Agent 的文章大纲')
  await page.getByRole('button', { name: 'Help' }).click()
  await page.getByRole('menuitem', { name: 'How the score works' }).click()
  const help = page.getByRole('dialog', { name: 'How the score works' })
  await expect(help).toContainText('4 of 25 characters covered = 0.160')
  await expect(help).toContainText('× 1.3 = 0.208')
  await expect(help).toContainText('at least 6 of the 25 characters')
  await expect(help).toContainText('Glossary')
})

test('a name changed in SKILL.md can move the folder too, not only be set back', async ({ page, editor, skills }) => {
  await skills.getByRole('option', { name: /meeting-notes/ }).click({ position: NAME })
  await editor.endOfLine('name: meeting-notes')
  await page.keyboard.type('-v2')
  const problems = page.getByRole('list', { name: 'Problems' })
  await problems.getByRole('button', { name: 'Rename the folder to "meeting-notes-v2"' }).click()
  await expect(page.getByRole('heading', { name: 'meeting-notes-v2/SKILL.md' })).toBeVisible()
  await expect(problems.getByRole('button', { name: /Rename the folder/ })).toHaveCount(0)
})
