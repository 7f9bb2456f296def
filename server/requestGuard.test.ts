import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { createRateLimiter, rateLimitKey } from './requestGuard'

/** A request as the limiter sees it: only the address the socket came from. */
const from = (remoteAddress: string) => ({ socket: { remoteAddress } }) as unknown as IncomingMessage

describe('rate limits per client (review of issue 35 item 4)', () => {
  it('keys an IPv6 client by its /64 and an IPv4-mapped address as the IPv4 address', () => {
    expect(rateLimitKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64')
    expect(rateLimitKey('2001:DB8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64')
    expect(rateLimitKey('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(rateLimitKey('2001:db8:1:3::1')).not.toBe(rateLimitKey('2001:db8:1:2::1'))
    expect(rateLimitKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
    expect(rateLimitKey('::ffff:192.0.2.7')).toBe('192.0.2.7')
    expect(rateLimitKey('::ffff:c000:207')).toBe('192.0.2.7')
    expect(rateLimitKey('192.0.2.7')).toBe('192.0.2.7')
    expect(rateLimitKey(undefined)).toBe('unknown')
  })

  it('gives two addresses of one /64 one allowance; another /64 has its own', () => {
    const limited = createRateLimiter(() => 0)
    for (let index = 0; index < 3; index++) expect(limited(from(`2001:db8:1:2::${index + 1}`), 5)).toBe(false)
    expect(limited(from('2001:db8:1:2:ffff::9'), 5)).toBe(false)
    expect(limited(from('2001:db8:1:2:1234:5678:9abc:def0'), 5)).toBe(false)
    // The sixth request from anywhere in that /64 is over its allowance.
    expect(limited(from('2001:db8:1:2::77'), 5)).toBe(true)
    expect(limited(from('2001:db8:1:3::1'), 5)).toBe(false)
    // An IPv4 client reaching a dual-stack socket and a plain IPv4 one are the same client.
    for (let index = 0; index < 5; index++) expect(limited(from(index % 2 ? '::ffff:192.0.2.7' : '192.0.2.7'), 5)).toBe(false)
    expect(limited(from('192.0.2.7'), 5)).toBe(true)
  })

  it('forgets a client once its last request is older than the window, so the map does not grow forever', () => {
    let time = 0
    const limited = createRateLimiter(() => time)
    for (let index = 0; index < 50; index++) limited(from(`198.51.100.${index}`), 10)
    expect(limited.clients()).toBe(50)
    time = 30_000
    limited(from('198.51.100.1'), 10)
    expect(limited.clients()).toBe(50)
    time = 60_000
    // The others' last request is a whole window old; 198.51.100.1 asked again since.
    limited(from('203.0.113.9'), 10)
    expect(limited.clients()).toBe(2)
    time = 200_000
    limited(from('203.0.113.10'), 10)
    expect(limited.clients()).toBe(1)
  })
})
