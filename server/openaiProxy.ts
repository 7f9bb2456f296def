/**
 * The same-origin proxy to an OpenAI-compatible API. The browser never sees the key: this adds
 * `Authorization: Bearer $OPENAI_API_KEY` and forwards to `$OPENAI_BASE_URL` only. It forwards
 * only the endpoint the app uses, only POSTed JSON from the app's own origin, with a size cap.
 * Used by the dev server, `vite preview` and the production server alike.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { createRateLimiter, fail, readJsonBody, redact, RequestRefusal, sameOrigin } from './requestGuard'
import { DEFAULT_BASE_URL, DEFAULT_MODEL } from '../src/core/agent/defaultModel'

export interface ProxySettings {
  apiKey: string | undefined
  /** Upstream base URL, ending in /v1 (or the compatible server's equivalent). */
  baseUrl: string
  model: string
  /** When set (OPENAI_ALLOWED_MODELS, comma-separated), only these models are forwarded. */
  allowedModels: string[] | undefined
  /** Requests per minute from one client address (OPENAI_RATE_LIMIT, default 120). */
  rateLimit: number
  /**
   * How long the upstream may keep the proxy waiting before it gives up (OPENAI_TIMEOUT_MS): for
   * its answer to start, and then between two pieces of a streamed reply (a reasoning model may
   * stream for longer than this, as long as it keeps sending).
   */
  timeoutMs: number
}

/** Output tokens one request may ask for: a crafted skill cannot run up the server's bill in one call. */
export const MAX_OUTPUT_TOKENS = 4096

export const MAX_REQUEST_BYTES = 2 * 1024 * 1024
const FORWARDED = new Set(['/v1/chat/completions'])

export function proxySettingsFrom(env: Record<string, string | undefined>): ProxySettings {
  return {
    apiKey: env.OPENAI_API_KEY?.trim() || undefined,
    baseUrl: (env.OPENAI_BASE_URL?.trim() || DEFAULT_BASE_URL).replace(/\/+$/, ''),
    model: env.OPENAI_MODEL?.trim() || DEFAULT_MODEL,
    allowedModels:
      env.OPENAI_ALLOWED_MODELS?.split(',')
        .map((name) => name.trim())
        .filter(Boolean) || undefined,
    rateLimit: Number(env.OPENAI_RATE_LIMIT) > 0 ? Number(env.OPENAI_RATE_LIMIT) : 120,
    timeoutMs: Number(env.OPENAI_TIMEOUT_MS) > 0 ? Number(env.OPENAI_TIMEOUT_MS) : 120_000,
  }
}

type Next = (error?: unknown) => void

/** Connect-style middleware: handles `/v1/*` and `/api/llm-config`, passes everything else on. */
export function createOpenAIProxy(settings: () => ProxySettings, now: () => number = Date.now, publicUrl?: string) {
  const limited = createRateLimiter(now)
  return (request: IncomingMessage, response: ServerResponse, next: Next) => {
    const path = (request.url ?? '').split('?')[0] ?? ''
    if (path === '/api/llm-config') return sendConfig(request, response, settings(), publicUrl)
    if (!path.startsWith('/v1/')) return next()
    const current = settings()
    // Only requests that pass the origin check count against the limit: other sites cannot use it up.
    const overLimit = () => limited(request, current.rateLimit)
    void forward(request, response, path, current, overLimit).catch((error: unknown) => {
      if (!response.headersSent)
        fail(response, 502, `The proxy could not reach the model server: ${error instanceof Error ? error.message : String(error)}`)
      else response.destroy()
    })
  }
}

function sendConfig(request: IncomingMessage, response: ServerResponse, settings: ProxySettings, publicUrl: string | undefined) {
  if (!sameOrigin(request)) return fail(response, 403, 'Cross-origin requests are refused.')
  response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' })
  response.end(
    JSON.stringify({
      proxy: { configured: settings.apiKey !== undefined, model: settings.model, upstream: new URL(settings.baseUrl).host },
      ...(publicUrl ? { publicUrl } : {}),
    }),
  )
}

async function forward(
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
  settings: ProxySettings,
  overLimit: () => boolean,
) {
  if (!FORWARDED.has(path)) return fail(response, 404, `The proxy only forwards ${[...FORWARDED].join(', ')}.`)
  if (request.method !== 'POST') return fail(response, 405, 'Only POST is forwarded.')
  if (!sameOrigin(request)) return fail(response, 403, 'Cross-origin requests are refused.')
  if (overLimit()) {
    response.setHeader('retry-after', '60')
    return fail(response, 429, `Too many requests through the proxy (limit ${settings.rateLimit} a minute). Wait a minute.`)
  }
  if (!String(request.headers['content-type'] ?? '').startsWith('application/json')) return fail(response, 415, 'Send JSON.')
  if (!settings.apiKey)
    return fail(response, 503, 'No OPENAI_API_KEY is set on the server: start it with OPENAI_API_KEY=... to use the proxy.')

  let parsed: unknown
  try {
    parsed = await readJsonBody(request, MAX_REQUEST_BYTES)
  } catch (error) {
    if (error instanceof RequestRefusal) return fail(response, error.status, error.message)
    throw error
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return fail(response, 400, 'The request body is not a JSON object.')
  const body = parsed as Record<string, unknown>
  if (typeof body.model !== 'string' || body.model === '') return fail(response, 400, 'The model must be a name.')
  if (settings.allowedModels && !settings.allowedModels.includes(String(body.model))) {
    return fail(
      response,
      403,
      `The model "${String(body.model)}" is not allowed by this server (allowed: ${settings.allowedModels.join(', ')}).`,
    )
  }
  // Clamp what the caller asked for, and ask for a cap when it asked for none; one reply, never n.
  const fields = ['max_tokens', 'max_completion_tokens'].filter((field) => body[field] !== undefined)
  for (const field of fields) body[field] = Math.min(Number(body[field]) || MAX_OUTPUT_TOKENS, MAX_OUTPUT_TOKENS)
  if (fields.length === 0) body.max_tokens = MAX_OUTPUT_TOKENS
  body.n = 1
  const abort = new AbortController()
  response.on('close', () => abort.abort())
  // A hung upstream ends with a clear message instead of holding the page forever.
  let timedOut = false
  let timer = setTimeout(() => {
    timedOut = true
    abort.abort()
  }, settings.timeoutMs)
  let upstream: Response
  try {
    upstream = await fetch(settings.baseUrl + path.slice('/v1'.length), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${settings.apiKey}`,
        accept: String(request.headers.accept ?? 'application/json'),
      },
      body: JSON.stringify(body),
      signal: abort.signal,
    })
  } catch (error) {
    clearTimeout(timer)
    if (timedOut) return fail(response, 504, `The model server did not answer within ${Math.round(settings.timeoutMs / 1000)} s.`)
    throw error
  }
  if (!upstream.ok) {
    clearTimeout(timer)
    // The upstream's own words may carry a key or an internal path: status and a redacted message only.
    const text = await upstream.text().catch(() => '')
    let detail = ''
    try {
      const parsed = JSON.parse(text) as { error?: { message?: unknown } }
      detail = typeof parsed.error?.message === 'string' ? parsed.error.message : ''
    } catch {
      detail = ''
    }
    if (upstream.headers.get('retry-after')) response.setHeader('retry-after', upstream.headers.get('retry-after') ?? '')
    // The page names the status itself ("The model server answered 500: …"); the message is the upstream's words, redacted.
    return fail(response, upstream.status, detail ? redact(detail) : `The model server answered ${upstream.status}.`)
  }
  const headers: Record<string, string> = { 'cache-control': 'no-store' }
  for (const name of ['content-type', 'retry-after', 'x-request-id']) {
    const value = upstream.headers.get(name)
    if (value) headers[name] = value
  }
  response.writeHead(upstream.status, headers)
  if (!upstream.body) {
    clearTimeout(timer)
    return response.end()
  }
  // Stream as it arrives (server-sent events must not be buffered). The wait starts again with each
  // piece; a stream that falls silent ends with an error event the page shows in words.
  const reader = upstream.body.getReader()
  const silent = () => {
    if (response.destroyed) return
    if (String(headers['content-type']).startsWith('text/event-stream')) {
      const seconds = settings.timeoutMs >= 10_000 ? Math.round(settings.timeoutMs / 1000) : Number((settings.timeoutMs / 1000).toFixed(1))
      const message = `The model server sent nothing for ${seconds} s, so the proxy stopped waiting.`
      response.end(`\n\ndata: ${JSON.stringify({ error: { message, type: 'proxy_timeout' } })}\n\n`)
    } else response.destroy()
    void reader.cancel().catch(() => {})
  }
  clearTimeout(timer)
  timer = setTimeout(silent, settings.timeoutMs)
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      clearTimeout(timer)
      timer = setTimeout(silent, settings.timeoutMs)
      if (!response.write(value)) await new Promise((resolve) => response.once('drain', resolve))
    }
  } catch (error) {
    // Cancelled after the silence was reported: nothing more to send.
    if (response.writableEnded) return
    throw error
  } finally {
    clearTimeout(timer)
  }
  if (!response.writableEnded) response.end()
}
