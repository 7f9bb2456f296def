/**
 * The page's main-thread tasks by thread CPU as well as wall time, from a DevTools trace of
 * headless Chromium (docs/bench.md, "How an import's longest task is measured"). On two shared
 * cores a task's wall time mostly measures the neighbours (another browser, a build); its CPU
 * time is the page's own work, which is what an import's slicing decides.
 */
import type { Browser, Page } from '@playwright/test'

/** The name of the `console.timeStamp` the page's watcher stamps into the trace at a file pick. */
export const PICK_STAMP = 'skill-playground:pick'

export interface MainThreadTask {
  /** Wall time of the task (ms). */
  wall: number
  /** Thread CPU time of the task (ms). */
  cpu: number
  /** Whether the task delivered a file pick (its `change` event ran in it). */
  pick: boolean
}

/** A task of the main thread's loop: `RunTask`, or `ThreadControllerImpl::RunTask` in newer Chromium. */
const TASK_EVENTS = new Set(['RunTask', 'ThreadControllerImpl::RunTask'])

interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  tdur?: number
  args?: { name?: string; data?: { message?: string } }
}

export async function startTaskTrace(browser: Browser, page: Page) {
  await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline'] })
}

/** Stops the trace and returns every task of the busiest renderer main thread (the page's). */
export async function stopTaskTrace(browser: Browser): Promise<MainThreadTask[]> {
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] }
  const events = trace.traceEvents
  const mains = events.filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
  const tasksOf = (pid: number, tid: number) =>
    events.filter((event) => TASK_EVENTS.has(event.name) && event.ph === 'X' && event.pid === pid && event.tid === tid)
  const total = (tasks: TraceEvent[]) => tasks.reduce((sum, task) => sum + (task.dur ?? 0), 0)
  const busiest = mains.map((main) => tasksOf(main.pid, main.tid)).sort((a, b) => total(b) - total(a))[0] ?? []
  const picks = events.filter((event) => event.name === 'TimeStamp' && event.args?.data?.message === PICK_STAMP)
  return busiest.map((task) => ({
    wall: (task.dur ?? 0) / 1000,
    cpu: (task.tdur ?? 0) / 1000,
    pick: picks.some((stamp) => stamp.tid === task.tid && stamp.ts >= task.ts && stamp.ts <= task.ts + (task.dur ?? 0)),
  }))
}

/**
 * The most CPU one main-thread task of the page may take where a test says the page stays
 * responsive: far above what those steps take (a few ms) and far below the freezes they guard
 * against (a runaway query or recursion on the main thread ran for minutes).
 */
export const TASK_CPU_BOUND_MS = 250

/** How long a page may take to answer before it counts as frozen. */
const FROZEN_MS = 10_000

/**
 * Watches the page's main thread from now on by a DevTools trace: `longestTaskCpu()` is the thread
 * CPU time of the longest task since the watch began, or Infinity when the page does not answer
 * within FROZEN_MS (a task that never ends is never written to the trace, so the answer is asked
 * for first). CPU time, not wall time: on two shared cores a task's wall time mostly measures the
 * neighbours, while a page frozen by its own work (a runaway query, a huge render) spends it in CPU.
 * One watch at a time per browser (a trace is the browser's).
 */
export async function watchTaskCpu(page: Page): Promise<{ longestTaskCpu: () => Promise<number> }> {
  const browser = page.context().browser()
  if (!browser) throw new Error('watchTaskCpu needs a page of a launched browser')
  await startTaskTrace(browser, page)
  return {
    longestTaskCpu: async () => {
      let timer: ReturnType<typeof setTimeout> | undefined
      const frozen = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), FROZEN_MS)))
      const answered = await Promise.race([page.evaluate(() => true), frozen]).finally(() => clearTimeout(timer))
      const tasks = await stopTaskTrace(browser)
      if (!answered) return Infinity
      // An empty trace would pass any bound: the page's main thread ran tasks while it was watched.
      if (tasks.length === 0) throw new Error('The trace holds no task of the page: nothing was measured')
      return Math.max(...tasks.map((task) => task.cpu))
    },
  }
}
