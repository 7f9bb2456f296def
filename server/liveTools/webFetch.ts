/**
 * The live `web_fetch` tool: one page's readable text, fetched by the server under the SSRF guard
 * (addressGuard.ts). Every hop of a redirect is checked again, and each connection goes to the
 * address that was checked (the lookup is pinned), so a name cannot rebind between check and use.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { pipeline } from 'node:stream'
import { createBrotliDecompress, createGunzip, createInflate, type BrotliDecompress, type Gunzip, type Inflate } from 'node:zlib'
import { checkedAddress, GuardRefusal, type AllowEntry, type Resolve, type ResolvedAddress } from './addressGuard'
import { readableTextInWorker } from './readableTextInWorker'

export const FETCH_TIMEOUT_MS = 15_000
export const MAX_FETCH_BYTES = 2 * 1024 * 1024
export const MAX_REDIRECTS = 5
/** Text handed back to the model; the page caps any tool result again. */
export const MAX_FETCH_TEXT = 50_000

export interface TransportResponse {
  status: number
  headers: Record<string, string | undefined>
  body: AsyncIterable<Uint8Array>
  close: () => void
}

/** One HTTP exchange with an already checked address (stubbed in the guard's tests: no packet leaves). */
export type Transport = (target: { url: URL; address: ResolvedAddress; signal: AbortSignal }) => Promise<TransportResponse>

export interface WebFetchDeps {
  resolve: Resolve
  transport: Transport
  allow: readonly AllowEntry[]
  /** The whole fetch's time-out, reading the text included (FETCH_TIMEOUT_MS unless a test sets it). */
  timeoutMs?: number
}

export interface WebFetchResult {
  url: string
  status: number
  content_type: string
  title: string
  text: string
  truncated: boolean
}

/** node:http(s) connecting to `address` only: the lookup answers with the checked address, whatever DNS says now. */
export const pinnedTransport: Transport = ({ url, address, signal }) =>
  new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      url,
      {
        method: 'GET',
        signal,
        headers: {
          'user-agent': 'SkillPlayground/0.1 (web_fetch tool)',
          accept: 'text/html,application/xhtml+xml,text/plain,application/json;q=0.9,*/*;q=0.5',
          'accept-encoding': 'gzip, deflate, br',
        },
        lookup: (_host, options, callback) => {
          const all = (options as { all?: boolean }).all
          if (all) (callback as unknown as (error: null, list: ResolvedAddress[]) => void)(null, [address])
          else callback(null, address.address, address.family)
        },
      },
      (response: IncomingMessage) => {
        const headers: Record<string, string | undefined> = {}
        for (const [name, value] of Object.entries(response.headers)) headers[name] = Array.isArray(value) ? value.join(', ') : value
        resolve({ status: response.statusCode ?? 0, headers, body: response, close: () => response.destroy() })
      },
    )
    request.on('error', reject)
    request.end()
  })

export async function webFetch(rawUrl: unknown, deps: WebFetchDeps, outer: AbortSignal): Promise<WebFetchResult> {
  let url: URL
  try {
    url = new URL(String(rawUrl))
  } catch {
    throw new GuardRefusal(`"${String(rawUrl).slice(0, 200)}" is not an address.`)
  }
  const timeoutMs = deps.timeoutMs ?? FETCH_TIMEOUT_MS
  const timeout = AbortSignal.timeout(timeoutMs)
  const signal = AbortSignal.any([outer, timeout])
  const stage = { reading: false }
  try {
    for (let hop = 0; ; hop++) {
      const address = await checkedAddress(url, deps.resolve, deps.allow)
      const response = await deps.transport({ url, address, signal })
      const location = response.headers.location
      if ([301, 302, 303, 307, 308].includes(response.status) && location) {
        response.close()
        if (hop >= MAX_REDIRECTS) throw new Error(`More than ${MAX_REDIRECTS} redirects; stopped at ${url.href}.`)
        url = new URL(location, url)
        continue
      }
      return await readResponse(url, response, signal, stage)
    }
  } catch (error) {
    if (timeout.aborted)
      throw new Error(
        stage.reading
          ? `The page's text could not be read within ${timeoutMs / 1000} s.`
          : `The page did not arrive within ${timeoutMs / 1000} s.`,
      )
    throw error
  }
}

function inflaterFor(response: TransportResponse): Gunzip | Inflate | BrotliDecompress | null {
  const encoding = (response.headers['content-encoding'] ?? '').trim().toLowerCase()
  if (encoding === 'gzip' || encoding === 'x-gzip') return createGunzip()
  if (encoding === 'deflate') return createInflate()
  if (encoding === 'br') return createBrotliDecompress()
  return null
}

/**
 * The body, inflated, up to MAX_FETCH_BYTES counted after inflating (a small compressed page
 * cannot unpack into gigabytes here). The connection and the inflater are joined by pipeline, so
 * a connection that breaks or is aborted mid-body ends the read with that error instead of
 * leaving it unhandled on a stream nobody listens to; an abort destroys both.
 */
async function readBody(response: TransportResponse, signal: AbortSignal): Promise<{ bytes: Buffer; size: number; truncated: boolean }> {
  const inflater = inflaterFor(response)
  // pipeline's callback sees the error too; the loop below gets it from the inflater.
  if (inflater) pipeline(response.body, inflater, () => {})
  const abort = () => {
    inflater?.destroy(signal.reason instanceof Error ? signal.reason : new Error('Aborted.'))
    response.close()
  }
  signal.addEventListener('abort', abort, { once: true })
  const chunks: Uint8Array[] = []
  let size = 0
  let truncated = false
  try {
    signal.throwIfAborted()
    for await (const chunk of inflater ?? response.body) {
      const bytes = chunk as Uint8Array
      const room = MAX_FETCH_BYTES - size
      if (bytes.length > room) {
        chunks.push(bytes.subarray(0, room))
        size += room
        truncated = true
        break
      }
      chunks.push(bytes)
      size += bytes.length
    }
  } catch (error) {
    // A time-out or a page given up on is worded by webFetch.
    if (signal.aborted) throw error
    throw new Error(`The page's body could not be read (${error instanceof Error ? error.message : String(error)}).`)
  } finally {
    signal.removeEventListener('abort', abort)
    inflater?.destroy()
    response.close()
  }
  return { bytes: Buffer.concat(chunks), size, truncated }
}

async function readResponse(
  url: URL,
  response: TransportResponse,
  signal: AbortSignal,
  stage: { reading: boolean },
): Promise<WebFetchResult> {
  const { bytes, size, truncated: cut } = await readBody(response, signal)
  let truncated = cut
  const contentType = response.headers['content-type'] ?? ''
  const charset = /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ?? 'utf-8'
  let body: string
  try {
    body = new TextDecoder(charset).decode(bytes)
  } catch {
    body = new TextDecoder('utf-8').decode(bytes)
  }
  const base = { url: url.href, status: response.status, content_type: contentType.split(';')[0]!.trim() }
  let title = ''
  let text: string
  if (/html|xml/i.test(contentType) || (!contentType && /^\s*</.test(body))) {
    stage.reading = true
    ;({ title, text } = await readableTextInWorker(body, signal))
  } else if (/^text\/|json|javascript|csv/i.test(contentType)) text = body
  else text = `(${base.content_type || 'unknown'} content, ${size.toLocaleString('en')} bytes: not text)`
  if (text.length > MAX_FETCH_TEXT) {
    text = text.slice(0, MAX_FETCH_TEXT)
    truncated = true
  }
  return { ...base, title, text, truncated }
}
