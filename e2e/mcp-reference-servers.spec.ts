/**
 * The public MCP reference servers through `npm run serve` and the page (docs/live-tools.md,
 * "Tested against the reference servers"): server-everything, server-filesystem and server-memory
 * over stdio and server-everything over Streamable HTTP, as npm installs them. The Tools tab lists
 * their 49 tools; a run calls server-everything's image tool, and its image, an embedded resource's
 * text and a link's URI reach the trace and the model. Everything listens on loopback.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { rawGet as raw } from '../server/rawRequest'
import { FakeOpenAI } from './fakeOpenAI'
import { expect, test } from './fixtures'
import { freePort, ROOT, serve } from './serverProcess'

test.describe.configure({ mode: 'serial' })

const PACKAGES = join(ROOT, 'node_modules/@modelcontextprotocol')
const entry = (name: string) => join(PACKAGES, name, 'dist/index.js')
const DOT_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='
const EVERYTHING_TOOLS = [
  'echo',
  'get-annotated-message',
  'get-env',
  'get-resource-links',
  'get-resource-reference',
  'get-structured-content',
  'get-sum',
  'get-tiny-image',
  'gzip-file-as-resource',
  'toggle-simulated-logging',
  'toggle-subscriber-updates',
  'trigger-long-running-operation',
  'simulate-research-query',
]

const upstream = new FakeOpenAI()
let server: ReturnType<typeof serve>
let http: ChildProcess
let port = 0
let root = ''

test.beforeAll(async () => {
  test.setTimeout(90_000)
  const upstreamPort = await freePort()
  await upstream.start(upstreamPort)
  const httpPort = await freePort()
  http = spawn(process.execPath, [entry('server-everything'), 'streamableHttp'], {
    env: { PATH: process.env.PATH ?? '', PORT: String(httpPort) },
    stdio: 'ignore',
  })
  await expect
    .poll(async () => (await raw(httpPort, '/mcp').catch(() => ({ status: 0 }))).status, { timeout: 20_000 })
    // GET without a session: the server is up and refuses it.
    .toBe(400)
  const folder = mkdtempSync(join(tmpdir(), 'mcp-reference-'))
  root = mkdtempSync(join(tmpdir(), 'mcp-reference-files-'))
  writeFileSync(join(root, 'dot.png'), Buffer.from(DOT_PNG, 'base64'))
  const node = process.execPath
  writeFileSync(
    join(folder, 'mcp.json'),
    JSON.stringify({
      mcpServers: {
        everything: { command: node, args: [entry('server-everything'), 'stdio'] },
        filesystem: { command: node, args: [entry('server-filesystem'), root] },
        memory: { command: node, args: [entry('server-memory')], env: { MEMORY_FILE_PATH: join(folder, 'memory.jsonl') } },
        web: { url: `http://127.0.0.1:${httpPort}/mcp`, timeoutMs: 10_000 },
      },
    }),
  )
  port = await freePort()
  server = serve({
    HOST: '127.0.0.1',
    PORT: String(port),
    OPENAI_API_KEY: 'sk-mcp-reference-test',
    OPENAI_BASE_URL: `http://127.0.0.1:${upstreamPort}/v1`,
    OPENAI_MODEL: 'gpt-4o-mini',
    MCP_CONFIG: join(folder, 'mcp.json'),
  })
  await expect.poll(async () => (await raw(port, '/healthz').catch(() => ({ status: 0 }))).status, { timeout: 30_000 }).toBe(200)
})

test.afterAll(async () => {
  server.child.kill('SIGTERM')
  await server.exited
  http.kill('SIGTERM')
  await upstream.stop()
})

test('the Tools tab lists the reference servers’ 49 tools; server-everything’s image, resource and links reach the trace and the model', async ({
  page,
}) => {
  await page.goto(`http://127.0.0.1:${port}/`)
  await page.getByRole('button', { name: 'Skip the guide' }).click()
  await page.getByRole('tab', { name: 'Tools' }).click()
  const tools = page.getByRole('region', { name: 'Tools' })
  for (const [name, count] of [
    ['everything', 13],
    ['filesystem', 14],
    ['memory', 9],
    ['web', 13],
  ] as const)
    await expect(
      tools
        .getByRole('region', { name: `MCP server ${name}` })
        .getByRole('status')
        .first(),
    ).toContainText(`connected · ${count} tools`, { timeout: 30_000 })
  const everything = tools.getByRole('region', { name: 'MCP server everything' })
  for (const tool of EVERYTHING_TOOLS) await expect(everything.getByRole('group', { name: `everything__${tool}` })).toHaveCount(1)
  await expect(everything.getByRole('group', { name: 'everything__simulate-research-query' })).toContainText('run by the server as a task')

  upstream.script(
    { kind: 'tool', name: 'everything__get-tiny-image', arguments: '{}' },
    { kind: 'tool', name: 'everything__get-resource-reference', arguments: '{"resourceType": "Text", "resourceId": 1}' },
    { kind: 'tool', name: 'web__get-resource-links', arguments: '{"count": 2}' },
    { kind: 'tool', name: 'filesystem__read_media_file', arguments: JSON.stringify({ path: join(root, 'dot.png') }) },
    { kind: 'text', text: 'The MCP logo, a readme, two links and a dot.' },
  )
  await page.getByRole('textbox', { name: 'Test utterance' }).fill('show me the logo')
  await page.getByRole('tab', { name: 'Run' }).click()
  await page.getByRole('combobox', { name: 'Model' }).selectOption('proxy')
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  const trace = page.getByRole('region', { name: 'Run trace' })
  await expect(trace.getByRole('listitem', { name: 'Final answer' })).toContainText('The MCP logo, a readme, two links and a dot.', {
    timeout: 30_000,
  })
  const logo = trace.getByRole('img', { name: 'Image from everything__get-tiny-image (image/png, 3.9 KB)' })
  await expect(logo).toBeVisible()
  expect(await logo.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(1)
  const dot = trace.getByRole('img', { name: 'Image from filesystem__read_media_file (image/png, 70 B)' })
  expect(await dot.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(1)
  const resource = trace.getByRole('group', { name: 'Resource demo://resource/dynamic/text/1' })
  await resource.locator('summary').click()
  await expect(resource).toContainText('Resource 1: This is a plaintext resource created at')
  await expect(trace.getByLabel('Link to demo://resource/dynamic/text/2')).toContainText('Text Resource 2')

  // The model (gpt-4o-mini takes images) got the logo as an image part after the tool result, the
  // resource's text and the links' URIs in the tool results; no base64 in any tool result's JSON.
  const messages = (index: number) => upstream.requests[index]!.body.messages as { role: string; content: unknown }[]
  const afterLogo = messages(1).at(-1) as { role: string; content: { type: string; image_url?: { url: string } }[] }
  expect(afterLogo.role).toBe('user')
  expect(afterLogo.content[1]!.image_url!.url).toMatch(/^data:image\/png;base64,iVBORw0KGgo/)
  expect(String(messages(2).at(-1)?.content)).toContain('Resource 1: This is a plaintext resource created at')
  expect(String(messages(3).at(-1)?.content)).toContain('demo://resource/dynamic/text/2')
  const toolResults = messages(4).filter((message) => message.role === 'tool')
  expect(toolResults).toHaveLength(4)
  for (const result of toolResults) expect(String(result.content)).not.toContain('iVBORw0KGgo')
  expect(messages(4).at(-1)).toEqual({
    role: 'user',
    content: [
      { type: 'text', text: 'The images the tools returned above, in order:\n1. from filesystem__read_media_file (image/png)' },
      { type: 'image_url', image_url: { url: `data:image/png;base64,${DOT_PNG}` } },
    ],
  })
})
