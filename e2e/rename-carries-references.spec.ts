/**
 * Issue 35: a rename carries everything that names the skill (item 1), and the editor view survives
 * a reload (defect 7). Chips typed twice (defect 12) are the form's own: src/ui/editor/SkillForm.test.tsx.
 */
import type { Page } from '@playwright/test'
import { expect, NAME, test, type TestsView } from './fixtures'

/** The refund template brings 3 routing tests and 2 eval cases that expect it (and one that expects no skill). */
async function fromRefundTemplate(page: Page) {
  await page.getByRole('button', { name: '+ New' }).click()
  await page.getByRole('dialog', { name: 'New skill' }).getByRole('button', { name: 'Customer service: refund policy' }).click()
  await expect(page.getByRole('heading', { name: 'refund-policy/SKILL.md' })).toBeVisible()
}

/** The suite passes, every case expects a skill that exists, and the refund cases expect `name`. */
async function suitePassesFor(tests: TestsView, name: string) {
  await tests.open()
  await expect(tests.status).toContainText(/^\d+ passed, 0 failed/)
  await expect(tests.panel).not.toContainText('Cases expect skills that do not exist')
  await expect(tests.caseRows().filter({ hasText: 'I want a refund' })).toContainText(name)
  await expect(tests.caseRows().filter({ hasText: 'can I get my money back' })).toContainText(name)
}

test('renaming a templated skill from the form and from the list carries its routing tests and the fallback that names it; one Undo takes each back', async ({
  page,
  skills,
  tests,
}) => {
  await page.getByRole('button', { name: 'Skip the guide' }).click()
  await fromRefundTemplate(page)
  await suitePassesFor(tests, 'refund-policy')
  const form = page.getByRole('form', { name: 'Skill form' })

  await test.step('another skill falls back to it', async () => {
    await skills.getByRole('option', { name: /weather/ }).click({ position: NAME })
    await page.getByRole('tab', { name: 'Form', exact: true }).click()
    await form.getByRole('combobox', { name: 'Fallback skill' }).selectOption('refund-policy')
  })

  const toast = page.getByRole('status').filter({ hasText: /^Renamed to/ })
  await test.step('renamed in the form: the toast says what it updated, and the tests still pass', async () => {
    await skills.getByRole('option', { name: /refund-policy/ }).click({ position: NAME })
    const name = form.getByRole('textbox', { name: 'Name', exact: true })
    await name.fill('refund-helper')
    await name.press('Enter')
    await expect(page.getByRole('heading', { name: 'refund-helper/SKILL.md' })).toBeVisible()
    await expect(toast).toContainText("Renamed to refund-helper: 3 routing tests, 2 eval cases, 1 skill's fallback updated.")
    await suitePassesFor(tests, 'refund-helper')
    await skills.getByRole('option', { name: /weather/ }).click({ position: NAME })
    await expect(form.getByRole('combobox', { name: 'Fallback skill' })).toHaveValue('refund-helper')
  })

  await test.step('one Undo takes the whole rename back', async () => {
    await toast.getByRole('button', { name: 'Undo rename' }).click()
    await expect(toast).toHaveCount(0)
    await expect(skills.getByRole('option', { name: /refund-policy/ })).toBeVisible()
    await expect(skills.getByRole('option', { name: /refund-helper/ })).toHaveCount(0)
    await expect(form.getByRole('combobox', { name: 'Fallback skill' })).toHaveValue('refund-policy')
    await suitePassesFor(tests, 'refund-policy')
  })

  await test.step("renamed with the list's Rename: the same, and Undo again", async () => {
    const item = skills.getByRole('option', { name: /refund-policy/ })
    await item.click({ position: NAME })
    await item.getByRole('button', { name: 'Rename' }).click()
    const field = page.getByRole('textbox', { name: 'New skill name' })
    await field.fill('Refund Desk')
    await field.press('Enter')
    await expect(skills.getByRole('option', { name: /refund-desk/ })).toContainText('refund-desk/SKILL.md')
    await expect(toast).toContainText("Renamed to refund-desk: 3 routing tests, 2 eval cases, 1 skill's fallback updated.")
    await suitePassesFor(tests, 'refund-desk')
    await toast.getByRole('button', { name: 'Undo rename' }).click()
    await expect(skills.getByRole('option', { name: /refund-policy/ })).toContainText('refund-policy/SKILL.md')
    await suitePassesFor(tests, 'refund-policy')
  })
})

test('the editor view chosen last (Form or SKILL.md) is the one a reload opens', async ({ page, skills }) => {
  await page.getByRole('button', { name: 'Skip the guide' }).click()
  await skills.getByRole('option', { name: /calculator/ }).click({ position: NAME })
  await page.getByRole('tab', { name: 'Form', exact: true }).click()
  await expect(page.getByRole('form', { name: 'Skill form' })).toBeVisible()
  await page.reload()
  await skills.getByRole('option', { name: /weather/ }).click({ position: NAME })
  await expect(page.getByRole('tab', { name: 'Form', exact: true })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('form', { name: 'Skill form' }).getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('weather')
  // And back: SKILL.md chosen, SKILL.md after the next reload.
  await page.getByRole('tab', { name: 'SKILL.md' }).click()
  await page.reload()
  await skills.getByRole('option', { name: /weather/ }).click({ position: NAME })
  await expect(page.getByRole('tab', { name: 'SKILL.md' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('form', { name: 'Skill form' })).toHaveCount(0)
})
