import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { performance } from 'node:perf_hooks'
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { parseAllowList } from './addressGuard'
import { MAX_FETCH_BYTES, MAX_REDIRECTS, pinnedTransport, webFetch } from './webFetch'

const ARTICLE = `<!doctype html><html><head><title>退款政策 | Example Shop</title><script>alert(1)</script></head><body>
<nav>Home · Products · Cart</nav>
<article><h1>退款政策</h1>
<p>Orders can be refunded within 30 days of delivery. Refunds go back to the original payment method within five working days.</p>
<p>退货需保持商品完好，并附上原始包装。Items must be returned unused, in their original packaging, with the receipt.</p>
<p>Digital goods cannot be refunded once downloaded, except where the law requires it.</p>
</article><footer>© Example Shop</footer></body></html>`

/** A page worth compressing: its compressed form is many packets long, so half of it is a real half-sent body. */
const PAGE = Buffer.from(Array.from({ length: 20_000 }, (_, i) => `line ${i} of a long page\n`).join(''))
const COMPRESSED: Record<string, Buffer> = { gzip: gzipSync(PAGE), deflate: deflateSync(PAGE), br: brotliCompressSync(PAGE) }

/** Sends the headers and half the compressed body, flushed, and keeps the connection open. */
function sendHalf(response: ServerResponse, encoding: string) {
  const body = COMPRESSED[encoding]!
  response.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': encoding })
  response.write(body.subarray(0, body.length >> 1))
}

// Built once, so the site's own work stays out of what the tests measure.
const nestedPage = (depth: number) => Buffer.from(`<html><body>${'<div>'.repeat(depth)}deep text${'</div>'.repeat(depth)}</body></html>`)
const NESTED: Record<string, Buffer> = { '/nested/2000': nestedPage(2000), '/nested/350000': nestedPage(350_000) }
const WIDE = Buffer.from(`<html><body>${'<p>word word</p>'.repeat(131_000)}</body></html>`)
const HEAVY = Buffer.from(`<html><body>${'<div>word word more words here to read, and more.</div>'.repeat(9_500)}</body></html>`)

/**
 * The longest the test's own thread was busy without a break while `work` ran: how long the server
 * would have answered nothing. Measured as the event loop's busy time between two timer ticks, so
 * time the machine gave to other processes while the thread waited is not counted.
 */
async function longestStall<T>(work: Promise<T>): Promise<{ outcome: T; stall: number }> {
  let mark = performance.eventLoopUtilization()
  let longest = 0
  const measure = () => {
    const now = performance.eventLoopUtilization()
    longest = Math.max(longest, performance.eventLoopUtilization(now, mark).active)
    mark = now
  }
  const tick = setInterval(measure, 10)

  try {
    const outcome = await work
    measure()
    return { outcome, stall: longest }
  } finally {
    clearInterval(tick)
  }
}

let site: Server
let port = 0
/** Connections the site saw close: a fetch that gives up must close its socket. */
const closedSockets: Socket[] = []
const never = new AbortController().signal
// Nothing here resolves a name: every test address is a loopback literal, let through by the allowlist.
const noDns = () => Promise.reject(new Error('no DNS in this test'))

beforeAll(async () => {
  site = createServer((request, response) => {
    const path = request.url ?? '/'
    if (path === '/article') return void response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE)
    if (path === '/gzip')
      return void response.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' }).end(gzipSync('compressed hello'))
    if (path === '/huge') {
      response.writeHead(200, { 'content-type': 'text/plain' })
      response.end('x'.repeat(MAX_FETCH_BYTES + 500_000))
      return
    }
    if (path === '/bomb')
      return void response
        .writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' })
        .end(gzipSync(Buffer.alloc(50 * 1024 * 1024, 97)))
    if (path.startsWith('/loop/')) {
      const n = Number(path.slice(6))
      return void response.writeHead(302, { location: `/loop/${n + 1}` }).end()
    }
    if (path === '/to-other-port') return void response.writeHead(302, { location: 'http://127.0.0.1:9/' }).end()
    if (path === '/image') return void response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(100))
    const nested = NESTED[path]
    if (nested) return void response.writeHead(200, { 'content-type': 'text/html' }).end(nested)
    // 2 MB of sibling paragraphs.
    if (path === '/wide') return void response.writeHead(200, { 'content-type': 'text/html' }).end(WIDE)
    // Inside the limits, so it gets Readability, which takes a while over this many elements.
    if (path === '/heavy') return void response.writeHead(200, { 'content-type': 'text/html' }).end(HEAVY)
    const hostile = /^\/(gzip|deflate|br)-(reset|stall|cut)$/.exec(path)
    if (hostile) {
      const [, encoding, how] = hostile as unknown as [string, string, string]
      request.socket.once('close', () => closedSockets.push(request.socket))
      if (how === 'cut') {
        // A complete HTTP response whose compressed body stops halfway.
        const body = COMPRESSED[encoding]!.subarray(0, COMPRESSED[encoding]!.length >> 1)
        return void response
          .writeHead(200, { 'content-type': 'text/plain', 'content-encoding': encoding, 'content-length': body.length })
          .end(body)
      }
      sendHalf(response, encoding)
      // The connection drops mid-body (ECONNRESET at the reader), once the half has left.
      if (how === 'reset') setTimeout(() => request.socket.destroy(), 50)
      return
    }
    response.writeHead(404).end()
  })
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
  port = (site.address() as AddressInfo).port
})
afterAll(() => new Promise((resolve) => site.close(resolve)))

const fetchPage = (path: string, allow = `127.0.0.1:${port}`, timeoutMs?: number) =>
  webFetch(
    `http://127.0.0.1:${port}${path}`,
    { resolve: noDns, transport: pinnedTransport, allow: parseAllowList(allow), ...(timeoutMs ? { timeoutMs } : {}) },
    never,
  )

/** What the promise came to, or 'still running' after `ms` (the old code never settled here). */
const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise.then(
      (value) => ({ value }),
      (error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }),
    ),
    new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), ms)),
  ])

/** Errors nobody handled while a test ran: each of them ends `npm run serve`. */
const uncaught: unknown[] = []
const record = (error: unknown) => uncaught.push(error)

describe('web_fetch against a local site', () => {
  it('returns the main text and the title, without the navigation or scripts', async () => {
    const page = await fetchPage('/article')
    expect(page).toMatchObject({ status: 200, url: `http://127.0.0.1:${port}/article`, content_type: 'text/html', truncated: false })
    expect(page.title).toContain('退款政策')
    expect(page.text).toContain('Orders can be refunded within 30 days')
    expect(page.text).toContain('退货需保持商品完好')
    expect(page.text).not.toContain('alert(1)')
    expect(page.text).not.toContain('Home · Products')
  })

  it('inflates compressed pages, and stops at 2 MB counted after inflating', async () => {
    expect((await fetchPage('/gzip')).text).toBe('compressed hello')
    const huge = await fetchPage('/huge')
    expect(huge.truncated).toBe(true)
    const bomb = await fetchPage('/bomb')
    expect(bomb.truncated).toBe(true)
  })

  it(`follows at most ${MAX_REDIRECTS} redirects`, async () => {
    await expect(fetchPage('/loop/0')).rejects.toThrow(`More than ${MAX_REDIRECTS} redirects`)
  })

  it('refuses a redirect from an allowed host to a loopback port that is not allowed', async () => {
    await expect(fetchPage('/to-other-port')).rejects.toThrow('127.0.0.1 is a loopback address')
  })

  it('refuses the local site when it is not on the allowlist', async () => {
    await expect(fetchPage('/article', '')).rejects.toThrow('loopback')
  })

  it('says what it got when the page is not text', async () => {
    expect((await fetchPage('/image')).text).toContain('image/png content')
  })
})

describe('a compressed page whose connection breaks or stalls (each of these ended the server)', () => {
  beforeEach(() => {
    uncaught.length = 0
    process.on('uncaughtException', record)
  })
  afterEach(() => void process.off('uncaughtException', record))

  for (const encoding of ['gzip', 'deflate', 'br']) {
    it(`${encoding}: the connection drops mid-body: a tool error, nothing unhandled`, async () => {
      const outcome = await within(fetchPage(`/${encoding}-reset`), 5000)
      expect(outcome).toEqual({ error: "The page's body could not be read (aborted)." })
      // Anything thrown on a stream nobody listened to would have arrived by now.
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(uncaught).toEqual([])
    })

    it(`${encoding}: the page stalls past the time-out: a tool error, the connection closed, nothing unhandled`, async () => {
      const closedBefore = closedSockets.length
      const started = performance.now()
      const outcome = await within(fetchPage(`/${encoding}-stall`, undefined, 400), 5000)
      expect(outcome).toEqual({ error: 'The page did not arrive within 0.4 s.' })
      expect(performance.now() - started).toBeLessThan(2000)
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(closedSockets.length).toBe(closedBefore + 1)
      expect(uncaught).toEqual([])
    })
  }

  it('a compressed body cut short in a complete response is a tool error', async () => {
    expect(await within(fetchPage('/gzip-cut'), 5000)).toEqual({ error: expect.stringContaining('unexpected end of file') as unknown })
    expect(uncaught).toEqual([])
  })
})

// A timing test on a shared machine: one more try when a stall came from the machine, not the code
// (without the worker, each of these stalled far past the bound, every time).
describe('pages built to freeze the text extraction (each blocked the server)', { retry: 1 }, () => {
  it('2,000 nested divs: the text, while the server thread stays free', async () => {
    const { outcome, stall } = await longestStall(within(fetchPage('/nested/2000'), 10_000))
    expect(stall).toBeLessThan(200)
    expect(outcome).toMatchObject({ value: { text: 'deep text' } })
  })

  it('350,000 nested divs (cut at 2 MB): the text, while the server thread stays free', async () => {
    const { outcome, stall } = await longestStall(within(fetchPage('/nested/350000'), 10_000))
    expect(stall).toBeLessThan(200)
    expect(outcome).toMatchObject({ value: { text: expect.stringMatching(/^deep text/) as unknown, truncated: true } })
  })

  it('a 2 MB wide page: the text, while the server thread stays free', async () => {
    const { outcome, stall } = await longestStall(within(fetchPage('/wide'), 10_000))
    expect(stall).toBeLessThan(200)
    expect(outcome).toMatchObject({ value: { text: expect.stringMatching(/^word word\nword word/) as unknown } })
  })

  it('reading the text is stopped at the time-out, and its worker with it', async () => {
    const { outcome, stall } = await longestStall(within(fetchPage('/heavy', undefined, 250), 5000))
    expect(stall).toBeLessThan(200)
    expect(outcome).toEqual({ error: "The page's text could not be read within 0.25 s." })
    // A worker still reading would keep a core busy: the process would use about as much CPU as time passes.
    const before = process.cpuUsage()
    await new Promise((resolve) => setTimeout(resolve, 500))
    const used = process.cpuUsage(before)
    expect((used.user + used.system) / 1000).toBeLessThan(250)
  })
})
