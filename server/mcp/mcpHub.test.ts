import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { McpHub, readMcpConfig } from './mcpHub'

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
