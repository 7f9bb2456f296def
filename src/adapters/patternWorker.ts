/**
 * The worker the page runs an eval's regexes and answer schemas in (checkPatternInWorker.ts): a
 * runaway pattern holds this thread only, and the page terminates it at the limit.
 */
import { runPatternCheck } from '../core/evals/patternCheck'
import type { PatternWorkerReply, PatternWorkerRequest } from './checkPatternInWorker'

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<PatternWorkerRequest>) => void) | null
  postMessage: (message: PatternWorkerReply) => void
}

scope.onmessage = (event) => {
  const { id, check } = event.data
  try {
    scope.postMessage({ id, ok: true, value: runPatternCheck(check) })
  } catch (error) {
    scope.postMessage({ id, ok: false, message: error instanceof Error ? error.message : String(error) })
  }
}
