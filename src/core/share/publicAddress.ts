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
