/**
 * readableText in a worker thread, ended when `signal` aborts (web_fetch's time-out, or the page
 * giving up). Reading a page's text is the one step of web_fetch that runs code over what the page
 * sent; on the server's own thread a page built for it would hold up every request, and no timer
 * could stop it (docs/live-tools.md, "Hostile pages").
 *
 * Starting a worker (loading linkedom and Readability, and from the TypeScript source tsx as well)
 * costs more than reading most pages, so a worker that answered is kept for the next page; one that
 * ran out of time, failed or was given up on is ended and never reused.
 */
import { Worker } from 'node:worker_threads'
import type { ReadableText } from './readableText'

/** Enough for the document of the largest page web_fetch reads; past it the worker ends, not the server. */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 }

/** Workers at once; more pages wait their turn (their time-out still runs), so a burst of fetches cannot take every core and the memory. */
export const MAX_READERS = 2

/** A kept worker no page has used for this long is ended, and its memory with it. */
const IDLE_MS = 60_000

interface Reader {
  worker: Worker
  /** Told the outcome of the page being read, if one is. */
  settle: ((outcome: { result: ReadableText } | { error: Error }) => void) | null
  expiry?: ReturnType<typeof setTimeout>
}

const abortReason = (signal: AbortSignal): Error => (signal.reason instanceof Error ? signal.reason : new Error('Aborted.'))

const idle: Reader[] = []
let running = 0
const waiting: (() => void)[] = []

/** Waits for a free worker slot; the answer gives it back. */
async function slot(signal: AbortSignal): Promise<() => void> {
  const release = () => {
    const next = waiting.shift()
    // The slot passes straight to the next page waiting, or is freed.
    if (next) next()
    else running--
  }
  if (running < MAX_READERS) {
    running++
    return release
  }
  await new Promise<void>((resolve, reject) => {
    const granted = () => {
      signal.removeEventListener('abort', gaveUp)
      resolve()
    }
    const gaveUp = () => {
      waiting.splice(waiting.indexOf(granted), 1)
      reject(abortReason(signal))
    }
    waiting.push(granted)
    signal.addEventListener('abort', gaveUp, { once: true })
  })
  return release
}

/**
 * Built, the worker is the JavaScript file beside this one; from the TypeScript source (npm run
 * serve, the dev server, the tests) tsx loads it, through tsImport, since Node 20 does not apply
 * `--import tsx` to a worker's own script.
 */
function startWorker(): Worker {
  // None of the server's own Node options: a worker inherits them, and some (--input-type) stop it starting.
  const options = { resourceLimits: RESOURCE_LIMITS, execArgv: [] }
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./readableTextWorker.js', import.meta.url), options)
  const tsx = import.meta.resolve('tsx/esm/api')
  const entry = new URL('./readableTextWorker.ts', import.meta.url).href
  const code = `import(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${JSON.stringify(entry)}, ${JSON.stringify(import.meta.url)}))`
  return new Worker(code, { ...options, eval: true })
}

function forget(reader: Reader) {
  clearTimeout(reader.expiry)
  const at = idle.indexOf(reader)
  if (at >= 0) idle.splice(at, 1)
}

function newReader(): Reader {
  const reader: Reader = { worker: startWorker(), settle: null }
  const fail = (error: Error) => {
    forget(reader)
    const settle = reader.settle
    reader.settle = null
    settle?.({ error })
  }
  reader.worker.on('message', (result: ReadableText) => {
    const settle = reader.settle
    reader.settle = null
    settle?.({ result })
  })
  // Always listened to: an 'error' with no listener would end the server.
  reader.worker.on('error', (error: Error & { code?: string }) =>
    fail(
      new Error(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? 'The page is too large to read: reading its text ran out of memory.'
          : `Could not read the page's text: ${error.message}`,
      ),
    ),
  )
  reader.worker.on('exit', (code) => fail(new Error(`Could not read the page's text: its reader stopped (exit code ${code}).`)))
  return reader
}

function keep(reader: Reader) {
  // An idle worker does not keep the process alive.
  reader.worker.unref()
  reader.expiry = setTimeout(() => {
    forget(reader)
    void reader.worker.terminate()
  }, IDLE_MS)
  reader.expiry.unref()
  idle.push(reader)
}

function read(reader: Reader, html: string, signal: AbortSignal): Promise<ReadableText> {
  return new Promise((resolve, reject) => {
    const abort = () => {
      reader.settle = null
      reject(abortReason(signal))
    }
    reader.settle = (outcome) => {
      signal.removeEventListener('abort', abort)
      if ('error' in outcome) reject(outcome.error)
      else resolve(outcome.result)
    }
    signal.addEventListener('abort', abort, { once: true })
    reader.worker.ref()
    reader.worker.postMessage(html)
  })
}

export async function readableTextInWorker(html: string, signal: AbortSignal): Promise<ReadableText> {
  signal.throwIfAborted()
  const release = await slot(signal)
  const kept = idle.pop()
  if (kept) forget(kept)
  const reader = kept ?? newReader()
  let answered = false
  try {
    const result = await read(reader, html, signal)
    answered = true
    return result
  } finally {
    // Ended at once when it failed, ran out of time or was given up on; kept when it answered.
    if (answered) keep(reader)
    else void reader.worker.terminate()
    release()
  }
}
