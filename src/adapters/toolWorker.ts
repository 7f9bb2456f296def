/**
 * The worker the page runs its runaway-prone tools in (described `runs: 'isolated'`). It is terminated on a
 * time-out or Abort and started afresh for the next call, so no tool call can block the page.
 */
import { builtinToolRegistry, ToolRefusal, type ToolContext } from '../core/tools'
import { loadDemoDatabase } from './sqlEngine'
import type { ToolWorkerReply, ToolWorkerRequest } from './isolatedTools'

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ToolWorkerRequest>) => void) | null
  postMessage: (message: ToolWorkerReply) => void
}

// Only the isolated tools run here, and they touch nothing of the workspace but the demo database.
const context: ToolContext = {
  files: { read: () => undefined, write: () => {}, list: () => [] },
  knowledge: [],
  mocks: {},
  now: () => new Date(),
  database: loadDemoDatabase,
  signal: new AbortController().signal,
}

scope.onmessage = (event) => {
  const { id, name, args } = event.data
  void (async () => {
    try {
      const tool = builtinToolRegistry.get(name)
      if (tool?.runs !== 'isolated') throw new Error(`No isolated tool "${name}".`)
      const value: unknown = await (await tool.load())(args, context)
      // Structured clone keeps plain data; a result that is not plain data is reported, not lost.
      scope.postMessage({ id, ok: true, value: JSON.parse(JSON.stringify(value ?? null)) as unknown })
    } catch (error) {
      scope.postMessage({
        id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
        refused: error instanceof ToolRefusal,
      })
    }
  })()
}
