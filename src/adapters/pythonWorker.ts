/**
 * The worker a skill's code runs in, in the page (docs/skill-code.md): it starts Pyodide, then
 * removes every way out of the worker (network, storage, nested workers, script loading) before
 * any user code runs, and answers one run. pythonSandbox.ts terminates it afterwards, at the
 * time-out and on Abort.
 */
import type { CodeRunOutcome, CodeRunRequest } from '../core/code'
import { startPython, type PythonRuntime } from './pythonRuntime'

export type PythonWorkerRequest = { type: 'start'; indexURL: string } | { type: 'run'; request: CodeRunRequest }
export type PythonWorkerReply = { type: 'ready' } | { type: 'failed'; message: string } | { type: 'outcome'; outcome: CodeRunOutcome }

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<PythonWorkerRequest>) => void) | null
  postMessage: (message: PythonWorkerReply) => void
}

/** What a worker could reach the outside (or the page's storage) with; none is needed once Pyodide is loaded. */
const WAYS_OUT = [
  'fetch',
  'XMLHttpRequest',
  'WebSocket',
  'WebSocketStream',
  'EventSource',
  'WebTransport',
  'importScripts',
  'Worker',
  'SharedWorker',
  'BroadcastChannel',
  'indexedDB',
  'caches',
  'RTCPeerConnection',
  'cookieStore',
]

function closeWaysOut(): void {
  for (const name of WAYS_OUT) {
    for (let target: object | null = globalThis; target; target = Object.getPrototypeOf(target) as object | null) {
      if (Object.prototype.hasOwnProperty.call(target, name)) Reflect.deleteProperty(target, name)
    }
    Object.defineProperty(globalThis, name, { value: undefined, writable: false, configurable: false })
  }
}

let runtime: PythonRuntime | null = null

scope.onmessage = (event) => {
  const message = event.data
  if (message.type === 'start') {
    startPython(message.indexURL).then(
      (started) => {
        runtime = started
        closeWaysOut()
        scope.postMessage({ type: 'ready' })
      },
      (error: unknown) => scope.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
    )
    return
  }
  if (!runtime) return scope.postMessage({ type: 'failed', message: 'Python is not started.' })
  scope.postMessage({ type: 'outcome', outcome: runtime.run(message.request) })
}
