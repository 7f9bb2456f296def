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
