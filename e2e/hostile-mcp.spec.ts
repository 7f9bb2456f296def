/**
 * Hostile MCP servers through `npm run serve` and the page (docs/live-tools.md, "What an MCP
 * server can send"): real SDK servers (e2e/standIns/hostileMcpServer.ts), one whose tool answers
 * 100,000 levels deep and one with a tool whose input schema is 3,000 levels deep. The server
 * stays up, the Tools tab says what was left out and why, Reconnect answers, and a run gets the
 * deep answer cut. Everything listens on loopback.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { rawGet as raw } from '../server/rawRequest'
import { FakeOpenAI } from './fakeOpenAI'
import { expect, test } from './fixtures'
import { freePort, ROOT, serve } from './serverProcess'

test.describe.configure({ mode: 'serial' })

const upstream = new FakeOpenAI()
let server: ReturnType<typeof serve>
let port = 0

test.beforeAll(async () => {
  test.setTimeout(90_000)
  const upstreamPort = await freePort()
  await upstream.start(upstreamPort)
  const folder = mkdtempSync(join(tmpdir(), 'hostile-mcp-'))
  const standIn = join(ROOT, 'e2e/standIns/hostileMcpServer.ts')
  const hostile = (mode: string) => ({ command: process.execPath, args: ['--import', 'tsx', standIn, mode] })
  writeFileSync(join(folder, 'mcp.json'), JSON.stringify({ mcpServers: { deep: hostile('deep-result'), schema: hostile('deep-schema') } }))
  port = await freePort()
  server = serve({
    HOST: '127.0.0.1',
    PORT: String(port),
    OPENAI_API_KEY: 'sk-hostile-mcp-test',
    OPENAI_BASE_URL: `http://127.0.0.1:${upstreamPort}/v1`,
    OPENAI_MODEL: 'test-model',
    MCP_CONFIG: join(folder, 'mcp.json'),
  })
  await expect.poll(async () => (await raw(port, '/healthz').catch(() => ({ status: 0 }))).status, { timeout: 30_000 }).toBe(200)
})

test.afterAll(async () => {
  server.child.kill('SIGTERM')
  await server.exited
  await upstream.stop()
})

test('a tool 3,000 levels deep is left out with the reason, Reconnect answers, and a run gets a 100,000-level answer cut', async ({
  page,
}) => {
  await page.goto(`http://127.0.0.1:${port}/`)
  await page.getByRole('button', { name: 'Skip the guide' }).click()
  await page.getByRole('tab', { name: 'Tools' }).click()
  const tools = page.getByRole('region', { name: 'Tools' })
  const schema = tools.getByRole('region', { name: 'MCP server schema' })
  await expect(schema.getByRole('status')).toContainText('connected · 1 tool', { timeout: 30_000 })
  const leftOut = 'Not every tool it lists is offered: Left out: "deep_schema" (its input schema is nested deeper than 64 levels).'
  await expect(schema).toContainText(leftOut)
  await expect(schema.getByRole('group', { name: 'schema__echo' })).toBeVisible()
  await schema.getByRole('button', { name: 'Reconnect schema' }).click()
  await expect(schema.getByRole('button', { name: 'Reconnect schema' })).toHaveText('Reconnect', { timeout: 20_000 })
  await expect(schema.getByRole('status')).toContainText('connected · 1 tool')
  await expect(schema).toContainText(leftOut)
  await expect(tools.getByRole('region', { name: 'MCP server deep' }).getByRole('status')).toContainText('connected · 2 tools')

  upstream.script({ kind: 'tool', name: 'deep__deep_result', arguments: '{}' }, { kind: 'text', text: 'It was deep.' })
  await page.getByRole('textbox', { name: 'Test utterance' }).fill('how deep does it go')
  await page.getByRole('tab', { name: 'Run' }).click()
  await page.getByRole('combobox', { name: 'Model' }).selectOption('proxy')
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  const trace = page.getByRole('region', { name: 'Run trace' })
  await expect(trace.getByRole('listitem', { name: 'Final answer' })).toContainText('It was deep.', { timeout: 20_000 })
  await expect(trace.getByRole('listitem', { name: 'Tool call' })).toContainText('deep__deep_result live')
  // The model got the answer, cut where it was too deep.
  expect(upstream.requests[1]!.body.messages.at(-1)?.content).toContain('[nested too deep: left out]')
  expect(server.child.exitCode).toBeNull()
  expect((await raw(port, '/healthz')).status).toBe(200)
})
