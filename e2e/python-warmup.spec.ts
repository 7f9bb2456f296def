/**
 * Python ready before it is asked for (docs/skill-code.md, "A ready Python"): with a skill with
 * code in the workspace, the page starts Python in its worker once it is idle, without any click;
 * the first Run code then waits for no start, and neither does the next one.
 */
import { expect, test } from './fixtures'

test.setTimeout(120_000)

test('the page starts Python when idle: the first Run code after idle and a warm one are quick', async ({ page }) => {
  // No click on anything yet: the worker starts on its own, once the page is idle.
  const worker = await page.waitForEvent('worker', { predicate: (started) => /pythonWorker/.test(started.url()), timeout: 30_000 })
  expect(worker.url()).toMatch(/pythonWorker/)

  await page
    .getByRole('listbox', { name: 'Skills' })
    .getByRole('option', { name: /add-calc/ })
    .click()
  const panel = page.getByRole('region', { name: 'Skill code' })
  // Bounded: Python's start on a busy two-core machine, counted from the page's first idle moment.
  await expect(panel.getByRole('status').filter({ hasText: 'Python ready' })).toBeVisible({ timeout: 60_000 })
  await panel.getByRole('textbox', { name: 'numbers' }).fill('3, 5, 8')
  const result = panel.getByRole('region', { name: 'Code result' })

  const first = Date.now()
  await panel.getByRole('button', { name: 'Run code' }).click()
  await expect(result).toContainText('3 + 5 + 8 = 16', { timeout: 3_000 })
  const firstMs = Date.now() - first

  // The run used the ready Python; the next one starts at once and says when it is ready.
  await expect(panel.getByRole('status').filter({ hasText: 'Python ready' })).toBeVisible({ timeout: 60_000 })
  await panel.getByRole('textbox', { name: 'numbers' }).fill('1, 2')
  const warm = Date.now()
  await panel.getByRole('button', { name: 'Run code' }).click()
  await expect(result).toContainText('1 + 2 = 3', { timeout: 3_000 })
  const warmMs = Date.now() - warm
  test.info().annotations.push({ type: 'python-run-ms', description: `first after idle ${firstMs} ms, warm ${warmMs} ms` })
  console.log(`Run code: first after idle ${firstMs} ms, warm ${warmMs} ms`)
})
