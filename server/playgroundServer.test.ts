import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import type { Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accessSettingsFrom, allowedHostsFrom, hostAllowed, isLoopbackHost, refusalToStart, TOKEN_HEADER } from './accessControl'
import { proxySettingsFrom } from './openaiProxy'
import { createPlaygroundServer } from './playgroundServer'
import { rawGet as get } from './rawRequest'

describe('the production server', () => {
  const base = mkdtempSync(join(tmpdir(), 'serve-'))
  const root = join(base, 'dist')
  const script = 'console.log("hello");'.repeat(100)
  let server: Server
  let port = 0
  const lines: string[] = []

  beforeAll(async () => {
    mkdirSync(join(root, 'assets'), { recursive: true })
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>app</title>')
    writeFileSync(join(root, 'assets', 'app-1a2b3c.js'), script)
    writeFileSync(join(root, 'assets', 'app-1a2b3c.js.br'), brotliCompressSync(script))
    writeFileSync(join(root, 'assets', 'app-1a2b3c.js.gz'), gzipSync(script))
    // A sibling folder whose name starts with "dist": never served.
    mkdirSync(join(base, 'dist-secret'))
    writeFileSync(join(base, 'dist-secret', 'key.txt'), 'secret')
    server = createPlaygroundServer({
      root,
      proxy: () => proxySettingsFrom({}),
      access: accessSettingsFrom({ PLAYGROUND_TOKEN: 'team-secret' }),
      allowedHosts: ['playground.example.org'],
      log: (line) => lines.push(line),
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as AddressInfo).port
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('sends pre-compressed assets as the browser asks, cached for good; the page itself revalidated', async () => {
    const brotli = await get(port, '/assets/app-1a2b3c.js', { 'accept-encoding': 'br, gzip' })
    expect(brotli.status).toBe(200)
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(brotli.headers.etag).toBeTruthy()
    const gzip = await get(port, '/assets/app-1a2b3c.js', { 'accept-encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    const page = await get(port, '/')
    expect(page.headers['cache-control']).toBe('no-cache')
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(page.headers['x-content-type-options']).toBe('nosniff')
    expect(page.headers['referrer-policy']).toBe('no-referrer')
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin')
  })

  it('answers a malformed path with 400 and keeps running; never serves outside dist/', async () => {
    expect((await get(port, '/%E0%A4%A')).status).toBe(400)
    for (const path of [
      '/../dist-secret/key.txt',
      '/..%2fdist-secret%2fkey.txt',
      '/%2e%2e/dist-secret/key.txt',
      '/assets/../../dist-secret/key.txt',
    ]) {
      const response = await get(port, path)
      expect(response.body, path).not.toContain('secret')
    }
    expect((await get(port, '/healthz')).body).toBe('ok')
  })

  it('answers only to its own host names (a rebinding page carries another name)', async () => {
    expect((await get(port, '/', { host: 'attacker.example' })).status).toBe(403)
    expect((await get(port, '/api/llm-config', { host: 'attacker.example:80', [TOKEN_HEADER]: 'team-secret' })).status).toBe(403)
    expect((await get(port, '/', { host: `localhost:${port}` })).status).toBe(200)
    expect((await get(port, '/', { host: 'playground.example.org' })).status).toBe(200)
    expect(hostAllowed('[::1]:4173', [])).toBe(true)
    expect(
      allowedHostsFrom({ HOST: '0.0.0.0', PUBLIC_URL: 'https://Team.Example.org/sp/', ALLOWED_HOSTS: 'a.example, b.example' }),
    ).toEqual(['team.example.org', 'a.example', 'b.example'])
  })

  it('asks for the team token on the API only, and logs paths without query strings', async () => {
    expect((await get(port, '/api/llm-config')).status).toBe(401)
    expect((await get(port, '/api/llm-config', { [TOKEN_HEADER]: 'wrong-secret' })).status).toBe(401)
    expect((await get(port, '/api/llm-config', { [TOKEN_HEADER]: 'team-secret', 'sec-fetch-site': 'same-origin' })).status).toBe(200)
    expect((await get(port, '/v1/chat/completions')).status).toBe(401)
    expect((await get(port, '/api/tools')).status).toBe(401)
    expect((await get(port, '/api/tools/web_fetch')).status).toBe(401)
    expect((await get(port, '/api/unknown', { [TOKEN_HEADER]: 'team-secret' })).status).toBe(404)
    expect((await get(port, '/')).status).toBe(200)
    await get(port, '/?secret=1')
    expect(lines.some((line) => line.includes('secret=1') || line.includes('?'))).toBe(false)
    expect(lines.some((line) => /^GET \/ 200 \d+ms$/.test(line))).toBe(true)
  })
})

describe('access control', () => {
  it('refuses to expose a model key or MCP servers on a non-loopback address without a token or an explicit open flag', () => {
    expect(refusalToStart('0.0.0.0', ['the OpenAI key'], accessSettingsFrom({}))).toContain('PLAYGROUND_TOKEN')
    expect(refusalToStart('0.0.0.0', ['the OpenAI key'], accessSettingsFrom({ PLAYGROUND_TOKEN: 't' }))).toBeNull()
    expect(refusalToStart('0.0.0.0', ['the OpenAI key'], accessSettingsFrom({ PLAYGROUND_OPEN: '1' }))).toBeNull()
    expect(refusalToStart('0.0.0.0', [], accessSettingsFrom({}))).toBeNull()
    expect(refusalToStart('0.0.0.0', ['2 MCP servers'], accessSettingsFrom({}))).toContain('exposes 2 MCP servers')
    expect(refusalToStart('127.0.0.1', ['the OpenAI key'], accessSettingsFrom({}))).toBeNull()
    expect(['localhost', '127.0.0.1', '::1', '[::1]', '127.1.2.3'].every(isLoopbackHost)).toBe(true)
    expect(['0.0.0.0', '192.168.1.2', 'example.org'].some(isLoopbackHost)).toBe(false)
  })
})
