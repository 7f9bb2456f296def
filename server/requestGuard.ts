/**
 * The checks every API endpoint of the server makes before it does anything for a caller (the
 * model proxy and the live tools alike): the caller is a page of this origin, within its rate,
 * sending JSON under a size cap. Failures answer in one JSON shape the page reads.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { isIPv6 } from 'node:net'

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

/** How long a request counts against its client's allowance. */
const RATE_WINDOW_MS = 60_000

/**
 * Whose allowance a request uses: an IPv4 address (an IPv4-mapped IPv6 address as that IPv4
 * address), or an IPv6 client's /64, since one host is given a whole /64 and picks a new address
 * in it at will. Behind a reverse proxy every request comes from the proxy, so all share one
 * allowance (docs/hosting.md): X-Forwarded-For is not read, as anyone can send it.
 */
export function rateLimitKey(address: string | undefined): string {
  if (!address) return 'unknown'
  const bare = address.split('%')[0] ?? address
  const groups = ipv6Groups(bare)
  if (!groups) return bare
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff)
    return [groups[6] ?? 0, groups[7] ?? 0].flatMap((group) => [group >> 8, group & 0xff]).join('.')
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a dotted IPv4 tail as two groups), or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  if (!isIPv6(address)) return null
  const halves = address.toLowerCase().split('::')
  const groupsOf = (part: string | undefined) =>
    (part ? part.split(':') : []).flatMap((group) => {
      if (!group.includes('.')) return [parseInt(group, 16)]
      const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number)
      return [(a << 8) | b, (c << 8) | d]
    })
  const head = groupsOf(halves[0])
  const tail = groupsOf(halves[1])
  return halves.length === 2 ? [...head, ...Array<number>(8 - head.length - tail.length).fill(0), ...tail] : head
}

export interface RateLimiter {
  /** True when this request is over the allowance (and so not counted). */
  (request: IncomingMessage, perMinute: number): boolean
  /** How many clients are remembered now. */
  clients: () => number
}

/**
 * Requests per minute per client (rateLimitKey). Count only requests that passed the origin
 * check, so another site cannot use up a user's allowance. A client not seen for a whole window
 * is forgotten, so the map holds only recent clients however many come and go.
 */
export function createRateLimiter(now: () => number = Date.now): RateLimiter {
  const recent = new Map<string, number[]>()
  let sweptAt = now()
  const limited = (request: IncomingMessage, perMinute: number): boolean => {
    const time = now()
    if (time - sweptAt >= RATE_WINDOW_MS) {
      for (const [client, times] of recent) if (time - (times[times.length - 1] ?? -Infinity) >= RATE_WINDOW_MS) recent.delete(client)
      sweptAt = time
    }
    const client = rateLimitKey(request.socket.remoteAddress)
    const times = (recent.get(client) ?? []).filter((at) => time - at < RATE_WINDOW_MS)
    if (times.length >= perMinute) return true
    times.push(time)
    recent.set(client, times)
    return false
  }
  return Object.assign(limited, { clients: () => recent.size })
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
