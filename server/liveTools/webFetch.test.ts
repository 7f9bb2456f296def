import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseAllowList } from './addressGuard'
import { MAX_FETCH_BYTES, MAX_REDIRECTS, pinnedTransport, webFetch } from './webFetch'

const ARTICLE = `<!doctype html><html><head><title>退款政策 | Example Shop</title><script>alert(1)</script></head><body>
<nav>Home · Products · Cart</nav>
<article><h1>退款政策</h1>
<p>Orders can be refunded within 30 days of delivery. Refunds go back to the original payment method within five working days.</p>
<p>退货需保持商品完好，并附上原始包装。Items must be returned unused, in their original packaging, with the receipt.</p>
<p>Digital goods cannot be refunded once downloaded, except where the law requires it.</p>
</article><footer>© Example Shop</footer></body></html>`

let site: Server
let port = 0
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
    response.writeHead(404).end()
  })
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
  port = (site.address() as AddressInfo).port
})
afterAll(() => new Promise((resolve) => site.close(resolve)))

const fetchPage = (path: string, allow = `127.0.0.1:${port}`) =>
  webFetch(`http://127.0.0.1:${port}${path}`, { resolve: noDns, transport: pinnedTransport, allow: parseAllowList(allow) }, never)

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
