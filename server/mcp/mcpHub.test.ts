import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { connect, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEPTH_MARKER } from './boundJson'
import { McpHub, readMcpConfig, RESULT_LIMITS } from './mcpHub'

const STAND_IN = resolve(import.meta.dirname, '../../e2e/standIns/mcpTestServer.ts')
const stdio = (mode: string) => ({ command: process.execPath, args: ['--import', 'tsx', STAND_IN, mode] })

async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done))
  const { port } = probe.address() as { port: number }
  await new Promise((done) => probe.close(done))
  return port
}

let httpServer: ChildProcess
let httpPort = 0
let hub: McpHub

beforeAll(async () => {
  httpPort = await freePort()
  httpServer = spawn(process.execPath, ['--import', 'tsx', STAND_IN, 'http', String(httpPort)], { stdio: 'ignore' })
  const folder = mkdtempSync(join(tmpdir(), 'mcp-config-'))
  writeFileSync(
    join(folder, 'mcp.json'),
    JSON.stringify({
      mcpServers: {
        local: stdio('stdio'),
        'remote.api': { url: `http://127.0.0.1:${httpPort}/mcp`, headers: { authorization: 'Bearer ${TEST_MCP_TOKEN}' } },
        broken: stdio('exit'),
        nonsense: { port: 1 },
      },
    }),
  )
  const config = readMcpConfig({ TEST_MCP_TOKEN: 'abc' }, folder)
  expect(config.servers['remote.api']).toEqual({ url: `http://127.0.0.1:${httpPort}/mcp`, headers: { authorization: 'Bearer abc' } })
  // The HTTP stand-in takes a moment to listen: give connecting a few tries.
  for (let attempt = 0; attempt < 40; attempt++) {
    hub = new McpHub(config, { callTimeoutMs: 1500, connectTimeoutMs: 10_000 })
    hub.start()
    await hub.settled()
    if (hub.status().find((server) => server.name === 'remote.api')?.state === 'ready') break
    await hub.close()
    await new Promise((done) => setTimeout(done, 250))
  }
}, 60_000)

afterAll(async () => {
  await hub.close()
  httpServer.kill()
})

describe('MCP servers through the official SDK', () => {
  it('lists each server’s tools under <server>__<tool>, with their schemas, over stdio and Streamable HTTP', () => {
    const names = hub.tools().map((tool) => tool.name)
    expect(names).toEqual(expect.arrayContaining(['local__add', 'local__shout', 'remote_api__add', 'remote_api__slow']))
    const add = hub.tools().find((tool) => tool.name === 'local__add')!
    expect(add).toMatchObject({ server: 'local', description: 'Add two numbers.' })
    expect(add.parameters).toMatchObject({ type: 'object', required: ['a', 'b'] })
    for (const name of names) expect(name).toMatch(/^[A-Za-z0-9_-]{1,64}$/)
  })

  it('calls a tool and returns its text and structured content', async () => {
    const signal = new AbortController().signal
    expect(await hub.call('local__add', { a: 2, b: 3 }, signal)).toEqual({ text: 'The sum is 5.', structured: { sum: 5 } })
    expect(await hub.call('remote_api__shout', { text: 'hi' }, signal)).toEqual({ text: 'HI' })
  })

  it('reports an isError result as an error with the server’s words', async () => {
    await expect(hub.call('local__fail', {}, new AbortController().signal)).rejects.toThrow('The test tool failed on purpose.')
  })

  it('gives up on a call that hangs, in the configured time, and the server keeps working', async () => {
    const started = Date.now()
    await expect(hub.call('remote_api__slow', {}, new AbortController().signal)).rejects.toThrow('did not answer slow within 1.5 s')
    expect(Date.now() - started).toBeLessThan(5000)
    expect(await hub.call('remote_api__add', { a: 1, b: 1 }, new AbortController().signal)).toMatchObject({ structured: { sum: 2 } })
  })

  it('reports a server that exits at start with its stderr, and one it cannot read, without stopping the others', () => {
    const broken = hub.status().find((server) => server.name === 'broken')!
    expect(broken.state).toBe('failed')
    expect(broken.stderr).toContain('cannot open its database')
    expect(hub.status().find((server) => server.name === 'nonsense')).toMatchObject({
      state: 'failed',
      message: expect.stringContaining('"command"'),
    })
    expect(hub.status().find((server) => server.name === 'local')).toMatchObject({ state: 'ready', tools: 4 })
  })

  it('reconnects on demand', async () => {
    expect(await hub.reconnect('local')).toBe(true)
    expect(hub.status().find((server) => server.name === 'local')?.state).toBe('ready')
    expect(await hub.call('local__add', { a: 40, b: 2 }, new AbortController().signal)).toMatchObject({ structured: { sum: 42 } })
    expect(await hub.reconnect('nobody')).toBe(false)
  })
})

/** Hostile servers (e2e/standIns/hostileMcpServer.ts): what a careless or malicious MCP server can send. */
describe('hostile MCP servers', () => {
  const HOSTILE = resolve(import.meta.dirname, '../../e2e/standIns/hostileMcpServer.ts')
  const hostile = (mode: string) => ({ command: process.execPath, args: ['--import', 'tsx', HOSTILE, mode], env: {} })
  let hostileHub: McpHub
  let patientHub: McpHub
  let briefHub: McpHub
  let web: ChildProcess
  const status = (from: McpHub, name: string) => from.status().find((server) => server.name === name)!
  const never = () => new AbortController().signal

  beforeAll(async () => {
    const port = await freePort()
    web = spawn(process.execPath, ['--import', 'tsx', HOSTILE, 'http', String(port)], { stdio: 'ignore' })
    await waitForPort(port)
    const url = (path: string) => ({ url: `http://127.0.0.1:${port}${path}`, headers: {} })
    // Eight servers start at once: a connect time-out that only a hung server reaches, on a busy machine too.
    hostileHub = new McpHub(
      {
        servers: {
          ...Object.fromEntries(
            ['deep-result', 'deep-schema', 'redos', 'odd', 'endless', 'many', 'noisy'].map((mode) => [mode, hostile(mode)]),
          ),
          web: url('/mcp'),
        },
        problems: [],
        path: null,
      },
      { callTimeoutMs: 3000, connectTimeoutMs: 90_000 },
    )
    // The connect time-out itself, against a server already running: one that never answers
    // initialize, one whose pages come slowly.
    patientHub = new McpHub(
      { servers: { silent: url('/silent'), slow: url('/slow-endless') }, problems: [], path: null },
      { connectTimeoutMs: 4000 },
    )
    // Short time-outs, for a fetch that outlives its request.
    // Progress could stretch a call to its total, so an answer is kept open that long: here no longer than the call.
    briefHub = new McpHub(
      { servers: { web: { ...url('/mcp'), maxTotalTimeoutMs: 1000 } }, problems: [], path: null },
      { connectTimeoutMs: 4000, callTimeoutMs: 1000 },
    )
    for (const hub of [hostileHub, patientHub, briefHub]) hub.start()
    await Promise.all([hostileHub.settled(), patientHub.settled(), briefHub.settled()])
  }, 120_000)

  afterAll(async () => {
    await Promise.all([hostileHub.close(), patientHub.close(), briefHub.close()])
    web.kill()
  })

  it('cuts structured content 100,000 levels deep at 64 levels, so that it serialises (item 4)', async () => {
    const result = (await hostileHub.call('deep-result__deep_result', {}, never())) as { text: string; structured: { nested: unknown } }
    expect(result.text).toBe('Deep.')
    expect(() => JSON.stringify(result)).not.toThrow()
    let level: unknown = result.structured.nested
    let depth = 2
    while (typeof level === 'object' && level !== null) {
      level = (level as { a: unknown }).a
      depth++
    }
    expect(level).toBe(DEPTH_MARKER)
    expect(depth).toBe(RESULT_LIMITS.depth + 1)
  })

  it('leaves out a tool whose input schema is 3,000 levels deep, says why, and keeps the others; Reconnect answers (item 5)', async () => {
    for (let round = 0; round < 2; round++) {
      expect(status(hostileHub, 'deep-schema')).toMatchObject({
        state: 'ready',
        reason: 'partial',
        message: 'Left out: "deep_schema" (its input schema is nested deeper than 64 levels).',
        tools: 1,
      })
      expect(
        hostileHub
          .tools()
          .filter((tool) => tool.server === 'deep-schema')
          .map((tool) => tool.name),
      ).toEqual(['deep-schema__echo'])
      expect(() => JSON.stringify(hostileHub.tools())).not.toThrow()
      if (round === 0) expect(await hostileHub.reconnect('deep-schema')).toBe(true)
    }
    expect(await hostileHub.call('deep-schema__echo', { text: 'still here' }, never())).toEqual({ text: 'still here' })
  }, 60_000)

  it('does not run a server’s output pattern: a result that makes ^(a+)+$ backtrack comes back at once (item 6)', async () => {
    const started = Date.now()
    expect(await hostileHub.call('redos__redos', {}, never())).toEqual({ text: 'A word.', structured: { word: `${'a'.repeat(34)}!` } })
    expect(Date.now() - started).toBeLessThan(5000)
  })

  it('stops an endless listing after 100 pages, keeps those tools and says so; Reconnect answers (item 7)', async () => {
    const expected = {
      state: 'ready',
      reason: 'partial',
      message: 'It was still listing after 100 pages: the tools of those pages are offered.',
      tools: 100,
    }
    expect(status(hostileHub, 'endless')).toMatchObject(expected)
    expect(await hostileHub.reconnect('endless')).toBe(true)
    expect(status(hostileHub, 'endless')).toMatchObject(expected)
    expect(await hostileHub.call('endless__echo_99', { text: 'last page' }, never())).toEqual({ text: 'last page' })
  }, 60_000)

  it('keeps the pages that came within the connect time-out when the listing is slower, and fails a server that never answers', () => {
    const slow = status(patientHub, 'slow')
    expect(slow).toMatchObject({ state: 'ready', reason: 'partial', message: expect.stringMatching(/^Its listing did not finish in time/) })
    expect(slow.tools).toBeGreaterThan(0)
    expect(slow.tools).toBeLessThan(20)
    expect(status(patientHub, 'silent')).toMatchObject({
      state: 'failed',
      reason: 'connect-failed',
      message: expect.stringMatching(/timed out/),
    })
  })

  it('leaves out a malformed tool, one with an overlong name and a second one named alike, and cuts a long description, keeping the rest', async () => {
    const odd = status(hostileHub, 'odd')
    expect(odd).toMatchObject({ state: 'ready', reason: 'partial', tools: 3 })
    expect(odd.message).toBe(
      `Left out: "long_${'n'.repeat(55)}…" (its name is over 128 characters); "shapeless" (inputSchema.type: Invalid input: expected "object"); ` +
        `"dot.ted" (its name reads as odd__dot_ted, as another tool's does).`,
    )
    const wordy = hostileHub.tools().find((tool) => tool.name === 'odd__wordy')!
    expect(wordy.description).toHaveLength(4001)
    expect(await hostileHub.call('odd__echo', { text: 'ok' }, never())).toEqual({ text: 'ok' })
  })

  it('offers the first 1,000 of 5,000 tools and says so', () => {
    expect(status(hostileHub, 'many')).toMatchObject({
      state: 'ready',
      reason: 'partial',
      message: 'It lists more than 1000 tools: the first 1000 are offered.',
      tools: 1000,
    })
  })

  it('works with a server that prints log lines on stdout and floods stderr, keeping only a tail of it', async () => {
    expect(status(hostileHub, 'noisy')).toMatchObject({ state: 'ready', tools: 1 })
    expect(await hostileHub.call('noisy__echo', { text: 'heard' }, never())).toEqual({ text: 'heard' })
    expect(status(hostileHub, 'noisy').stderr?.length).toBeLessThanOrEqual(2000)
  })

  const sent = async () =>
    ((await hostileHub.call('web__sent', {}, never())) as { structured: { bytes: number; hungUp: boolean } }).structured

  it('hangs up on an HTTP answer that never ends at 10 MB, and on an event that never ends, and keeps working', async () => {
    await expect(hostileHub.call('web__endless_body', {}, never())).rejects.toThrow('The server sent a message over 10 MB.')
    await expect.poll(sent, { timeout: 5000 }).toMatchObject({ hungUp: true })
    expect((await sent()).bytes).toBeLessThan(64 * 1024 * 1024)
    await expect(hostileHub.call('web__endless_event', {}, never())).rejects.toThrow('did not answer endless_event within 3 s')
    expect(await sent()).toMatchObject({ hungUp: true, bytes: expect.any(Number) })
    expect((await sent()).bytes).toBeLessThan(64 * 1024 * 1024)
    expect(await hostileHub.call('web__echo', { text: 'fine' }, never())).toEqual({ text: 'fine' })
  })

  it('hangs up on an HTTP answer that trickles, once its request is past the time-outs, instead of keeping the connection', async () => {
    expect(status(briefHub, 'web')).toMatchObject({ state: 'ready' })
    await expect(briefHub.call('web__trickle', {}, never())).rejects.toThrow('did not answer trickle within 1 s')
    expect(await sent()).toMatchObject({ hungUp: false })
    // The connect time-out is the longer one; the stand-in would trickle on far longer.
    await expect.poll(sent, { timeout: 8000, interval: 250 }).toMatchObject({ hungUp: true })
    expect((await sent()).bytes).toBeLessThan(100)
  })
})

/** Resolves once something listens on the loopback port (the stand-in takes a moment to start). */
async function waitForPort(port: number): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const open = await new Promise<boolean>((done) => {
      const socket = connect(port, '127.0.0.1')
      socket.once('connect', () => done(true)).once('error', () => done(false))
      socket.once('close', () => socket.destroy())
      socket.once('connect', () => socket.end())
    })
    if (open) return
    await new Promise((done) => setTimeout(done, 100))
  }
  throw new Error(`Nothing listens on 127.0.0.1:${port}.`)
}
