import { createServer, type IncomingMessage, type Server } from 'node:http'
import { connect, type AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ServerTools } from '../src/core/tools/liveTools'
import { DEPTH_MARKER } from './mcp/boundJson'
import { McpHub } from './mcp/mcpHub'
import { createToolsApi, liveToolSettingsFrom, MAX_TOOL_REQUEST_BYTES, type NetworkAccess } from './toolsApi'

/** Local stand-ins for SearXNG's JSON API and Open-Meteo's geocoding and forecast APIs. */
let standIn: Server
let standInPort = 0
const standInRequests: string[] = []
let api: Server
let apiUrl = ''
let time = 0

// The resolver is never asked: the only addresses fetched are loopback literals.
const network: NetworkAccess = {
  resolve: () => Promise.reject(new Error('no DNS in this test')),
  transport: () => Promise.reject(new Error('no connection in this test')),
}

beforeAll(async () => {
  standIn = createServer((request: IncomingMessage, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in')
    standInRequests.push(url.pathname + url.search)
    response.setHeader('content-type', 'application/json')
    if (url.pathname === '/searx/search')
      return void response.end(
        JSON.stringify({
          results: [
            { title: 'Agent Skills <b>spec</b>', url: 'https://agentskills.io/specification', content: 'The SKILL.md format.' },
            { title: 'Second', url: 'https://example.org/2', content: 'More.' },
          ],
        }),
      )
    if (url.pathname === '/geo')
      return void response.end(
        JSON.stringify(
          url.searchParams.get('name') === 'Nowhere'
            ? { results: [] }
            : { results: [{ name: '上海', country: 'China', latitude: 31.22, longitude: 121.46 }] },
        ),
      )
    if (url.pathname === '/forecast')
      return void response.end(
        JSON.stringify({
          current: { time: '2026-11-30T12:00', temperature_2m: 12.5, relative_humidity_2m: 70, weather_code: 3, wind_speed_10m: 9 },
          daily: { temperature_2m_max: [14], temperature_2m_min: [8] },
        }),
      )
    response.writeHead(404).end('{}')
  })
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve))
  standInPort = (standIn.address() as AddressInfo).port
  const base = `http://127.0.0.1:${standInPort}`
  const settings = liveToolSettingsFrom({
    SEARXNG_URL: `${base}/searx`,
    OPEN_METEO_GEOCODING_URL: `${base}/geo`,
    OPEN_METEO_FORECAST_URL: `${base}/forecast`,
    LIVE_TOOLS_RATE_LIMIT: '30',
  })
  const middleware = createToolsApi(
    () => settings,
    null,
    network,
    () => time,
  )
  api = createServer((request, response) => middleware(request, response, () => response.writeHead(418).end()))
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve))
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise((resolve) => api.close(resolve))
  await new Promise((resolve) => standIn.close(resolve))
})

const call = (name: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${apiUrl}/api/tools/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })

describe('the live tools endpoints', () => {
  it('lists what the server runs, and why a tool is not offered', async () => {
    const listing = (await (await fetch(`${apiUrl}/api/tools`, { headers: { 'sec-fetch-site': 'same-origin' } })).json()) as {
      live: { name: string }[]
    }
    expect(listing.live.map((tool) => tool.name)).toEqual(['web_fetch', 'web_search', 'get_weather'])
    const { serverTools } = await import('./toolsApi')
    const bare = serverTools(liveToolSettingsFrom({}), null)
    expect(bare.unavailable).toEqual([{ name: 'web_search', reason: expect.stringContaining('SEARXNG_URL') }])
    expect(serverTools(liveToolSettingsFrom({ LIVE_TOOLS: 'off' }), null).live).toEqual([])
  })

  it('searches through SearXNG: title, url and snippet, markup removed', async () => {
    const reply = (await (await call('web_search', { arguments: { query: 'agent skills' } })).json()) as { ok: boolean; result: unknown }
    expect(reply).toEqual({
      ok: true,
      result: {
        results: [
          { title: 'Agent Skills spec', url: 'https://agentskills.io/specification', snippet: 'The SKILL.md format.' },
          { title: 'Second', url: 'https://example.org/2', snippet: 'More.' },
        ],
      },
    })
    expect(standInRequests).toContain('/searx/search?q=agent+skills&format=json')
  })

  it('answers the weather from Open-Meteo, and says when a place is unknown', async () => {
    const reply = (await (await call('get_weather', { arguments: { city: '上海' } })).json()) as { ok: boolean; result: unknown }
    expect(reply).toMatchObject({ ok: true, result: { city: '上海', temperature_c: 12.5, high_c: 14, low_c: 8, condition: 'overcast' } })
    expect(await (await call('get_weather', { arguments: { city: 'Nowhere' } })).json()).toEqual({
      ok: false,
      error: { type: 'failed', message: 'No place called "Nowhere" was found.' },
    })
  })

  it('reports a refused fetch as refused, before any connection', async () => {
    expect(await (await call('web_fetch', { arguments: { url: 'http://169.254.169.254/latest/meta-data/' } })).json()).toEqual({
      ok: false,
      error: { type: 'refused', message: expect.stringContaining('link-local') },
    })
  })

  it('refuses other sites, other methods, unknown tools, non-JSON and oversized bodies', async () => {
    expect((await call('web_search', { arguments: { query: 'x' } }, { 'sec-fetch-site': 'cross-site' })).status).toBe(403)
    expect(
      (await call('web_search', { arguments: { query: 'x' } }, { 'sec-fetch-site': 'same-site', origin: 'http://evil.example' })).status,
    ).toBe(403)
    expect((await fetch(`${apiUrl}/api/tools/web_search`, { headers: { 'sec-fetch-site': 'same-origin' } })).status).toBe(405)
    expect((await call('calculator', { arguments: { expression: '1' } })).status).toBe(404)
    expect((await call('../llm-config', { arguments: {} })).status).toBe(418)
    expect((await call('web_search', 'not json', { 'content-type': 'text/plain' })).status).toBe(415)
    expect((await call('web_search', '{"arguments": ')).status).toBe(400)
    expect((await call('web_search', { arguments: 'x' })).status).toBe(400)
    expect((await call('web_search', { arguments: { query: 'x'.repeat(MAX_TOOL_REQUEST_BYTES) } })).status).toBe(413)
  })

  it('limits calls per minute per client, counting only same-origin ones', async () => {
    time = 1_000_000
    for (let i = 0; i < 5; i++) expect((await call('web_search', {}, { 'sec-fetch-site': 'cross-site' })).status).toBe(403)
    const statuses: number[] = []
    for (let i = 0; i < 31; i++) statuses.push((await call('get_weather', { arguments: { city: '上海' } })).status)
    expect(statuses.filter((status) => status === 200)).toHaveLength(30)
    expect(statuses.at(-1)).toBe(429)
    time += 61_000
    expect((await call('get_weather', { arguments: { city: '上海' } })).status).toBe(200)
  })
})

/** The endpoints with a real hub of hostile MCP servers (e2e/standIns/hostileMcpServer.ts) behind them. */
describe('the endpoints with hostile MCP servers', () => {
  const HOSTILE = resolve(import.meta.dirname, '../e2e/standIns/hostileMcpServer.ts')
  const hostile = (mode: string) => ({ command: process.execPath, args: ['--import', 'tsx', HOSTILE, mode], env: {} })
  let hub: McpHub
  let mcpApi: Server
  let base = ''
  const failures: unknown[] = []
  const noteFailure = (error: unknown) => failures.push(error)
  const get = (path: string) => fetch(`${base}${path}`, { headers: { 'sec-fetch-site': 'same-origin' } })
  const post = (path: string, body?: unknown) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })

  beforeAll(async () => {
    // An unhandled rejection is what ended the server: it is a failure of these tests, wherever it happens.
    process.on('unhandledRejection', noteFailure)
    hub = new McpHub({ servers: { deep: hostile('deep-result'), schema: hostile('deep-schema') }, problems: [], path: null })
    hub.start()
    await hub.settled()
    const middleware = createToolsApi(() => liveToolSettingsFrom({ LIVE_TOOLS: 'off' }), hub)
    mcpApi = createServer((request, response) => middleware(request, response, () => response.writeHead(418).end()))
    await new Promise<void>((done) => mcpApi.listen(0, '127.0.0.1', done))
    base = `http://127.0.0.1:${(mcpApi.address() as AddressInfo).port}`
  }, 60_000)

  afterAll(async () => {
    process.off('unhandledRejection', noteFailure)
    await hub.close()
    await new Promise((done) => mcpApi.close(done))
  })

  it('answers a tool whose structured content is 100,000 levels deep, cut, and goes on answering (item 4)', async () => {
    const reply = (await (await post('/api/tools/deep__deep_result', { arguments: {} })).json()) as {
      ok: boolean
      result: { text: string; structured: unknown }
    }
    expect(reply).toMatchObject({ ok: true, result: { text: 'Deep.' } })
    expect(JSON.stringify(reply.result.structured)).toContain(DEPTH_MARKER)
    expect((await get('/api/tools')).status).toBe(200)
    expect(failures).toEqual([])
  })

  it('lists the tools and reconnects beside a tool with a 3,000-level input schema, which it leaves out (item 5)', async () => {
    for (const response of [await get('/api/tools'), await post('/api/mcp/schema/reconnect')]) {
      expect(response.status).toBe(200)
      const listing = (await response.json()) as ServerTools
      expect(listing.live.map((tool) => tool.name)).toEqual(['deep__echo', 'deep__deep_result', 'schema__echo'])
      expect(listing.servers.find((server) => server.name === 'schema')).toMatchObject({
        state: 'ready',
        reason: 'partial',
        message: expect.stringContaining('"deep_schema" (its input schema is nested deeper than 64 levels)'),
      })
    }
    expect(failures).toEqual([])
  })

  it('answers 500 when a result cannot be serialised, instead of a second status line', async () => {
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    const call = vi.spyOn(hub, 'call').mockResolvedValueOnce(cyclic)
    const response = await post('/api/tools/deep__echo', { arguments: {} })
    call.mockRestore()
    expect(response.status).toBe(500)
    expect(await response.json()).toEqual({
      error: { type: 'tools_error', message: expect.stringContaining('The server could not answer: Converting circular structure') },
    })
    expect((await get('/api/tools')).status).toBe(200)
    expect(failures).toEqual([])
  })

  it('drops a call whose request breaks off while its body is read, and goes on answering', async () => {
    const socket = connect((mcpApi.address() as AddressInfo).port, '127.0.0.1')
    await new Promise((done) => socket.once('connect', done))
    socket.write(
      'POST /api/tools/deep__echo HTTP/1.1\r\nHost: 127.0.0.1\r\nSec-Fetch-Site: same-origin\r\n' +
        'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"arguments": {',
    )
    await new Promise((done) => setTimeout(done, 100))
    socket.destroy()
    await new Promise((done) => setTimeout(done, 100))
    expect((await get('/api/tools')).status).toBe(200)
    expect(failures).toEqual([])
  })
})
