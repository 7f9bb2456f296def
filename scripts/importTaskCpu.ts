/**
 * The main thread's tasks while a 20,000-entry zip is imported, by thread CPU as well as wall time
 * (docs/bench.md): a DevTools trace of the import in headless Chromium, each task of the page's
 * main thread with its wall time and its thread CPU time (e2e/mainThreadTasks.ts). On two shared
 * cores a task's wall time mostly measures the neighbours; its CPU time is the page's own work.
 *
 * `BENCH_DIST=<folder> tsx scripts/importTaskCpu.ts [rounds]` measures a production build made
 * before (`vite build --outDir <folder>`), so two builds (before and after a change) can be
 * measured side by side without writing dist/, which the e2e runs share.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { strToU8, zipSync } from 'fflate'
import { chromium } from 'playwright-core'
import { preview } from 'vite'
import { startTaskTrace, stopTaskTrace } from '../e2e/mainThreadTasks'

const root = join(import.meta.dirname, '..')
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const dist = process.env.BENCH_DIST
if (!dist || !existsSync(join(dist, 'index.html'))) {
  console.log('usage: BENCH_DIST=<a production build> tsx scripts/importTaskCpu.ts [rounds]')
  process.exit(2)
}
const rounds = Number(process.argv[2] ?? 1)

const work = mkdtempSync(join(tmpdir(), 'import-cpu-'))
const entries: Record<string, Uint8Array> = {}
for (let i = 0; i < 20_000; i++)
  entries[`skills/s${String(i).padStart(5, '0')}/SKILL.md`] = strToU8(
    `---\nname: s${String(i).padStart(5, '0')}\ndescription: >\n  Does task ${i}.\ntrigger_keywords:\n  - task${i}\n---\nBody ${i}\n`,
  )
const zip = join(work, 'many.zip')
writeFileSync(zip, zipSync(entries, { level: 6 }))

const server = await preview({ root, logLevel: 'error', preview: { port: 0, host: '127.0.0.1' }, build: { outDir: dist } })
const url = server.resolvedUrls?.local[0] ?? ''
const browser = await chromium.launch({ executablePath, args: ['--disable-background-networking', '--disable-component-update'] })

async function measure() {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
  try {
    await page.addInitScript(() => localStorage.setItem('skill-playground:guide-seen', '1'))
    await page.goto(url)
    await page.getByRole('listbox', { name: 'Skills' }).waitFor()
    await page.waitForTimeout(2500)
    await startTaskTrace(browser, page)
    const started = Date.now()
    await page.getByLabel('Import files').setInputFiles(zip)
    await page
      .getByRole('status')
      .filter({ hasText: /Imported 20,?000 skills/ })
      .waitFor({ timeout: 300_000 })
    const took = Date.now() - started
    await page.waitForTimeout(1500)
    const tasks = await stopTaskTrace(browser)
    const byCpu = [...tasks].sort((a, b) => b.cpu - a.cpu)
    return {
      'done in (ms)': took,
      'tasks over 50 ms wall': tasks.filter((task) => task.wall > 50).length,
      'longest wall (ms)': Math.round(Math.max(0, ...tasks.map((task) => task.wall))),
      'tasks over 50 ms CPU': tasks.filter((task) => task.cpu > 50).length,
      'tasks over 100 ms CPU': tasks.filter((task) => task.cpu > 100).length,
      'most CPU in a task (ms)': Math.round(byCpu[0]?.cpu ?? 0),
      'top 5 by CPU (cpu/wall ms)': byCpu
        .slice(0, 5)
        .map((task) => `${Math.round(task.cpu)}/${Math.round(task.wall)}`)
        .join(' '),
    }
  } finally {
    await page.close()
  }
}

try {
  const rows = []
  for (let round = 1; round <= rounds; round++) rows.push({ round, ...(await measure()) })
  console.log(`A 20,000-entry zip imported (${dist}), the page's main-thread tasks from the pick to the report:`)
  console.table(rows)
} finally {
  await browser.close()
  await new Promise<void>((resolve) => server.httpServer.close(() => resolve()))
  rmSync(work, { recursive: true, force: true })
}
