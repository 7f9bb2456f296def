/**
 * Runs the tools whose work can run away in a Web Worker (docs/agent-loop.md): the page stays
 * responsive while they work, and the call's signal (Abort, or the tool time-out) terminates the
 * worker; the next call starts a fresh one.
 */
import { createToolRegistry, ToolRefusal, type ToolRegistry, type ToolRun } from '../core/tools'
import { createWorkerChannel, type WorkerReply } from './workerChannel'

export interface ToolWorkerRequest {
  id: number
  name: string
  args: Record<string, unknown>
}

export type ToolWorkerReply = WorkerReply<unknown>

const worker = createWorkerChannel<Omit<ToolWorkerRequest, 'id'>, unknown>(
  () => new Worker(new URL('./toolWorker.ts', import.meta.url), { type: 'module' }),
  (reply) => (reply.refused ? new ToolRefusal(reply.message) : new Error(reply.message)),
  'tool worker',
)

function runInWorker(name: string): ToolRun {
  return async (args, context) => {
    if (context.signal.aborted) throw new Error(`${name} was stopped before it started.`)
    const stop = () => worker.stop(`${name} was stopped and its worker terminated.`)
    context.signal.addEventListener('abort', stop, { once: true })
    try {
      return await worker.call({ name, args })
    } finally {
      context.signal.removeEventListener('abort', stop)
    }
  }
}

/** The same registry, with the isolated tools (`runs: 'isolated'`) running in the worker. */
export function isolateTools(registry: ToolRegistry): ToolRegistry {
  return createToolRegistry(
    registry.tools.map((tool) => (tool.runs === 'isolated' ? { ...tool, load: () => Promise.resolve(runInWorker(tool.name)) } : tool)),
  )
}
