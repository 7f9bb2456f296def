import { describe, expect, it } from 'vitest'
import { mcpToolName, registryWithServerTools, withLiveRunners, type ServerTools } from './liveTools'
import { builtinToolRegistry } from './toolRegistry'
import { ToolRefusal, type ToolContext } from './types'

const server: ServerTools = {
  live: [
    { name: 'web_fetch', description: 'Fetch', parameters: { type: 'object' } },
    {
      name: 'docs__search',
      description: 'Search the docs',
      parameters: { type: 'object', properties: { q: { type: 'string' } } },
      server: 'docs',
    },
  ],
  unavailable: [{ name: 'web_search', reason: 'No provider.' }],
  servers: [{ name: 'docs', state: 'ready', tools: 1 }],
}
const context = { signal: new AbortController().signal } as ToolContext

describe('live tools', () => {
  it('names MCP tools <server>__<tool>, valid as OpenAI function names', () => {
    expect(mcpToolName('github', 'create_issue')).toBe('github__create_issue')
    expect(mcpToolName('my.server', 'read file')).toBe('my_server__read_file')
    expect(mcpToolName('s'.repeat(40), 't'.repeat(40))).toMatch(/^[A-Za-z0-9_-]{64}$/)
  })

  it('adds the server’s MCP tools to the registry, marked live', () => {
    const registry = registryWithServerTools(builtinToolRegistry, server)
    expect(registry.has('docs__search')).toBe(true)
    expect(registry.get('docs__search')).toMatchObject({ kind: 'live', runs: 'server', server: 'docs' })
    expect(registryWithServerTools(builtinToolRegistry, null)).toBe(builtinToolRegistry)
  })

  it('runs MCP tools and built-ins set to Live on the server, and leaves the rest in the page', async () => {
    const calls: [string, unknown][] = []
    const call = async (name: string, args: Record<string, unknown>) => {
      calls.push([name, args])
      if (name === 'web_fetch') throw new ToolRefusal('refused')
      return { ok: name }
    }
    const registry = withLiveRunners(
      registryWithServerTools(builtinToolRegistry, server),
      { web_fetch: 'live', web_search: 'live', get_weather: 'mock' },
      server,
      call,
    )
    expect(registry.get('web_fetch')).toMatchObject({ runs: 'server', kind: 'live' })
    // Set to Live but not offered by the server: stays mocked.
    expect(registry.get('web_search')).toMatchObject({ runs: 'mock', kind: 'external' })
    expect(registry.get('get_weather')).toMatchObject({ runs: 'mock' })
    expect(await (await registry.get('docs__search')!.load())({ q: 'x' }, context)).toEqual({ ok: 'docs__search' })
    await expect(Promise.resolve((await registry.get('web_fetch')!.load())({ url: 'http://x' }, context))).rejects.toBeInstanceOf(
      ToolRefusal,
    )
    expect(calls).toEqual([
      ['docs__search', { q: 'x' }],
      ['web_fetch', { url: 'http://x' }],
    ])
  })
})
