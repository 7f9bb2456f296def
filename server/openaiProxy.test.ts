import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOpenAIProxy, MAX_OUTPUT_TOKENS, MAX_REQUEST_BYTES, proxySettingsFrom, type ProxySettings } from './openaiProxy'

let upstream: Server
let upstreamUrl = ''
const received: { path: string; headers: IncomingHttpHeaders; body: string }[] = []
let settings: ProxySettings
let proxy: Server
let proxyUrl = ''

beforeAll(async () => {
  upstream = createServer(async (request, response) => {
    let body = ''
    for await (const chunk of request) body += String(chunk)
    received.push({ path: request.url ?? '', headers: request.headers, body })
    response.writeHead(200, { 'content-type': 'text/event-stream' })
    response.write('data: {"one":1}\n\n')
    setTimeout(() => response.end('data: [DONE]\n\n'), 20)
  })
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v1`
  settings = proxySettingsFrom({ OPENAI_API_KEY: 'sk-server', OPENAI_BASE_URL: upstreamUrl })
  const middleware = createOpenAIProxy(() => settings)
  proxy = createServer((request, response) => middleware(request, response, () => response.writeHead(418).end()))
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((resolve) => proxy.close(resolve))
  await new Promise((resolve) => upstream.close(resolve))
})

const post = (path: string, init: { headers?: Record<string, string>; body?: string } = {}) =>
  fetch(proxyUrl + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', ...init.headers },
    body: init.body ?? '{"model":"m","messages":[]}',
  })

describe('the OpenAI proxy', () => {
  it('adds the server key, replaces the browser one, and streams the answer back', async () => {
    received.length = 0
    const response = await post('/v1/chat/completions', { headers: { authorization: 'Bearer from-the-browser' } })
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('data: {"one":1}\n\ndata: [DONE]\n\n')
    expect(received).toHaveLength(1)
    expect(received[0]!.path).toBe('/v1/chat/completions')
    expect(received[0]!.headers.authorization).toBe('Bearer sk-server')
    // An output cap is always asked for, and one reply only.
    expect(received[0]!.body).toBe(`{"model":"m","messages":[],"max_tokens":${MAX_OUTPUT_TOKENS},"n":1}`)
  })

  it('refuses other endpoints, other methods, cross-origin callers, non-JSON and oversized bodies, without forwarding', async () => {
    received.length = 0
    expect((await post('/v1/files')).status).toBe(404)
    expect((await fetch(`${proxyUrl}/v1/chat/completions`)).status).toBe(405)
    expect((await post('/v1/chat/completions', { headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(403)
    expect((await post('/v1/chat/completions', { headers: { 'sec-fetch-site': 'same-site', origin: 'http://evil.example' } })).status).toBe(
      403,
    )
    expect((await post('/v1/chat/completions', { headers: { 'content-type': 'text/plain' } })).status).toBe(415)
    expect((await post('/v1/chat/completions', { body: JSON.stringify({ pad: 'x'.repeat(MAX_REQUEST_BYTES) }) })).status).toBe(413)
    expect(received).toHaveLength(0)
  })

  it('says when the server has no key, and never reveals the key in its config', async () => {
    const config = await (await fetch(`${proxyUrl}/api/llm-config`, { headers: { 'sec-fetch-site': 'same-origin' } })).text()
    expect(JSON.parse(config)).toEqual({ proxy: { configured: true, model: 'gpt-4.1-mini', upstream: new URL(upstreamUrl).host } })
    expect(config).not.toContain('sk-server')

    const saved = settings
    settings = proxySettingsFrom({ OPENAI_BASE_URL: upstreamUrl })
    try {
      const response = await post('/v1/chat/completions')
      expect(response.status).toBe(503)
      expect(await response.text()).toContain('No OPENAI_API_KEY')
    } finally {
      settings = saved
    }
  })

  it('clamps output tokens, enforces a model allowlist and a per-client rate limit', async () => {
    received.length = 0
    await post('/v1/chat/completions', { body: JSON.stringify({ model: 'm', messages: [], max_completion_tokens: 999999 }) })
    expect(JSON.parse(received[0]!.body)).toEqual({ model: 'm', messages: [], max_completion_tokens: MAX_OUTPUT_TOKENS, n: 1 })
    await post('/v1/chat/completions', { body: JSON.stringify({ model: 'm', messages: [], n: 5 }) })
    expect(JSON.parse(received[1]!.body)).toMatchObject({ n: 1, max_tokens: MAX_OUTPUT_TOKENS })
    expect((await post('/v1/chat/completions', { body: JSON.stringify({ model: { $ne: 1 }, messages: [] }) })).status).toBe(400)

    const saved = settings
    settings = { ...saved, allowedModels: ['gpt-small'] }
    try {
      const refused = await post('/v1/chat/completions', { body: JSON.stringify({ model: 'gpt-huge', messages: [] }) })
      expect(refused.status).toBe(403)
      expect(await refused.text()).toContain('not allowed')
      expect((await post('/v1/chat/completions', { body: JSON.stringify({ model: 'gpt-small', messages: [] }) })).status).toBe(200)

      settings = { ...saved, rateLimit: 2 }
      let time = 0
      const middleware = createOpenAIProxy(
        () => settings,
        () => time,
      )
      const limited = createServer((request, response) => middleware(request, response, () => response.writeHead(418).end()))
      await new Promise<void>((resolve) => limited.listen(0, '127.0.0.1', resolve))
      const url = `http://127.0.0.1:${(limited.address() as AddressInfo).port}/v1/chat/completions`
      const call = () =>
        fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
          body: '{"model":"m","messages":[]}',
        }).then((r) => r.status)
      // Cross-site requests are refused before they are counted: another site cannot use up the limit.
      const crossSite = () =>
        fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' }, body: '{}' }).then(
          (r) => r.status,
        )
      expect([await crossSite(), await crossSite(), await crossSite()]).toEqual([403, 403, 403])
      expect([await call(), await call(), await call()]).toEqual([200, 200, 429])
      time = 61_000
      expect(await call()).toBe(200)
      await new Promise((resolve) => limited.close(resolve))
    } finally {
      settings = saved
    }
  })

  it('passes other paths on to the app', async () => {
    expect((await fetch(`${proxyUrl}/index.html`)).status).toBe(418)
  })
})

describe('a hostile or hung upstream', () => {
  it('shows the status and a redacted message, never the upstream body verbatim', async () => {
    const leaky = createServer((_, response) => {
      response.writeHead(401, { 'content-type': 'application/json' })
      response.end(
        JSON.stringify({ error: { message: 'Incorrect API key provided: sk-proj-abcdef1234567890. See /srv/app/config/keys.py' } }),
      )
    })
    await new Promise<void>((resolve) => leaky.listen(0, '127.0.0.1', resolve))
    const middleware = createOpenAIProxy(() =>
      proxySettingsFrom({ OPENAI_API_KEY: 'sk-server', OPENAI_BASE_URL: `http://127.0.0.1:${(leaky.address() as AddressInfo).port}/v1` }),
    )
    const server = createServer((request, response) => middleware(request, response, () => response.writeHead(418).end()))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: '{"model":"m","messages":[]}',
    })
    expect(answer.status).toBe(401)
    const text = await answer.text()
    expect(text).toContain('Incorrect API key provided: sk-…')
    expect(text).not.toContain('abcdef1234567890')
    expect(text).not.toContain('/srv/app')
    await new Promise((resolve) => server.close(resolve))
    await new Promise((resolve) => leaky.close(resolve))
  })

  it('gives up on an upstream that never answers, in the configured time, with a clear message', async () => {
    const hung = createServer(() => {})
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve))
    const middleware = createOpenAIProxy(() =>
      proxySettingsFrom({
        OPENAI_API_KEY: 'sk-server',
        OPENAI_BASE_URL: `http://127.0.0.1:${(hung.address() as AddressInfo).port}/v1`,
        OPENAI_TIMEOUT_MS: '300',
      }),
    )
    const server = createServer((request, response) => middleware(request, response, () => response.writeHead(418).end()))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const started = Date.now()
    const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: '{"model":"m","messages":[]}',
    })
    expect(answer.status).toBe(504)
    expect(await answer.text()).toContain('did not answer within')
    expect(Date.now() - started).toBeLessThan(5000)
    await new Promise((resolve) => server.close(resolve))
    hung.closeAllConnections()
    await new Promise((resolve) => hung.close(resolve))
  })
})

describe('a long or silent stream', () => {
  /** The proxy in front of an upstream that streams these pieces, `gapMs` apart, and then ends or falls silent. */
  async function streamingThrough(pieces: number, gapMs: number, thenSilent: boolean) {
    const upstreamServer = createServer((_, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' })
      let sent = 0
      const next = () => {
        if (response.destroyed) return
        if (sent === pieces) {
          if (!thenSilent) response.end('data: [DONE]\n\n')
          return
        }
        response.write(`data: {"choices":[{"index":0,"delta":{"content":"${sent++} "}}]}\n\n`)
        setTimeout(next, gapMs)
      }
      next()
    })
    await new Promise<void>((resolve) => upstreamServer.listen(0, '127.0.0.1', resolve))
    const middleware = createOpenAIProxy(() =>
      proxySettingsFrom({
        OPENAI_API_KEY: 'sk-server',
        OPENAI_BASE_URL: `http://127.0.0.1:${(upstreamServer.address() as AddressInfo).port}/v1`,
        OPENAI_TIMEOUT_MS: '400',
      }),
    )
    const server = createServer((request, response) => middleware(request, response, () => response.writeHead(418).end()))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const started = Date.now()
    const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: '{"model":"m","messages":[],"stream":true}',
    })
    const text = await answer.text()
    const elapsed = Date.now() - started
    upstreamServer.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
    await new Promise((resolve) => upstreamServer.close(resolve))
    return { text, elapsed }
  }

  it('lets a stream that keeps sending run past the time limit', async () => {
    const { text, elapsed } = await streamingThrough(8, 100, false)
    expect(elapsed).toBeGreaterThan(700)
    expect(text).toContain('"7 "')
    expect(text.trimEnd().endsWith('data: [DONE]')).toBe(true)
  })

  it('ends a stream that falls silent with an error event in words', async () => {
    const { text } = await streamingThrough(2, 50, true)
    expect(text).toContain('"1 "')
    const last = text.trim().split('\n').at(-1)!
    expect(JSON.parse(last.slice('data: '.length))).toEqual({
      error: { message: 'The model server sent nothing for 0.4 s, so the proxy stopped waiting.', type: 'proxy_timeout' },
    })
  })
})
