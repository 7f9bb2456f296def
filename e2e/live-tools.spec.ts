/**
 * Live tools and MCP servers through `npm run serve`: a local web site for web_fetch (allowlisted
 * here only), a SearXNG-shaped search endpoint, an Open-Meteo stand-in, the local OpenAI-compatible
 * model, and real MCP servers built with the SDK (e2e/standIns/mcpTestServer.ts): one that works,
 * one that exits at start. Everything listens on loopback.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { rawGet as raw } from '../server/rawRequest'
import { FakeOpenAI } from './fakeOpenAI'
import { expect, test } from './fixtures'
import { freePort, listen, ROOT, serve } from './serverProcess'

test.describe.configure({ mode: 'serial' })

const ARTICLE = `<!doctype html><html><head><title>Refund policy</title></head><body><nav>Home · Shop</nav>
<article><h1>Refund policy</h1><p>Orders can be refunded within 30 days of delivery, to the original payment method.</p>
<p>Items must be returned unused, in their original packaging. Digital goods cannot be refunded once downloaded.</p></article></body></html>`

let site: Server
let sitePort = 0
const upstream = new FakeOpenAI()
let server: ReturnType<typeof serve>
let port = 0

test.beforeAll(async () => {
  test.setTimeout(90_000)
  site = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://site')
    response.setHeader('content-type', 'application/json')
    if (url.pathname === '/refunds') return void response.writeHead(200, { 'content-type': 'text/html' }).end(ARTICLE)
    if (url.pathname === '/searx/search')
      return void response.end(
        JSON.stringify({ results: [{ title: 'Refunds', url: 'https://shop.example/refunds', content: '30 days.' }] }),
      )
    if (url.pathname === '/geo')
      return void response.end(JSON.stringify({ results: [{ name: 'Paris', latitude: 48.85, longitude: 2.35 }] }))
    if (url.pathname === '/forecast')
      return void response.end(
        JSON.stringify({ current: { temperature_2m: 17, weather_code: 0 }, daily: { temperature_2m_max: [20], temperature_2m_min: [9] } }),
      )
    response.writeHead(404).end('{}')
  })
  sitePort = await listen(site)
  const upstreamPort = await freePort()
  await upstream.start(upstreamPort)
  const folder = mkdtempSync(join(tmpdir(), 'live-tools-'))
  const standIn = join(ROOT, 'e2e/standIns/mcpTestServer.ts')
  writeFileSync(
    join(folder, 'mcp.json'),
    JSON.stringify({
      mcpServers: {
        local: { command: process.execPath, args: ['--import', 'tsx', standIn, 'stdio'] },
        broken: { command: process.execPath, args: ['--import', 'tsx', standIn, 'exit'] },
      },
    }),
  )
  port = await freePort()
  const base = `http://127.0.0.1:${sitePort}`
  server = serve({
    HOST: '127.0.0.1',
    PORT: String(port),
    OPENAI_API_KEY: 'sk-live-tools-test',
    OPENAI_BASE_URL: `http://127.0.0.1:${upstreamPort}/v1`,
    OPENAI_MODEL: 'test-model',
    MCP_CONFIG: join(folder, 'mcp.json'),
    MCP_TOOL_TIMEOUT_MS: '2000',
    LIVE_FETCH_ALLOW: `127.0.0.1:${sitePort}`,
    SEARXNG_URL: `${base}/searx`,
    OPEN_METEO_GEOCODING_URL: `${base}/geo`,
    OPEN_METEO_FORECAST_URL: `${base}/forecast`,
  })
  await expect.poll(async () => (await raw(port, '/healthz').catch(() => ({ status: 0 }))).status, { timeout: 30_000 }).toBe(200)
})

test.afterAll(async () => {
  server.child.kill('SIGTERM')
  await server.exited
  await upstream.stop()
  await new Promise((resolve) => site.close(resolve))
})

test('live and mock tools side by side: web_fetch and an MCP tool run on the server, get_weather stays mocked', async ({ page }) => {
  await page.goto(`http://127.0.0.1:${port}/`)
  await page.getByRole('button', { name: 'Skip the guide' }).click()
  await page.getByRole('tab', { name: 'Tools' }).click()
  const tools = page.getByRole('region', { name: 'Tools' })
  const local = tools.getByRole('region', { name: 'MCP server local' })
  await expect(local.getByRole('status')).toContainText('connected · 4 tools', { timeout: 20_000 })
  await expect(local.getByRole('group', { name: 'local__add' })).toBeVisible()
  const broken = tools.getByRole('region', { name: 'MCP server broken' })
  await expect(broken.getByRole('status')).toContainText('failed')
  await broken.getByText('What the server wrote to stderr').click()
  await expect(broken.getByLabel('stderr of broken')).toContainText('cannot open its database')

  const mode = tools.getByRole('combobox', { name: 'web_fetch mode' })
  await expect(mode).toHaveValue('mock')
  await expect(mode.getByRole('option')).toHaveText(['Mock', 'Live'])
  await mode.selectOption('Live')
  await expect(tools.getByRole('group', { name: 'web_fetch' })).toContainText('live · run by the server')
  await expect(tools.getByRole('combobox', { name: 'get_weather mode' })).toHaveValue('mock')

  upstream.script(
    { kind: 'tool', name: 'web_fetch', arguments: JSON.stringify({ url: `http://127.0.0.1:${sitePort}/refunds` }) },
    { kind: 'tool', name: 'local__add', arguments: '{"a": 2, "b": 3}' },
    { kind: 'tool', name: 'get_weather', arguments: '{"city": "Paris"}' },
    { kind: 'text', text: 'Refunds within 30 days; 2 + 3 = 5.' },
  )
  await page.getByRole('textbox', { name: 'Test utterance' }).fill('what is the refund policy')
  await page.getByRole('tab', { name: 'Run' }).click()
  await page.getByRole('combobox', { name: 'Model' }).selectOption('proxy')
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  const trace = page.getByRole('region', { name: 'Run trace' })
  await expect(trace.getByRole('listitem', { name: 'Final answer' })).toContainText('Refunds within 30 days', { timeout: 20_000 })
  const calls = trace.getByRole('listitem', { name: 'Tool call' })
  await expect(calls.nth(0)).toContainText('web_fetch live')
  await expect(calls.nth(0)).toContainText('Orders can be refunded within 30 days')
  await expect(calls.nth(1)).toContainText('local__add live')
  await expect(calls.nth(1)).toContainText('The sum is 5.')
  await expect(calls.nth(2)).toContainText('get_weather mock')

  // The model got the real results, and was offered the MCP tools like any other.
  expect(upstream.requests[0]!.body.tools?.map((tool) => tool.function.name)).toEqual(expect.arrayContaining(['web_fetch', 'local__add']))
  expect(upstream.requests[1]!.body.messages.at(-1)?.content).toContain('Orders can be refunded within 30 days')
  expect(upstream.requests[2]!.body.messages.at(-1)?.content).toContain('"sum":5')

  // The choice is kept with the workspace.
  await page.reload()
  await page.getByRole('tab', { name: 'Tools' }).click()
  await expect(page.getByRole('combobox', { name: 'web_fetch mode' })).toHaveValue('live')
})

test('a refused address, a hanging MCP call and a dead server give clear messages, and the run goes on', async ({ page }) => {
  await page.goto(`http://127.0.0.1:${port}/`)
  await page.getByRole('button', { name: 'Skip the guide' }).click()
  await page.getByRole('tab', { name: 'Tools' }).click()
  await page.getByRole('combobox', { name: 'web_fetch mode' }).selectOption('Live')
  upstream.script(
    { kind: 'tool', name: 'web_fetch', arguments: '{"url": "http://169.254.169.254/latest/meta-data/"}' },
    { kind: 'tool', name: 'local__slow', arguments: '{}' },
    { kind: 'tool', name: 'local__fail', arguments: '{}' },
    { kind: 'text', text: 'I could not get those.' },
  )
  await page.getByRole('textbox', { name: 'Test utterance' }).fill('fetch the metadata')
  await page.getByRole('tab', { name: 'Run' }).click()
  await page.getByRole('combobox', { name: 'Model' }).selectOption('proxy')
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  const trace = page.getByRole('region', { name: 'Run trace' })
  await expect(trace.getByRole('listitem', { name: 'Final answer' })).toContainText('I could not get those.', { timeout: 20_000 })
  const calls = trace.getByRole('listitem', { name: 'Tool call' })
  await expect(calls.nth(0)).toContainText('refused: Refused to fetch 169.254.169.254')
  await expect(calls.nth(1)).toContainText('did not answer slow within 2 s')
  await expect(calls.nth(2)).toContainText('The test tool failed on purpose.')

  await page.getByRole('tab', { name: 'Tools' }).click()
  const broken = page.getByRole('region', { name: 'MCP server broken' })
  await broken.getByRole('button', { name: 'Reconnect broken' }).click()
  await expect(broken.getByRole('status')).toContainText('failed')
  await expect(page.getByRole('region', { name: 'MCP server local' }).getByRole('status')).toContainText('connected')
})
