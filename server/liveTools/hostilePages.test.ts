/**
 * The real playground server (the one `npm run serve` starts) asked to web_fetch pages built to end
 * or freeze it, served from loopback: after each it must still answer, and nothing may go unhandled.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { accessSettingsFrom } from '../accessControl'
import { proxySettingsFrom } from '../openaiProxy'
import { createPlaygroundServer } from '../playgroundServer'
import { rawGet } from '../rawRequest'
import { liveToolSettingsFrom } from '../toolsApi'

const GZIPPED = gzipSync(Buffer.from(Array.from({ length: 20_000 }, (_, i) => `line ${i} of a long page\n`).join('')))
const WIDE = Buffer.from(`<html><body>${'<p>word word</p>'.repeat(131_000)}</body></html>`)
const DEEP = Buffer.from(`<html><body>${'<div>'.repeat(350_000)}deep text${'</div>'.repeat(350_000)}</body></html>`)

let site: Server
let sitePort = 0
const closedSockets: Socket[] = []
let playground: Server
let port = 0
const lines: string[] = []

beforeAll(async () => {
  site = createServer((request, response) => {
    request.socket.once('close', () => closedSockets.push(request.socket))
    if (request.url === '/wide') return void response.writeHead(200, { 'content-type': 'text/html' }).end(WIDE)
    if (request.url === '/deep') return void response.writeHead(200, { 'content-type': 'text/html' }).end(DEEP)
    response.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' })
    response.write(GZIPPED.subarray(0, GZIPPED.length >> 1))
    // `/reset` drops the connection mid-body; `/stall` sends nothing more.
    if (request.url === '/reset') setTimeout(() => request.socket.destroy(), 50)
  })
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
  sitePort = (site.address() as AddressInfo).port
  const root = join(mkdtempSync(join(tmpdir(), 'hostile-')), 'dist')
  mkdirSync(root)
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>app</title>')
  const settings = liveToolSettingsFrom({ LIVE_FETCH_ALLOW: `127.0.0.1:${sitePort}` })
  playground = createPlaygroundServer({
    root,
    proxy: () => proxySettingsFrom({}),
    tools: { settings: () => settings, hub: null },
    access: accessSettingsFrom({}),
    log: (line) => lines.push(line),
  })
  await new Promise<void>((resolve) => playground.listen(0, '127.0.0.1', resolve))
  port = (playground.address() as AddressInfo).port
})
afterAll(async () => {
  await new Promise((resolve) => playground.close(resolve))
  site.closeAllConnections()
  await new Promise((resolve) => site.close(resolve))
})

const uncaught: unknown[] = []
const record = (error: unknown) => uncaught.push(error)
beforeEach(() => {
  uncaught.length = 0
  process.on('uncaughtException', record)
})
afterEach(() => void process.off('uncaughtException', record))

const webFetch = (path: string, signal?: AbortSignal) =>
  fetch(`http://127.0.0.1:${port}/api/tools/web_fetch`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({ arguments: { url: `http://127.0.0.1:${sitePort}${path}` } }),
    ...(signal ? { signal } : {}),
  })

/** How long /healthz takes to answer, asked again and again while `work` runs: the longest wait. */
async function slowestHealthCheck<T>(work: Promise<T>): Promise<{ outcome: T; slowest: number }> {
  let slowest = 0
  let done = false
  const probe = (async () => {
    while (!done) {
      const started = performance.now()
      expect((await rawGet(port, '/healthz')).body).toBe('ok')
      slowest = Math.max(slowest, performance.now() - started)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  })()
  try {
    return { outcome: await work, slowest }
  } finally {
    done = true
    await probe
  }
}

describe('the playground server fetching hostile pages', () => {
  it('a gzip page whose connection drops mid-body: a failed tool call, and the server still answers', async () => {
    const reply = await webFetch('/reset')
    expect(reply.status).toBe(200)
    expect(await reply.json()).toEqual({
      ok: false,
      error: { type: 'failed', message: "The page's body could not be read (aborted)." },
    })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect((await rawGet(port, '/healthz')).body).toBe('ok')
    expect(uncaught).toEqual([])
  })

  it('the page gives up on a stalled gzip page: the server drops that connection too, and still answers', async () => {
    const closedBefore = closedSockets.length
    const giveUp = new AbortController()
    const call = webFetch('/stall', giveUp.signal).catch((error: unknown) => error)
    await new Promise((resolve) => setTimeout(resolve, 300))
    giveUp.abort()
    expect(await call).toMatchObject({ name: 'AbortError' })
    // The server's own fetch of the stalled page ends with the call it was for.
    for (let wait = 0; closedSockets.length === closedBefore && wait < 40; wait++) await new Promise((resolve) => setTimeout(resolve, 50))
    expect(closedSockets.length).toBeGreaterThan(closedBefore)
    expect((await rawGet(port, '/healthz')).body).toBe('ok')
    expect(uncaught).toEqual([])
  })

  it('350,000 nested divs: the text, and /healthz answers throughout', { retry: 1 }, async () => {
    const { outcome, slowest } = await slowestHealthCheck(webFetch('/deep').then((reply) => reply.json()))
    expect(slowest).toBeLessThan(500)
    expect(outcome).toMatchObject({ ok: true, result: { text: expect.stringMatching(/^deep text/) as unknown, truncated: true } })
  })

  it('a 2 MB wide page: the text, and /healthz answers throughout', { retry: 1 }, async () => {
    const { outcome, slowest } = await slowestHealthCheck(webFetch('/wide').then((reply) => reply.json()))
    expect(slowest).toBeLessThan(500)
    expect(outcome).toMatchObject({ ok: true, result: { text: expect.stringMatching(/^word word\nword word/) as unknown } })
  })
})
