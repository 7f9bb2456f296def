/**
 * Whether a page address is one colleagues can open. A link is built from the page's address;
 * from localhost or a private network address it opens nothing on anyone else's machine.
 */

/** True for loopback, private, link-local and local-only names: addresses colleagues cannot reach. */
export function isLocalAddress(address: string): boolean {
  let host: string
  try {
    host = new URL(address).hostname.toLowerCase()
  } catch {
    return true
  }
  host = host.replace(/^\[|\]$/g, '')
  if (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host.endsWith('.local') ||
    host === '0.0.0.0' ||
    host === '::' ||
    host === '::1'
  )
    return true
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host)
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])]
    return (
      a === 127 ||
      a === 10 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254) ||
      (a === 100 && b >= 64 && b <= 127)
    )
  }
  return /^(fc|fd|fe8|fe9|fea|feb)/.test(host)
}

/** A public address as typed (scheme added when missing), or null when it is not an http(s) address. */
export function normalizePublicAddress(raw: string): string | null {
  const text = raw.trim()
  if (text === '') return null
  try {
    const url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    url.hash = ''
    url.search = ''
    return url.href
  } catch {
    return null
  }
}

/** Where a Share dialog's links point. */
export interface ShareAddresses {
  /** The page's own address is one colleagues cannot reach (localhost, a private network). */
  local: boolean
  /** The address a local page's links point to instead, or null when there is none (or none is needed). */
  publicBase: string | null
  /** The address links are built from: the public one, or the page's own. */
  base: string
  /**
   * The address a short link is built from, or null when none would open: a short link is kept by
   * the server that serves this page, so it points to that server (its own PUBLIC_URL, or the
   * page's address), never to a team or build address that may be another server.
   */
  shortBase: string | null
}

/**
 * The one rule for the addresses of share links (every Share dialog reads it): a page colleagues
 * can reach links to itself; a local page links to the server's PUBLIC_URL, else the address the
 * build was made for, else the team address typed in the dialog. Empty values count as none.
 */
export function shareAddresses({
  page,
  serverPublicUrl,
  buildAddress,
  teamAddress,
}: {
  page: string
  serverPublicUrl: string | null
  buildAddress: string
  teamAddress: string
}): ShareAddresses {
  const local = isLocalAddress(page)
  const publicBase = local ? serverPublicUrl || buildAddress || teamAddress || null : null
  const shortBase = !local ? page : serverPublicUrl || (publicBase === null ? page : null)
  return { local, publicBase, base: publicBase ?? page, shortBase }
}
