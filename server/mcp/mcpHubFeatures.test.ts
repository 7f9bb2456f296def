/**
 * MCP content, sessions, time-outs, tasks and catalogs (docs/live-tools.md), against servers built
 * with the official SDK (McpServer over stdio and Streamable HTTP) and one written without it.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  README_TEXT,
  README_URI,
  startFeatureHttpServer,
  taskLog,
  TINY_PNG,
  type FeatureHttpServer,
} from '../../e2e/standIns/mcpFeatureServer'
import { startRawSessionServer, type RawSessionServer } from '../../e2e/standIns/rawSessionMcpServer'
import { MCP_CONTENT_LIMITS } from '../../src/core/tools/mcpContent'
import { McpHub, readMcpConfig, type McpServerConfig } from './mcpHub'

const FEATURES = resolve(import.meta.dirname, '../../e2e/standIns/mcpFeatureServer.ts')
const never = () => new AbortController().signal

async function hubOf(servers: Record<string, McpServerConfig>, callTimeoutMs = 1000): Promise<McpHub> {
  const hub = new McpHub({ servers, problems: [], path: null }, { callTimeoutMs, connectTimeoutMs: 30_000 })
  hub.start()
  await hub.settled()
  return hub
}

describe('MCP content: images, resources, links and audio reach the page', () => {
  let hub: McpHub
  beforeAll(async () => {
    hub = await hubOf({ everything: { command: process.execPath, args: ['--import', 'tsx', FEATURES, 'stdio'], env: {} } })
    expect(hub.status()[0]).toMatchObject({ state: 'ready' })
  }, 40_000)
  afterAll(() => hub.close())

  it('keeps an image with its data and type, beside the text', async () => {
    expect(await hub.call('everything__tiny_image', {}, never())).toEqual({
      text: 'This is a tiny image:\nThe image above is the MCP logo.',
      content: [{ type: 'image', mimeType: 'image/png', bytes: 70, data: TINY_PNG }],
    })
  })

  it('describes an image over the limit without its data', async () => {
    const result = await hub.call('everything__big_image', {}, never())
    expect(result.content).toEqual([{ type: 'image', mimeType: 'image/png', bytes: 1_125_000, omitted: 'too-large' }])
    expect(1_125_000).toBeGreaterThan(MCP_CONTENT_LIMITS.imageBytes)
  })

  it('gives an embedded resource’s text and a blob’s size, a link’s URI, name and type, and audio’s type and size', async () => {
    expect((await hub.call('everything__resource_reference', {}, never())).content).toEqual([
      { type: 'resource', uri: README_URI, mimeType: 'text/markdown', text: README_TEXT },
      { type: 'resource', uri: 'demo://resource/static/blob/data.bin', mimeType: 'application/octet-stream', bytes: 6 },
    ])
    expect((await hub.call('everything__resource_links', {}, never())).content).toEqual([
      { type: 'resource_link', uri: README_URI, name: 'README.md', mimeType: 'text/markdown', description: 'The demo README' },
      { type: 'resource_link', uri: 'demo://resource/dynamic/7', name: 'Resource 7' },
    ])
    expect((await hub.call('everything__audio_clip', {}, never())).content).toEqual([{ type: 'audio', mimeType: 'audio/wav', bytes: 44 }])
  })

  it('lists the server’s resources, resource templates and prompts', () => {
    const catalog = hub.status()[0]!.catalog!
    expect(catalog.resources).toEqual([{ id: README_URI, name: 'readme', description: 'The demo README', mimeType: 'text/markdown' }])
    expect(catalog.resourceTemplates).toEqual([
      { id: 'demo://resource/dynamic/{id}', name: 'dynamic', description: 'A resource made for each id' },
    ])
    expect(catalog.prompts).toEqual([
      { id: 'simple-prompt', description: 'A prompt without arguments' },
      {
        id: 'args-prompt',
        description: 'A prompt with arguments',
        arguments: [{ name: 'city', description: 'Name of the city', required: true }, { name: 'state' }],
      },
    ])
    expect(catalog.notes).toBeUndefined()
  })
})

describe('MCP sessions: a server that restarted and forgot ours', () => {
  const servers: { close: () => Promise<void> }[] = []
  afterAll(() => Promise.all(servers.map((server) => server.close())))

  for (const status of [404, 400] as const)
    it(`answers ${status}: one new session, the call retried, and the state says so (SDK server)`, async () => {
      const web: FeatureHttpServer = await startFeatureHttpServer(status)
      servers.push(web)
      const hub = await hubOf({ web: { url: web.url, headers: {} } })
      try {
        expect(await hub.call('web__tiny_image', {}, never())).toMatchObject({ text: expect.stringContaining('tiny image') })
        web.forgetSessions()
        expect(await hub.call('web__tiny_image', {}, never())).toMatchObject({ text: expect.stringContaining('tiny image') })
        expect(hub.status()[0]).toMatchObject({ state: 'ready', renewed: { count: 1, status } })
        web.forgetSessions()
        await hub.call('web__tiny_image', {}, never())
        expect(hub.status()[0]).toMatchObject({ state: 'ready', renewed: { count: 2, status } })
      } finally {
        await hub.close()
      }
    })

  it('answers 400 "No valid session ID provided" from a server written without the SDK: restart survived without Reconnect', async () => {
    const raw: RawSessionServer = await startRawSessionServer()
    servers.push(raw)
    const hub = await hubOf({ raw: { url: raw.url, headers: {} } })
    try {
      expect(await hub.call('raw__echo', { text: 'one' }, never())).toEqual({ text: 'echo: one' })
      raw.restart()
      expect(await hub.call('raw__echo', { text: 'two' }, never())).toEqual({ text: 'echo: two' })
      expect(raw.counts).toMatchObject({ initialized: 2 })
      expect(hub.status()[0]).toMatchObject({ state: 'ready', renewed: { count: 1, status: 400 } })
    } finally {
      await hub.close()
    }
  })

  it('retries once only: a server that forgets every session fails the call with its words', async () => {
    const raw = await startRawSessionServer()
    servers.push(raw)
    const hub = await hubOf({ raw: { url: raw.url, headers: {} } })
    try {
      // Forget the session the moment it is made, so the retry is refused too.
      const forget = setInterval(() => raw.restart(), 1)
      await expect(hub.call('raw__echo', { text: 'x' }, never())).rejects.toThrow('No valid session ID provided')
      clearInterval(forget)
      expect(raw.counts.initialized).toBe(2)
    } finally {
      await hub.close()
    }
  })
})

describe('MCP time-outs: one per server, restarted by progress', () => {
  let web: FeatureHttpServer
  beforeAll(async () => {
    web = await startFeatureHttpServer(404)
  })
  afterAll(() => web.close())

  it('waits as long as the server’s own timeoutMs, past the default, and offers it to the page', async () => {
    const hub = await hubOf({ patient: { url: web.url, headers: {}, timeoutMs: 3000 }, plain: { url: web.url, headers: {} } }, 1000)
    try {
      const patient = hub.tools().find((tool) => tool.name === 'patient__slow')!
      expect(patient).toMatchObject({ timeoutMs: 3000, maxWaitMs: 30_000 })
      expect(hub.status().map((server) => server.timeoutMs)).toEqual([3000, 1000])
      expect(await hub.call('patient__slow', { ms: 1500 }, never())).toEqual({ text: 'Done after 1500 ms.' })
      const started = Date.now()
      await expect(hub.call('plain__slow', { ms: 1500 }, never())).rejects.toThrow('did not answer slow within 1 s')
      expect(Date.now() - started).toBeLessThan(1400)
    } finally {
      await hub.close()
    }
  })

  it('restarts the time-out on each progress notification, up to the total', async () => {
    const hub = await hubOf({ web: { url: web.url, headers: {}, timeoutMs: 800, maxTotalTimeoutMs: 5000 } })
    try {
      expect(await hub.call('web__slow', { ms: 2000, every: 200 }, never())).toEqual({ text: 'Done after 2000 ms.' })
      await expect(hub.call('web__slow', { ms: 2000 }, never())).rejects.toThrow('did not answer slow within 0.8 s (or 5 s in all')
    } finally {
      await hub.close()
    }
  })

  it('reads timeoutMs and maxTotalTimeoutMs from mcp.json, and names a bad one', () => {
    const folder = mkdtempSync(join(tmpdir(), 'mcp-timeouts-'))
    writeFileSync(
      join(folder, 'mcp.json'),
      JSON.stringify({
        mcpServers: {
          slowOne: { url: 'http://127.0.0.1:1/mcp', timeoutMs: 60_000, maxTotalTimeoutMs: 600_000 },
          wrong: { command: 'x', timeoutMs: '60s' },
        },
      }),
    )
    const config = readMcpConfig({}, folder)
    expect(config.servers.slowOne).toMatchObject({ timeoutMs: 60_000, maxTotalTimeoutMs: 600_000 })
    expect(config.problems).toEqual([{ name: 'wrong', message: '"timeoutMs" must be a whole number of milliseconds above 0, not "60s".' }])
  })
})

describe('MCP tasks: a tool that requires task-based execution', () => {
  let web: FeatureHttpServer
  let hub: McpHub
  beforeAll(async () => {
    web = await startFeatureHttpServer(404)
    hub = await hubOf({ web: { url: web.url, headers: {}, timeoutMs: 1500 } })
  })
  afterAll(async () => {
    await hub.close()
    await web.close()
  })

  it('is listed as a task, created, polled and its result fetched', async () => {
    expect(hub.tools().find((tool) => tool.name === 'web__research')).toMatchObject({ task: true })
    expect(await hub.call('web__research', { topic: 'tides', ms: 300 }, never())).toEqual({
      text: 'Research on tides: three sources agree.',
      structured: { topic: 'tides', sources: 3 },
    })
  })

  it('has the server’s time-out, and a task that outlives it is cancelled on the server', async () => {
    const before = taskLog.cancelled.length
    const started = Date.now()
    await expect(hub.call('web__research', { topic: 'slow', ms: 10_000 }, never())).rejects.toThrow('did not answer research within 1.5 s')
    expect(Date.now() - started).toBeLessThan(3000)
    await expect.poll(() => taskLog.cancelled.length, { timeout: 3000 }).toBe(before + 1)
  })

  it('is cancelled on the server when the call is aborted', async () => {
    const before = taskLog.cancelled.length
    const abort = new AbortController()
    setTimeout(() => abort.abort(), 300)
    await expect(hub.call('web__research', { topic: 'aborted', ms: 10_000 }, abort.signal)).rejects.toThrow()
    await expect.poll(() => taskLog.cancelled.length, { timeout: 3000 }).toBe(before + 1)
  })
})
