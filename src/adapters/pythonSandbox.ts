/**
 * Runs a skill's code in the page (docs/skill-code.md): each run gets a fresh worker with its own
 * Python (pythonWorker.ts), terminated when the run ends, at the time-out or on Abort, so no code
 * can freeze the page or leave state for the next run. The next worker starts in the background
 * as soon as one is used, so only the first run waits for Python to load.
 */
import { sandboxFailure, type CodeRunner, type CodeRunOutcome } from '../core/code/codeRun'
import type { PythonWorkerReply, PythonWorkerRequest } from './pythonWorker'

/** Loading Pyodide the first time downloads about 4 MB (compressed); after that it comes from the cache. */
const START_LIMIT_MS = 120_000

interface Started {
  worker: Worker
  ready: Promise<string | null>
}

let spare: Started | null = null

function indexURL(): string {
  // Served by the app itself at pyodide/ beside index.html (vite.config.ts, pyodideAssets).
  return new URL('pyodide/', document.baseURI).href
}

function start(): Started {
  const worker = new Worker(new URL('./pythonWorker.ts', import.meta.url), { type: 'module', name: 'skill code' })
  const ready = new Promise<string | null>((resolve) => {
    worker.onmessage = (event: MessageEvent<PythonWorkerReply>) => {
      if (event.data.type === 'ready') resolve(null)
      else if (event.data.type === 'failed') resolve(event.data.message)
    }
    worker.onerror = (event) => {
      event.preventDefault()
      resolve(event.message || 'the worker could not start')
    }
  })
  worker.postMessage({ type: 'start', indexURL: indexURL() } satisfies PythonWorkerRequest)
  return { worker, ready }
}

/**
 * Starts Python ahead of a run (a skill with code opened, the page idle, the pointer on Run code),
 * so the run itself is quick; resolves true once that Python is ready, false when it could not
 * start.
 */
export function warmPython(): Promise<boolean> {
  const warming = (spare ??= start())
  return warming.ready.then((problem) => {
    if (problem === null) return true
    // A Python that could not start is not kept: the next warm-up or Run code starts a new one.
    warming.worker.terminate()
    if (spare === warming) spare = null
    return false
  })
}

export const runPythonInPage: CodeRunner = async (request, { signal, timeoutMs }) => {
  const begun = performance.now()
  const elapsed = () => Math.round(performance.now() - begun)
  if (signal.aborted) return sandboxFailure('Aborted before the code ran.', 0, 'aborted')
  const current = spare ?? start()
  spare = null
  let finish: (outcome: CodeRunOutcome) => void = () => {}
  const ended = new Promise<CodeRunOutcome>((resolve) => (finish = resolve))
  const onAbort = () => finish(sandboxFailure('Aborted while the code was running; its worker was terminated.', elapsed(), 'aborted'))
  signal.addEventListener('abort', onAbort, { once: true })
  let timer: ReturnType<typeof setTimeout> | undefined
  try {
    const startTimer = setTimeout(() => finish(sandboxFailure('Python did not start in time.', elapsed())), START_LIMIT_MS)
    const problem = await Promise.race([current.ready, ended.then(() => 'ended')])
    clearTimeout(startTimer)
    if (problem === 'ended') return await ended
    if (problem !== null) return sandboxFailure(`Python could not start: ${problem}`, elapsed())
    // The time-out counts the code's own time, not the download of Python.
    timer = setTimeout(
      () => finish(sandboxFailure(`The code ran longer than ${timeoutMs / 1000} s; its worker was terminated.`, elapsed(), 'timeout')),
      timeoutMs,
    )
    current.worker.onmessage = (event: MessageEvent<PythonWorkerReply>) => {
      if (event.data.type === 'outcome') finish(event.data.outcome)
      else if (event.data.type === 'failed') finish(sandboxFailure(event.data.message, elapsed()))
    }
    current.worker.onerror = (event) => {
      event.preventDefault()
      finish(sandboxFailure(`The code's worker failed: ${event.message || 'it stopped'}`, elapsed()))
    }
    current.worker.postMessage({ type: 'run', request } satisfies PythonWorkerRequest)
    return await ended
  } finally {
    clearTimeout(timer)
    signal.removeEventListener('abort', onAbort)
    current.worker.terminate()
    // A fresh interpreter for the next run, loading while the user reads this one's result.
    void warmPython()
  }
}
