/** The page's worker runs exactly the tools described `runs: 'isolated'`, and refuses every other. */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { builtinToolRegistry } from '../core/tools'
import type { ToolWorkerReply, ToolWorkerRequest } from './isolatedTools'
import { isolateTools } from './isolatedTools'

describe('isolated tools', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('are moved to the worker, and only they', () => {
    const isolated = isolateTools(builtinToolRegistry)
    const moved = isolated.tools.filter((tool) => tool.load !== builtinToolRegistry.get(tool.name)?.load).map((tool) => tool.name)
    expect(moved).toEqual(builtinToolRegistry.tools.filter((tool) => tool.runs === 'isolated').map((tool) => tool.name))
    expect(moved).toEqual(['calculator', 'execute_sql'])
  })

  it('are the only ones the worker runs', async () => {
    const replies: ToolWorkerReply[] = []
    const scope: { onmessage: ((event: { data: ToolWorkerRequest }) => void) | null; postMessage: (reply: ToolWorkerReply) => void } = {
      onmessage: null,
      postMessage: (reply) => replies.push(reply),
    }
    vi.stubGlobal('self', scope)
    await import('./toolWorker')
    scope.onmessage!({ data: { id: 1, name: 'calculator', args: { expression: '2^10' } } })
    scope.onmessage!({ data: { id: 2, name: 'current_datetime', args: {} } })
    await vi.waitFor(() => expect(replies).toHaveLength(2), { timeout: 10_000 })
    const byId = new Map(replies.map((reply) => [reply.id, reply]))
    expect(byId.get(1)).toMatchObject({ ok: true })
    expect(byId.get(2)).toMatchObject({ ok: false, message: 'No isolated tool "current_datetime".' })
  })
})
