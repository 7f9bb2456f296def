/**
 * MCP servers as teams plug them in, through `npm run serve` and the page (docs/live-tools.md):
 * an SDK McpServer over stdio in server-everything's shapes (an image, an embedded resource, links;
 * resources and prompts to browse), and one over Streamable HTTP that restarts (forgets its
 * sessions, answering 400 "No valid session ID provided"), allows a slow tool longer than the
 * default time-out, and runs a tool that requires task-based execution. Everything listens on loopback.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { rawGet as raw } from '../server/rawRequest'
import { FakeOpenAI } from './fakeOpenAI'
import { expect, test } from './fixtures'
import { freePort, ROOT, serve } from './serverProcess'
import { README_TEXT, startFeatureHttpServer, TINY_PNG, type FeatureHttpServer } from './standIns/mcpFeatureServer'

test.describe.configure({ mode: 'serial' })

const upstream = new FakeOpenAI()
let server: ReturnType<typeof serve>
let web: FeatureHttpServer
let port = 0

test.beforeAll(async () => {
  test.setTimeout(90_000)
  const upstreamPort = await freePort()
  await upstream.start(upstreamPort)
  web = await startFeatureHttpServer(400)
  const folder = mkdtempSync(join(tmpdir(), 'mcp-servers-'))
  const everything = { command: process.execPath, args: ['--import', 'tsx', join(ROOT, 'e2e/standIns/mcpFeatureServer.ts'), 'stdio'] }
  // The default (MCP_TOOL_TIMEOUT_MS) is 1 s; the HTTP server allows its tools 3 s.
  writeFileSync(join(folder, 'mcp.json'), JSON.stringify({ mcpServers: { everything, web: { url: web.url, timeoutMs: 3000 } } }))
  port = await freePort()
  server = serve({
    HOST: '127.0.0.1',
    PORT: String(port),
    OPENAI_API_KEY: 'sk-mcp-servers-test',
    OPENAI_BASE_URL: `http://127.0.0.1:${upstreamPort}/v1`,
    OPENAI_MODEL: 'gpt-4o-mini',
    MCP_CONFIG: join(folder, 'mcp.json'),
    MCP_TOOL_TIMEOUT_MS: '1000',
  })
  await expect.poll(async () => (await raw(port, '/healthz').catch(() => ({ status: 0 }))).status, { timeout: 30_000 }).toBe(200)
})

test.afterAll(async () => {
  server.child.kill('SIGTERM')
  await server.exited
  await upstream.stop()
  await web.close()
})

async function openTools(page: Page) {
  await page.goto(`http://127.0.0.1:${port}/`)
  await page.getByRole('button', { name: 'Skip the guide' }).click()
  await page.getByRole('tab', { name: 'Tools' }).click()
  const tools = page.getByRole('region', { name: 'Tools' })
  await expect(tools.getByRole('region', { name: 'MCP server everything' }).getByRole('status')).toContainText('connected', {
    timeout: 30_000,
  })
  await expect(tools.getByRole('region', { name: 'MCP server web' }).getByRole('status').first()).toContainText('connected')
  return tools
}

async function run(page: Page, utterance: string) {
  await page.getByRole('textbox', { name: 'Test utterance' }).fill(utterance)
  await page.getByRole('tab', { name: 'Run' }).click()
  await page.getByRole('combobox', { name: 'Model' }).selectOption('proxy')
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  return page.getByRole('region', { name: 'Run trace' })
}

test('the Tools tab lists resources and prompts and each server’s real time-out; an image and a resource reach the trace and the model', async ({
  page,
}) => {
  const tools = await openTools(page)
  const everything = tools.getByRole('region', { name: 'MCP server everything' })
  await expect(everything.getByRole('group', { name: 'everything__tiny_image' })).toContainText('live · run by the server · 1 s timeout')
  const webServer = tools.getByRole('region', { name: 'MCP server web' })
  await expect(webServer.getByRole('group', { name: 'web__slow' })).toContainText('3 s timeout')
  await expect(webServer.getByRole('group', { name: 'web__research' })).toContainText('run by the server as a task · 3 s timeout')
  const resources = everything.getByRole('group', { name: 'Resources of everything' })
  await resources.getByText('Resources (1)').click()
  await expect(resources).toContainText('demo://resource/static/document/README.md')
  const prompts = everything.getByRole('group', { name: 'Prompts of everything' })
  await prompts.getByText('Prompts (2)').click()
  await expect(prompts).toContainText('Arguments: city (required), state')
  await expect(everything.getByRole('group', { name: 'Resource templates of everything' })).toContainText('Resource templates (1)')

  upstream.script(
    { kind: 'tool', name: 'everything__tiny_image', arguments: '{}' },
    { kind: 'tool', name: 'everything__resource_reference', arguments: '{}' },
    { kind: 'text', text: 'A tiny logo and a readme.' },
  )
  const trace = await run(page, 'show me the picture')
  await expect(trace.getByRole('listitem', { name: 'Final answer' })).toContainText('A tiny logo and a readme.', { timeout: 20_000 })
  const image = trace.getByRole('img', { name: 'Image from everything__tiny_image (image/png, 70 B)' })
  await expect(image).toBeVisible()
  expect(await image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(1)
  const resource = trace.getByRole('group', { name: 'Resource demo://resource/static/document/README.md' })
  await resource.locator('summary').click()
  await expect(resource).toContainText('The embedded resource’s text')
  // The model (gpt-4o-mini takes images) got the image as an image part after the tool results,
  // and the resource's text in the tool result.
  const second = upstream.requests[1]!.body.messages as { role: string; content: unknown }[]
  expect(second.at(-1)).toEqual({
    role: 'user',
    content: [
      { type: 'text', text: 'The images the tools returned above, in order:\n1. from everything__tiny_image (image/png)' },
      { type: 'image_url', image_url: { url: `data:image/png;base64,${TINY_PNG}` } },
    ],
  })
  const third = upstream.requests[2]!.body.messages as { role: string; content: unknown }[]
  expect(String(third.at(-1)?.content)).toContain(JSON.stringify(README_TEXT).slice(1, -1))
})

test('a server that restarted is used again without Reconnect, a slow tool gets the server’s 3 s, and a task runs', async ({ page }) => {
  const tools = await openTools(page)
  web.forgetSessions()
  upstream.script(
    { kind: 'tool', name: 'web__slow', arguments: '{"ms": 1500}' },
    { kind: 'tool', name: 'web__research', arguments: '{"topic": "tides", "ms": 300}' },
    { kind: 'text', text: 'Slow and researched.' },
  )
  const trace = await run(page, 'take your time')
  await expect(trace.getByRole('listitem', { name: 'Final answer' })).toContainText('Slow and researched.', { timeout: 20_000 })
  const calls = trace.getByRole('listitem', { name: 'Tool call' })
  await expect(calls.nth(0)).toContainText('Done after 1500 ms.')
  await expect(calls.nth(1)).toContainText('Research on tides: three sources agree.')
  await page.getByRole('tab', { name: 'Tools' }).click()
  await expect(tools.getByRole('status', { name: 'Session of web' })).toContainText(
    'The server had forgotten this session (it answered HTTP 400, as after a restart): a new session was started and the call retried. Once so far.',
  )
  expect(server.child.exitCode).toBeNull()
})
