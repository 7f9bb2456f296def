/**
 * A Python that could not start is not kept (docs/skill-code.md, "A ready Python"): when the
 * page's warm-up fails (Pyodide's files cut off), the Run code panel says so, and Run code then
 * starts Python anew and runs, as the note promises.
 */
import { expect, test } from './fixtures'

test.setTimeout(120_000)

test('Run code starts Python again after the warm-up could not', async ({ page }) => {
  let refuse = true
  await page.context().route('**/pyodide/**', (route) => (refuse ? route.abort() : route.continue()))
  // The page of the fixture may have started its warm-up before the route: this load starts under it.
  await page.reload()
  await page
    .getByRole('listbox', { name: 'Skills' })
    .getByRole('option', { name: /add-calc/ })
    .click()
  const panel = page.getByRole('region', { name: 'Skill code' })
  await expect(panel.getByRole('status').filter({ hasText: 'Python could not start: Run code tries again.' })).toBeVisible({
    timeout: 60_000,
  })

  refuse = false
  await panel.getByRole('textbox', { name: 'numbers' }).fill('3, 5, 8')
  await panel.getByRole('button', { name: 'Run code' }).click()
  await expect(panel.getByRole('region', { name: 'Code result' })).toContainText('3 + 5 + 8 = 16', { timeout: 60_000 })
})
