/**
 * Big imports in slices (issue 36 item 3): importing 466 public-style skills as a folder holds
 * the page for no long task (each main-thread task's CPU time under LONGEST_TASK_CPU_MS, from a
 * DevTools trace between the pick and the report); a zip of 20,000 entries is held to the same
 * bound; both show how far they have come, and a cancelled import keeps nothing of it and loses
 * nothing of the workspace.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { strToU8, zipSync } from 'fflate'
import { PICK_STAMP, startTaskTrace, stopTaskTrace, type MainThreadTask } from './mainThreadTasks'
import { publicStyleSkills } from './publicStyleSkills'

/**
 * Issue 36's goal is no task over 100 ms, held by the bench (scripts/importBench.ts) on a quiet
 * machine. Here a task is measured by its thread CPU time, not the wall clock: CI runs two
 * browsers on two cores, and a task's wall time there is mostly waiting for a core (docs/bench.md,
 * "How an import's longest task is measured"). The bound
 * leaves room for a CPU slowed by its neighbour's caches, and stays well under the single long
 * tasks the import was before it worked in slices (docs/bench.md).
 */
const LONGEST_TASK_CPU_MS = 150
/**
 * The pick's change handler, up to the next task, is timed by the page's clock (the trace cannot
 * split the browser's delivery of the files from the page's handler in that one task).
 */
const HANDLER_WALL_MS = 400

interface Watched {
  picked: { at: number; handled: number }[]
}

/**
 * The page's tasks from here on (a trace), and each file pick: stamped into the trace, and timed
 * from the input's change event to when the next task could start.
 */
async function watchTasks(page: Page) {
  const browser = page.context().browser()
  if (!browser) throw new Error('the import is traced in a launched browser')
  await startTaskTrace(browser, page)
  await page.evaluate((stamp) => {
    const w = window as unknown as Watched
    w.picked = []
    document.addEventListener(
      'change',
      () => {
        console.timeStamp(stamp)
        const pick = { at: performance.now(), handled: Number.MAX_SAFE_INTEGER }
        w.picked.push(pick)
        const channel = new MessageChannel()
        channel.port1.onmessage = () => (pick.handled = performance.now())
        channel.port2.postMessage(null)
      },
      true,
    )
  }, PICK_STAMP)
}

/**
 * The page's tasks since `watchTasks`, the task that delivered each pick left out: for a folder of
 * hundreds of files Chromium builds the file list there (Playwright hands them over, as a file
 * dialog does), and the page's own part of it, its change handler, is timed by itself.
 */
async function longestTask(page: Page): Promise<{ longest: MainThreadTask; count: number; handlers: number }> {
  const browser = page.context().browser()
  if (!browser) throw new Error('the import is traced in a launched browser')
  const traced = await stopTaskTrace(browser)
  // A trace without the pick's task (or without thread times) would measure nothing.
  expect(traced.filter((task) => task.pick)).toHaveLength(1)
  expect(traced.some((task) => task.cpu > 0)).toBe(true)
  const tasks = traced.filter((task) => !task.pick)
  const picked = await page.evaluate(() => (window as unknown as Watched).picked)
  const longest = tasks.reduce<MainThreadTask>((most, task) => (task.cpu > most.cpu ? task : most), { cpu: 0, wall: 0, pick: false })
  return {
    longest,
    count: tasks.filter((task) => task.cpu > 50).length,
    handlers: Math.max(0, ...picked.map((pick) => pick.handled - pick.at)),
  }
}

async function openPage(page: Page) {
  await page.addInitScript(() => localStorage.setItem('skill-playground:guide-seen', '1'))
  await page.goto('/')
  await page.getByRole('listbox', { name: 'Skills' }).waitFor()
  // The page's own start (Monaco, the tokenizer) is not the import's: let it settle first.
  await page.waitForTimeout(2500)
}

test.describe('big imports in slices', () => {
  // One after the other: each measures the page's longest task, which the other would lengthen.
  test.describe.configure({ mode: 'default', timeout: 120_000 })

  test('466 public-style skills imported as a folder: no long task, progress shown, all of them kept', async ({ page }) => {
    const folder = mkdtempSync(join(tmpdir(), 'public-style-'))
    const files = publicStyleSkills(466)
    for (const file of files) {
      mkdirSync(join(folder, 'skills', file.path, '..'), { recursive: true })
      writeFileSync(join(folder, 'skills', file.path), file.text)
    }
    try {
      await openPage(page)
      await watchTasks(page)
      await page.getByLabel('Import folder files').setInputFiles(folder)
      const status = page.getByRole('status').filter({ hasText: /Imported 466 skills/ })
      await expect(status).toBeVisible({ timeout: 90_000 })
      await page.waitForTimeout(1500)
      const tasks = await longestTask(page)
      console.log(
        `466 public-style skills: ${tasks.count} tasks over 50 ms of CPU, the longest ${Math.round(tasks.longest.cpu)} ms CPU (${Math.round(tasks.longest.wall)} ms wall); the pick's handler ${Math.round(tasks.handlers)} ms`,
      )
      expect(tasks.longest.cpu).toBeLessThanOrEqual(LONGEST_TASK_CPU_MS)
      expect(tasks.handlers).toBeLessThanOrEqual(HANDLER_WALL_MS)
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })

  test('a zip of 20,000 entries: no long task, progress shown, and Cancel keeps nothing of it', async ({ page }) => {
    const dir = mkdtempSync(join(tmpdir(), 'big-zip-'))
    const entries: Record<string, Uint8Array> = {}
    for (let i = 0; i < 20_000; i++)
      entries[`skills/s${String(i).padStart(5, '0')}/SKILL.md`] = strToU8(
        `---\nname: s${String(i).padStart(5, '0')}\ndescription: >\n  Does task ${i}.\ntrigger_keywords:\n  - task${i}\n---\nBody ${i}\n`,
      )
    const zip = join(dir, 'many.zip')
    writeFileSync(zip, zipSync(entries, { level: 6 }))
    try {
      await openPage(page)
      const skills = page.getByRole('listbox', { name: 'Skills' }).getByRole('option')
      const before = await skills.count()

      // Cancelled while it reads: nothing of it comes in, the workspace is as it was.
      await page.getByLabel('Import files').setInputFiles(zip)
      const progress = page.getByRole('progressbar', { name: 'Import progress' })
      await expect(progress).toBeVisible()
      await page.getByRole('button', { name: 'Cancel import' }).click()
      await expect(page.getByRole('status').filter({ hasText: 'Import cancelled: nothing was added.' })).toBeVisible()
      await expect(progress).toHaveCount(0)
      await page.waitForTimeout(1000)
      expect(await skills.count()).toBe(before)

      await watchTasks(page)
      await page.getByLabel('Import files').setInputFiles(zip)
      await expect(progress).toBeVisible()
      await expect(page.getByRole('status').filter({ hasText: /Imported 20,?000 skills/ })).toBeVisible({ timeout: 100_000 })
      await page.waitForTimeout(1500)
      const tasks = await longestTask(page)
      console.log(
        `20,000-entry zip: ${tasks.count} tasks over 50 ms of CPU, the longest ${Math.round(tasks.longest.cpu)} ms CPU (${Math.round(tasks.longest.wall)} ms wall); the pick's handler ${Math.round(tasks.handlers)} ms`,
      )
      expect(tasks.longest.cpu).toBeLessThanOrEqual(LONGEST_TASK_CPU_MS)
      expect(tasks.handlers).toBeLessThanOrEqual(HANDLER_WALL_MS)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
