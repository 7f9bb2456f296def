/**
 * Big imports in slices (issue 36 item 3): importing 466 public-style skills as a folder holds
 * the page for no long task (under LONGEST_TASK_MS; PerformanceObserver's long tasks, from the pick to the
 * report); a zip of 20,000 entries is measured the same way; both show how far they have come,
 * and a cancelled import keeps nothing of it and loses nothing of the workspace.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { strToU8, zipSync } from 'fflate'
import { publicStyleSkills } from './publicStyleSkills'

/**
 * Issue 36's goal is no task over 100 ms, held by the bench (scripts/importBench.ts) on a quiet
 * machine. A task here is timed by the wall clock in a browser that shares two cores with the
 * other test workers, so it includes waiting for a core (docs/bench.md); this bound is well under
 * the single tasks of a second and more the import was, and over what waiting adds.
 */
const LONGEST_TASK_MS = 400
/**
 * A zip of 20,000 files does not meet that goal yet (docs/bench.md: the render that adds twenty
 * thousand skills, and the collection of what unpacking them left): this bound keeps it from
 * sliding back to the single task of several seconds it was, with room for a busy machine,
 * and the bench holds it to the goal.
 */
const ZIP_LONGEST_TASK_MS = 2000

interface Watched {
  longTasks: { start: number; duration: number }[]
  picked: { at: number; handled: number }[]
}

/**
 * Long tasks from here on, and each file pick: when the input's change event came and when the
 * next task could start. The task that delivers the picked files is the browser's (Playwright
 * hands it hundreds of files, as a file dialog does): it is left out of the long tasks, and the
 * page's own part of it (the change handler, to the next task) is measured by itself.
 */
async function watchLongTasks(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as Watched
    w.longTasks = []
    w.picked = []
    new PerformanceObserver((list) =>
      list.getEntries().forEach((entry) => w.longTasks.push({ start: entry.startTime, duration: entry.duration })),
    ).observe({ type: 'longtask' })
    document.addEventListener(
      'change',
      () => {
        const pick = { at: performance.now(), handled: Number.MAX_SAFE_INTEGER }
        w.picked.push(pick)
        const channel = new MessageChannel()
        channel.port1.onmessage = () => (pick.handled = performance.now())
        channel.port2.postMessage(null)
      },
      true,
    )
  })
}

/** The longest task of the page's own since `watchLongTasks`, and how long its change handlers held the page. */
async function longestTask(page: Page): Promise<{ longest: number; count: number; handlers: number }> {
  const { longTasks, picked } = await page.evaluate(() => {
    const w = window as unknown as Watched
    return { longTasks: w.longTasks, picked: w.picked }
  })
  const ours = longTasks.filter((task) => !picked.some((pick) => pick.at >= task.start && pick.at <= task.start + task.duration))
  return {
    longest: Math.max(0, ...ours.map((task) => task.duration)),
    count: ours.length,
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
      await watchLongTasks(page)
      await page.getByLabel('Import folder files').setInputFiles(folder)
      const status = page.getByRole('status').filter({ hasText: /Imported 466 skills/ })
      await expect(status).toBeVisible({ timeout: 90_000 })
      await page.waitForTimeout(1500)
      const tasks = await longestTask(page)
      console.log(
        `466 public-style skills: ${tasks.count} tasks over 50 ms, longest ${Math.round(tasks.longest)} ms; the pick's handler ${Math.round(tasks.handlers)} ms`,
      )
      expect(tasks.longest).toBeLessThanOrEqual(LONGEST_TASK_MS)
      expect(tasks.handlers).toBeLessThanOrEqual(LONGEST_TASK_MS)
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })

  test('a zip of 20,000 entries: no task over two seconds, progress shown, and Cancel keeps nothing of it', async ({ page }) => {
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

      await watchLongTasks(page)
      await page.getByLabel('Import files').setInputFiles(zip)
      await expect(progress).toBeVisible()
      await expect(page.getByRole('status').filter({ hasText: /Imported 20,?000 skills/ })).toBeVisible({ timeout: 100_000 })
      await page.waitForTimeout(1500)
      const tasks = await longestTask(page)
      console.log(
        `20,000-entry zip: ${tasks.count} tasks over 50 ms, longest ${Math.round(tasks.longest)} ms; the pick's handler ${Math.round(tasks.handlers)} ms`,
      )
      expect(tasks.longest).toBeLessThanOrEqual(ZIP_LONGEST_TASK_MS)
      expect(tasks.handlers).toBeLessThanOrEqual(LONGEST_TASK_MS)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
