/**
 * The SSRF guard of the live tools: which addresses the server may connect to on a user's behalf.
 * Only global unicast addresses pass; loopback, private, link-local (cloud metadata at
 * 169.254.169.254), CGNAT, multicast, unique-local IPv6, IPv4-mapped and -embedding IPv6 forms and
 * everything reserved are refused, however the address is written. The only module that imports
 * ipaddr.js.
 */
import ipaddr from 'ipaddr.js'

export interface ResolvedAddress {
  address: string
  family: 4 | 6
}

/** Resolves a host name to all its addresses (stubbed in tests: no packet leaves). */
export type Resolve = (host: string) => Promise<ResolvedAddress[]>

/** A host (`name`) or host and port (`name:port`) a team lets web_fetch reach although its address is internal (LIVE_FETCH_ALLOW). */
export interface AllowEntry {
  host: string
  port: string | null
}

export function parseAllowList(value: string | undefined): AllowEntry[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean)
    .map((entry) => {
      const match = /^\[?([^\]]+?)\]?(?::(\d+))?$/.exec(entry)
      return { host: match?.[1] ?? entry, port: match?.[2] ?? null }
    })
}

/** The literal address of `host` (any IPv4 spelling, bracketed IPv6), or null for a name. */
export function literalAddress(host: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = host.replace(/^\[|\]$/g, '')
  if (!ipaddr.isValid(bare)) return null
  // process() turns ::ffff:a.b.c.d into a.b.c.d, so a mapped loopback is judged as loopback.
  return ipaddr.process(bare)
}

/** Why an address must not be reached, or null when it is a public unicast address. */
export function refusalFor(address: string): string | null {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6
  try {
    parsed = ipaddr.process(address)
  } catch {
    return `"${address}" is not an address`
  }
  const range = parsed.range()
  return range === 'unicast' ? null : `${parsed.toString()} is a ${RANGE_NAMES[range] ?? range} address`
}

const RANGE_NAMES: Record<string, string> = {
  loopback: 'loopback',
  private: 'private-network',
  linkLocal: 'link-local (cloud metadata)',
  carrierGradeNat: 'carrier-grade NAT',
  multicast: 'multicast',
  uniqueLocal: 'unique-local',
  unspecified: 'unspecified',
  broadcast: 'broadcast',
  reserved: 'reserved',
  rfc6052: 'NAT64 (embeds an IPv4 address)',
  '6to4': '6to4 (embeds an IPv4 address)',
  teredo: 'Teredo (embeds an IPv4 address)',
}

export function isAllowed(allow: readonly AllowEntry[], host: string, port: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase()
  return allow.some((entry) => entry.host === bare && (entry.port === null || entry.port === port))
}

/**
 * The address to connect to for `url`, checked: every address the name resolves to must be public
 * (a name with one private record is refused: the resolver could hand out either), unless the host
 * is on the allowlist. The caller connects to exactly this address (no second lookup, so no
 * DNS-rebinding window).
 */
export async function checkedAddress(url: URL, resolve: Resolve, allow: readonly AllowEntry[]): Promise<ResolvedAddress> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new GuardRefusal(`Only http and https addresses can be fetched, not ${url.protocol}`)
  if (url.username || url.password) throw new GuardRefusal('Addresses with a user name or password are refused.')
  const port = url.port || (url.protocol === 'https:' ? '443' : '80')
  const allowed = isAllowed(allow, url.hostname, port)
  const literal = literalAddress(url.hostname)
  const addresses: ResolvedAddress[] = literal
    ? [{ address: literal.toString(), family: literal.kind() === 'ipv4' ? 4 : 6 }]
    : await resolve(url.hostname).catch((error: unknown) => {
        throw new GuardRefusal(`The name ${url.hostname} does not resolve (${error instanceof Error ? error.message : String(error)}).`)
      })
  if (addresses.length === 0) throw new GuardRefusal(`The name ${url.hostname} has no address.`)
  if (!allowed) {
    for (const { address } of addresses) {
      const reason = refusalFor(address)
      if (reason)
        throw new GuardRefusal(
          `Refused to fetch ${url.host}: ${reason}${literal ? '' : ` (the name resolves there)`}. Internal hosts need LIVE_FETCH_ALLOW on the server.`,
        )
    }
  }
  return addresses[0]!
}

/** A refusal by the guard: reported to the model as `refused`, never retried. */
export class GuardRefusal extends Error {
  override name = 'GuardRefusal'
}
