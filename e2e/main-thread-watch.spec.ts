import { expect, test } from './fixtures'
import { TASK_CPU_BOUND_MS, watchTaskCpu } from './mainThreadTasks'

/** The watch the freeze tests rely on (agent-run, evals) catches what they guard against. */
test('the main-thread watch measures a long task by its CPU time and a page that never answers as frozen', async ({ page }) => {
  const busy = await watchTaskCpu(page)
  // A fixed amount of work, not a wall-clock wait: its CPU time does not depend on the machine's load.
  const work = await page.evaluate(() => {
    const started = performance.now()
    let sum = 0
    for (let i = 0; i < 400_000_000; i++) sum += i % 7
    return { ms: performance.now() - started, sum }
  })
  const cpu = await busy.longestTaskCpu()
  expect(work.sum).toBeGreaterThan(0)
  expect(cpu).toBeGreaterThan(TASK_CPU_BOUND_MS)

  const idle = await watchTaskCpu(page)
  await page.waitForTimeout(300)
  expect(await idle.longestTaskCpu()).toBeLessThan(TASK_CPU_BOUND_MS)

  const frozen = await watchTaskCpu(page)
  await page.evaluate(() => {
    setTimeout(() => {
      for (;;);
    }, 50)
  })
  await page.waitForTimeout(300)
  expect(await frozen.longestTaskCpu()).toBe(Infinity)
})
