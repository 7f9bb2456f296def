/**
 * The live `web_fetch` tool: one page's readable text, fetched by the server under the SSRF guard
 * (addressGuard.ts). Every hop of a redirect is checked again, and each connection goes to the
 * address that was checked (the lookup is pinned), so a name cannot rebind between check and use.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { Readable } from 'node:stream'
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib'
import { checkedAddress, GuardRefusal, type AllowEntry, type Resolve, type ResolvedAddress } from './addressGuard'
import { readableText } from './readableText'

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
  const timeout = AbortSignal.timeout(FETCH_TIMEOUT_MS)
  const signal = AbortSignal.any([outer, timeout])
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
      return await readResponse(url, response)
    }
  } catch (error) {
    if (timeout.aborted) throw new Error(`The page did not arrive within ${FETCH_TIMEOUT_MS / 1000} s.`)
    throw error
  }
}

function decoded(response: TransportResponse): AsyncIterable<Uint8Array> {
  const encoding = (response.headers['content-encoding'] ?? '').trim().toLowerCase()
  const inflater =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? createGunzip()
      : encoding === 'deflate'
        ? createInflate()
        : encoding === 'br'
          ? createBrotliDecompress()
          : null
  return inflater ? Readable.from(response.body).pipe(inflater) : response.body
}

async function readResponse(url: URL, response: TransportResponse): Promise<WebFetchResult> {
  const chunks: Uint8Array[] = []
  let size = 0
  let truncated = false
  // Counted after decompression: a small compressed page cannot unpack into gigabytes here.
  for await (const chunk of decoded(response)) {
    const room = MAX_FETCH_BYTES - size
    if (chunk.length > room) {
      chunks.push(chunk.subarray(0, room))
      truncated = true
      break
    }
    chunks.push(chunk)
    size += chunk.length
  }
  response.close()
  const contentType = response.headers['content-type'] ?? ''
  const charset = /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ?? 'utf-8'
  let body: string
  try {
    body = new TextDecoder(charset).decode(Buffer.concat(chunks))
  } catch {
    body = new TextDecoder('utf-8').decode(Buffer.concat(chunks))
  }
  const base = { url: url.href, status: response.status, content_type: contentType.split(';')[0]!.trim() }
  let title = ''
  let text: string
  if (/html|xml/i.test(contentType) || (!contentType && /^\s*</.test(body))) ({ title, text } = readableText(body))
  else if (/^text\/|json|javascript|csv/i.test(contentType)) text = body
  else text = `(${base.content_type || 'unknown'} content, ${size.toLocaleString('en')} bytes: not text)`
  if (text.length > MAX_FETCH_TEXT) {
    text = text.slice(0, MAX_FETCH_TEXT)
    truncated = true
  }
  return { ...base, title, text, truncated }
}
