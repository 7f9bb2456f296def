/**
 * Where each tool runs is a fact of its descriptor (`runs`, `liveVersion`): every list of names
 * (the isolated tools, the ones the server can run live) is derived from it.
 */
import { describe, expect, it } from 'vitest'
import { BUILTIN_TOOLS, ISOLATED_TOOL_NAMES, LIVE_BUILTIN_TOOL_NAMES } from './builtinTools'
import { registryWithServerTools, withLiveRunners, type ServerTools } from './liveTools'
import { builtinToolRegistry } from './toolRegistry'

const BUILTIN_WAYS = ['page', 'isolated', 'mock'] as const

describe('how each built-in tool runs', () => {
  it('is exactly one way, the page, a worker or the mocks, and its time-out class follows it', () => {
    for (const tool of BUILTIN_TOOLS) {
      expect(
        BUILTIN_WAYS.filter((way) => tool.runs === way),
        tool.name,
      ).toHaveLength(1)
      expect(tool.kind, tool.name).toBe(tool.runs === 'mock' ? 'external' : 'local')
      // Only a mocked tool has a real version on the server.
      if (tool.liveVersion === true) expect(tool.runs, tool.name).toBe('mock')
    }
  })

  it('gives the lists of names: isolated tools and the ones the server can run live', () => {
    expect(ISOLATED_TOOL_NAMES).toEqual(['calculator', 'execute_sql'])
    expect([...LIVE_BUILTIN_TOOL_NAMES].sort()).toEqual(['get_weather', 'web_fetch', 'web_search'])
    expect(BUILTIN_TOOLS.filter((tool) => tool.runs === 'mock' && tool.liveVersion !== true).map((tool) => tool.name)).toEqual([
      'extract_structured',
    ])
  })

  it('lets only a tool with a live version be set to Live, even when a server lists one without it', async () => {
    const server: ServerTools = {
      live: ['web_fetch', 'extract_structured'].map((name) => ({ name, description: name, parameters: { type: 'object' } })),
      unavailable: [],
      servers: [],
    }
    const calls: string[] = []
    const registry = withLiveRunners(
      registryWithServerTools(builtinToolRegistry, server),
      { web_fetch: 'live', extract_structured: 'live', calculator: 'live' },
      server,
      (name) => Promise.resolve(calls.push(name)),
    )
    expect(registry.get('web_fetch')).toMatchObject({ runs: 'server', kind: 'live' })
    expect(registry.get('extract_structured')).toMatchObject({ runs: 'mock', kind: 'external' })
    expect(registry.get('calculator')).toMatchObject({ runs: 'isolated', kind: 'local' })
    expect(registry.get('extract_structured')?.load).toBe(builtinToolRegistry.get('extract_structured')?.load)
  })
})
