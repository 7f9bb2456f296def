/**
 * Runs the tools whose work can run away in a Web Worker (docs/agent-loop.md): the page stays
 * responsive while they work, and the call's signal (Abort, or the tool time-out) terminates the
 * worker; the next call starts a fresh one.
 */
import { createToolRegistry, ISOLATED_TOOL_NAMES, ToolRefusal, type ToolRegistry, type ToolRun } from '../core/tools'

export interface ToolWorkerRequest {
  id: number
  name: string
  args: Record<string, unknown>
}

export type ToolWorkerReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; message: string; refused: boolean }

interface Pending {
  resolve: (value: unknown) => void
  reject: (error: Error) => void
}

let worker: Worker | null = null
let nextId = 1
const pending = new Map<number, Pending>()

function stopWorker(reason: string): void {
  worker?.terminate()
  worker = null
  for (const call of pending.values()) call.reject(new Error(reason))
  pending.clear()
}

function startedWorker(): Worker {
  if (worker) return worker
  const created = new Worker(new URL('./toolWorker.ts', import.meta.url), { type: 'module' })
  created.onmessage = (event: MessageEvent<ToolWorkerReply>) => {
    const reply = event.data
    const call = pending.get(reply.id)
    if (!call) return
    pending.delete(reply.id)
    if (reply.ok) call.resolve(reply.value)
    else call.reject(reply.refused ? new ToolRefusal(reply.message) : new Error(reply.message))
  }
  created.onerror = (event) => {
    event.preventDefault()
    stopWorker(`The tool worker failed: ${event.message || 'it could not start'}.`)
  }
  worker = created
  return created
}

function runInWorker(name: string): ToolRun {
  return (args, context) =>
    new Promise((resolve, reject) => {
      if (context.signal.aborted) {
        reject(new Error(`${name} was stopped before it started.`))
        return
      }
      const id = nextId++
      const stop = () => stopWorker(`${name} was stopped and its worker terminated.`)
      context.signal.addEventListener('abort', stop, { once: true })
      const done = () => context.signal.removeEventListener('abort', stop)
      pending.set(id, {
        resolve: (value) => {
          done()
          resolve(value)
        },
        reject: (error) => {
          done()
          reject(error)
        },
      })
      startedWorker().postMessage({ id, name, args } satisfies ToolWorkerRequest)
    })
}

/** The same registry, with the isolated tools running in the worker. */
export function isolateTools(registry: ToolRegistry): ToolRegistry {
  return createToolRegistry(
    registry.tools.map((tool) =>
      ISOLATED_TOOL_NAMES.includes(tool.name) ? { ...tool, load: () => Promise.resolve(runInWorker(tool.name)) } : tool,
    ),
  )
}
