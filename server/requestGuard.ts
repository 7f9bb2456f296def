/**
 * The checks every API endpoint of the server makes before it does anything for a caller (the
 * model proxy and the live tools alike): the caller is a page of this origin, within its rate,
 * sending JSON under a size cap. Failures answer in one JSON shape the page reads.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'

/** True when the request comes from a page of this same origin (or from no page at all). */
export function sameOrigin(request: IncomingMessage): boolean {
  const site = request.headers['sec-fetch-site']
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false
  const origin = request.headers.origin
  if (origin === undefined) return site === 'same-origin' || site === undefined
  try {
    return new URL(origin).host === request.headers.host
  } catch {
    return false
  }
}

/**
 * Requests per minute per client address. Count only requests that passed the origin check, so
 * another site cannot use up a user's allowance.
 */
export function createRateLimiter(now: () => number = Date.now) {
  const recent = new Map<string, number[]>()
  return (request: IncomingMessage, perMinute: number): boolean => {
    const client = request.socket.remoteAddress ?? 'unknown'
    const time = now()
    const times = (recent.get(client) ?? []).filter((at) => time - at < 60_000)
    if (times.length >= perMinute) return true
    times.push(time)
    recent.set(client, times)
    return false
  }
}

export class RequestRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

/** The body as JSON, refused when it is not JSON or larger than `maxBytes` (declared or actual). */
export async function readJsonBody(request: IncomingMessage, maxBytes: number): Promise<unknown> {
  if (!String(request.headers['content-type'] ?? '').startsWith('application/json')) throw new RequestRefusal(415, 'Send JSON.')
  if (Number(request.headers['content-length'] ?? 0) > maxBytes) throw new RequestRefusal(413, 'The request is too large.')
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request) {
    size += (chunk as Buffer).length
    if (size > maxBytes) throw new RequestRefusal(413, 'The request is too large.')
    chunks.push(chunk as Buffer)
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'))
  } catch {
    throw new RequestRefusal(400, 'The request body is not JSON.')
  }
}

/** Keys, bearer tokens and file paths out of a message that came from elsewhere; and not too long. */
export function redact(text: string): string {
  return text
    .replace(/\b(sk|pk|rk)-[A-Za-z0-9_-]{6,}/g, '$1-…')
    .replace(/Bearer\s+\S+/gi, 'Bearer …')
    .replace(/(?:\/[\w.-]+){2,}/g, '…')
    .slice(0, 300)
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
  response.end(JSON.stringify(body))
}

export function fail(response: ServerResponse, status: number, message: string, type = 'proxy_error'): void {
  sendJson(response, status, { error: { message, type } })
}
