import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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
