import { describe, expect, it, vi } from 'vitest'
import { checkedAddress, parseAllowList, refusalFor, type Resolve } from './addressGuard'
import { webFetch, type Transport } from './webFetch'

/** A resolver that never touches the network. */
const dns =
  (table: Record<string, string[]>): Resolve =>
  async (host) => {
    const addresses = table[host]
    if (!addresses) throw new Error('ENOTFOUND')
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
  }

describe('the SSRF guard', () => {
  it.each([
    ['http://127.1/', 'loopback'],
    ['http://0x7f000001/', 'loopback'],
    ['http://2130706433/', 'loopback'],
    ['http://0177.0.0.1/', 'loopback'],
    ['http://[::ffff:127.0.0.1]/', 'loopback'],
    ['http://[::1]:8080/', 'loopback'],
    ['http://169.254.169.254/latest/meta-data/', 'link-local (cloud metadata)'],
    ['http://[fd00::1]/', 'unique-local'],
    ['http://[fd00:ec2::254]/', 'unique-local'],
    ['http://10.1.2.3/', 'private-network'],
    ['http://192.168.0.1/', 'private-network'],
    ['http://172.16.5.4/', 'private-network'],
    ['http://100.64.0.1/', 'carrier-grade NAT'],
    ['http://224.0.0.1/', 'multicast'],
    ['http://0.0.0.0/', 'unspecified'],
    ['http://[fe80::1]/', 'link-local'],
    ['http://[64:ff9b::a00:1]/', 'NAT64'],
  ])('refuses %s (%s) without resolving or connecting', async (address, kind) => {
    const resolve = vi.fn(dns({}))
    await expect(checkedAddress(new URL(address), resolve, [])).rejects.toThrow(kind)
    expect(resolve).not.toHaveBeenCalled()
  })

  it('refuses a name that resolves to a private address, even with a public one beside it', async () => {
    const resolve = dns({ 'intranet.example': ['10.0.0.1'], 'mixed.example': ['93.184.216.34', '10.0.0.1'] })
    await expect(checkedAddress(new URL('http://intranet.example/'), resolve, [])).rejects.toThrow('10.0.0.1 is a private-network address')
    await expect(checkedAddress(new URL('http://mixed.example/'), resolve, [])).rejects.toThrow('private-network')
  })

  it('passes a public address and returns the one to connect to', async () => {
    const resolve = dns({ 'public.example': ['93.184.216.34'] })
    expect(await checkedAddress(new URL('https://public.example/a'), resolve, [])).toEqual({ address: '93.184.216.34', family: 4 })
    expect(refusalFor('8.8.8.8')).toBeNull()
    expect(refusalFor('2001:4860:4860::8888')).toBeNull()
  })

  it('refuses other schemes and credentials in the address', async () => {
    await expect(checkedAddress(new URL('file:///etc/passwd'), dns({}), [])).rejects.toThrow('Only http and https')
    await expect(
      checkedAddress(new URL('http://user:pw@public.example/'), dns({ 'public.example': ['93.184.216.34'] }), []),
    ).rejects.toThrow('user name or password')
  })

  it('lets the allowlist through by host or host:port, and nothing else', async () => {
    const allow = parseAllowList('wiki.internal, 127.0.0.1:8080')
    const resolve = dns({ 'wiki.internal': ['10.0.0.7'] })
    expect((await checkedAddress(new URL('http://wiki.internal/page'), resolve, allow)).address).toBe('10.0.0.7')
    expect((await checkedAddress(new URL('http://127.0.0.1:8080/'), resolve, allow)).address).toBe('127.0.0.1')
    await expect(checkedAddress(new URL('http://127.0.0.1:8081/'), resolve, allow)).rejects.toThrow('loopback')
  })

  it('checks every redirect before connecting: a public host redirecting to 127.0.0.1 never gets a second connection', async () => {
    const resolve = dns({ 'public.example': ['93.184.216.34'] })
    const connections: string[] = []
    // The connection is a stand-in too: it records where it would connect, and answers with a redirect.
    const transport: Transport = async ({ address }) => {
      connections.push(address.address)
      return { status: 302, headers: { location: 'http://127.0.0.1:6379/' }, body: (async function* () {})(), close: () => {} }
    }
    await expect(webFetch('http://public.example/start', { resolve, transport, allow: [] }, new AbortController().signal)).rejects.toThrow(
      'loopback',
    )
    expect(connections).toEqual(['93.184.216.34'])
  })

  it('refuses an allowlisted host that redirects to a refused address', async () => {
    const resolve = dns({ 'wiki.internal': ['10.0.0.7'], 'metadata.internal': ['169.254.169.254'] })
    const connections: string[] = []
    const transport: Transport = async ({ address }) => {
      connections.push(address.address)
      return { status: 301, headers: { location: 'http://metadata.internal/' }, body: (async function* () {})(), close: () => {} }
    }
    await expect(
      webFetch('http://wiki.internal/', { resolve, transport, allow: parseAllowList('wiki.internal') }, new AbortController().signal),
    ).rejects.toThrow('link-local')
    expect(connections).toEqual(['10.0.0.7'])
  })

  it('connects to the address it checked: a name that changes its answer later is not asked again', async () => {
    let calls = 0
    const resolve: Resolve = async () => (calls++ === 0 ? [{ address: '93.184.216.34', family: 4 }] : [{ address: '127.0.0.1', family: 4 }])
    const seen: string[] = []
    const transport: Transport = async ({ address }) => {
      seen.push(address.address)
      const body = (async function* () {
        yield Buffer.from('hello')
      })()
      return { status: 200, headers: { 'content-type': 'text/plain' }, body, close: () => {} }
    }
    const result = await webFetch('http://rebind.example/', { resolve, transport, allow: [] }, new AbortController().signal)
    expect(result.text).toBe('hello')
    expect(seen).toEqual(['93.184.216.34'])
    expect(calls).toBe(1)
  })
})
