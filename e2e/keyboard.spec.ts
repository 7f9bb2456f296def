/**
 * The page with the keyboard alone (issue 35 defect 6): Tab indents in the editor, Esc then Tab
 * leaves it (Ctrl+M makes every Tab leave), the hint under the editor says so in the interface's
 * language, and the test utterance, Run and the view tabs follow in a sensible order.
 */
import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures'

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails after `limit` presses. */
async function tabTo(page: Page, target: Locator, { limit, back = false }: { limit: number; back?: boolean }): Promise<number> {
  await target.waitFor()
  for (let presses = 1; presses <= limit; presses++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
    if (await target.evaluate((element) => element === document.activeElement)) return presses
  }
  throw new Error(`Not reached in ${limit} presses of ${back ? 'Shift+Tab' : 'Tab'}`)
}

const editorBox = (page: Page) => page.getByRole('region', { name: 'Editor' }).getByRole('textbox', { name: 'SKILL.md editor' })

test('keyboard only: Tab indents in the editor, Esc then Tab leaves it, and the utterance, Run and the view tabs follow', async ({
  page,
  routing,
  run,
}) => {
  const editor = editorBox(page)
  await tabTo(page, editor, { limit: 40 })
  const hint = page.getByText('Tab indents here. To leave the editor: Esc, then Tab')
  await expect(hint).toBeVisible()
  await expect(editor).toHaveAccessibleDescription(/To leave the editor: Esc, then Tab/)

  // Tab alone indents: the focus stays.
  await page.keyboard.press('Tab')
  await expect(editor).toBeFocused()
  // Esc, then Tab: out of the editor, on to the test panel (past the skill's Run code form, if it has one).
  await page.keyboard.press('Escape')
  await page.keyboard.press('Tab')
  await expect(editor).not.toBeFocused()
  await tabTo(page, routing.utterance, { limit: 6 })
  await page.keyboard.type('计算一下 2^20 是多少')

  // The model, routing mode and tool-call settings, then Run, then the view tabs, moved with the arrows.
  await tabTo(page, run.runButton, { limit: 10 })
  await page.keyboard.press('Tab')
  const routingTab = page.getByRole('tab', { name: 'Routing', exact: true })
  await expect(routingTab).toBeFocused()
  await page.keyboard.press('ArrowRight')
  const testsTab = page.getByRole('tab', { name: 'Tests', exact: true })
  await expect(testsTab).toBeFocused()
  await expect(testsTab).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('region', { name: 'Routing tests' })).toBeVisible()
  await page.keyboard.press('End')
  await expect(page.getByRole('tab', { name: 'Problems', exact: true })).toBeFocused()
  await page.keyboard.press('ArrowRight')
  await expect(routingTab).toBeFocused()

  // Back to Run and run it, still without the mouse.
  await page.keyboard.press('Shift+Tab')
  await expect(run.runButton).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(run.step('Final answer')).toContainText('1048576', { timeout: 30_000 })
})

test('Esc then Shift+Tab leaves the editor backwards; Ctrl+M makes every Tab leave it, and the hint says so', async ({ page }) => {
  const editor = editorBox(page)
  await tabTo(page, editor, { limit: 40 })
  await page.keyboard.press('Escape')
  await page.keyboard.press('Shift+Tab')
  await expect(editor).not.toBeFocused()
  // One Tab forward is the editor again, and a key other than Tab ends the Esc: Tab indents again.
  await page.keyboard.press('Tab')
  await expect(editor).toBeFocused()
  await page.keyboard.press('End')
  await page.keyboard.press('Tab')
  await expect(editor).toBeFocused()

  await page.keyboard.press('Control+m')
  await expect(page.getByText('Tab moves focus out of the editor; Ctrl+M makes it indent again.')).toBeVisible()
  await page.keyboard.press('Tab')
  await expect(editor).not.toBeFocused()
  await page.keyboard.press('Shift+Tab')
  await expect(editor).toBeFocused()
  await page.keyboard.press('Control+m')
  await expect(page.getByText('Tab indents here. To leave the editor: Esc, then Tab')).toBeVisible()
})

test('the first Tab offers a way straight to the test utterance', async ({ page, routing }) => {
  await page.keyboard.press('Tab')
  const skip = page.getByRole('button', { name: 'Skip to the test utterance' })
  await expect(skip).toBeFocused()
  await expect(skip).toBeInViewport()
  await page.keyboard.press('Enter')
  await expect(routing.utterance).toBeFocused()
})

test.describe('in Chinese', () => {
  test.use({ locale: 'zh-CN' })

  test('the editor’s keyboard hint and the way to the test utterance are in Chinese', async ({ page }) => {
    await page.keyboard.press('Tab')
    await expect(page.getByRole('button', { name: '跳到测试语句' })).toBeFocused()
    // The editor mounts once the page is idle; its hint comes with it.
    await expect(page.getByText('离开编辑器：先按 Esc 再按 Tab')).toBeVisible({ timeout: 15_000 })
  })
})
