/**
 * The page's `PatternChecker` (core/evals/patternCheck.ts): an eval's regexes and answer schemas
 * run in a Web Worker, one check at a time, and a check still running at the limit has its worker
 * terminated (the next check starts a fresh one), so a runaway pattern fails its assertion and
 * the page never freezes.
 */
import {
  PATTERN_TIME_LIMIT_MS,
  patternTimedOut,
  type PatternCheck,
  type PatternChecker,
  type PatternVerdict,
} from '../core/evals/patternCheck'
import { createWorkerChannel, type WorkerReply } from './workerChannel'

export interface PatternWorkerRequest {
  id: number
  check: PatternCheck
}

export type PatternWorkerReply = WorkerReply<PatternVerdict>

const worker = createWorkerChannel<Omit<PatternWorkerRequest, 'id'>, PatternVerdict>(
  () => new Worker(new URL('./patternWorker.ts', import.meta.url), { type: 'module' }),
  (reply) => new Error(reply.message),
  'pattern worker',
)

/** A fresh worker answers a trivial check first, so its start is not counted against a pattern's time. */
let started: Promise<unknown> | null = null
/** The checks in order: one runs at a time, so stopping a runaway stops no other check. */
let queue: Promise<unknown> = Promise.resolve()

const failed = (error: unknown): PatternVerdict => ({ passed: false, problem: error instanceof Error ? error.message : String(error) })

async function checkOnce(check: PatternCheck): Promise<PatternVerdict> {
  try {
    await (started ??= worker.call({ check: { kind: 'regex', pattern: '', text: '' } }))
  } catch (error) {
    started = null
    return failed(error)
  }
  return new Promise<PatternVerdict>((resolve) => {
    const timer = setTimeout(() => {
      resolve(patternTimedOut(check))
      started = null
      worker.stop('The pattern ran too long and its worker was terminated.')
    }, PATTERN_TIME_LIMIT_MS)
    worker.call({ check }).then(
      (verdict) => {
        clearTimeout(timer)
        resolve(verdict)
      },
      (error: unknown) => {
        clearTimeout(timer)
        resolve(failed(error))
      },
    )
  })
}

export const checkPatternInWorker: PatternChecker = (check) => {
  const turn = queue.then(() => checkOnce(check))
  queue = turn.catch(() => undefined)
  return turn
}
