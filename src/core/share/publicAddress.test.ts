import { describe, expect, it } from 'vitest'
import { isLocalAddress, normalizePublicAddress, shareAddresses } from './index'

describe('addresses colleagues can open', () => {
  it.each([
    'http://localhost:5173/',
    'http://127.0.0.1:4173/',
    'http://[::1]:8080/',
    'http://192.168.1.20/',
    'http://10.0.0.5/x/',
    'http://172.20.3.4/',
    'http://my-box.local/',
    'http://169.254.1.1/',
    'not a url',
  ])('%s is local', (address) => expect(isLocalAddress(address)).toBe(true))
  it.each(['https://playground.example.org/', 'https://example.org/tools/skill-playground/', 'http://172.32.0.1/', 'https://8.8.8.8/'])(
    '%s is not',
    (address) => expect(isLocalAddress(address)).toBe(false),
  )
  it('normalises what a person types as a team address', () => {
    expect(normalizePublicAddress('example.org/tools/sp/')).toBe('https://example.org/tools/sp/')
    expect(normalizePublicAddress('https://x.org/p?q=1#frag')).toBe('https://x.org/p')
    expect(normalizePublicAddress('javascript:alert(1)')).toBeNull()
    expect(normalizePublicAddress('  ')).toBeNull()
  })
})

describe('where share links point (one rule for every Share dialog)', () => {
  const none = { serverPublicUrl: null, buildAddress: '', teamAddress: '' }
  it('a page colleagues can reach links to itself, short links included', () => {
    const page = 'https://playground.example.org/'
    expect(shareAddresses({ page, ...none, teamAddress: 'https://other.example.org/' })).toEqual({
      local: false,
      publicBase: null,
      base: page,
      shortBase: page,
    })
  })

  it("a local page links to the server's PUBLIC_URL, then the build address, then the team address; empty values are none", () => {
    const page = 'http://127.0.0.1:4173/'
    const team = 'https://team.example.org/'
    expect(
      shareAddresses({ page, serverPublicUrl: 'https://pub.example.org/', buildAddress: 'https://build.example.org/', teamAddress: team })
        .base,
    ).toBe('https://pub.example.org/')
    expect(shareAddresses({ page, serverPublicUrl: '', buildAddress: 'https://build.example.org/', teamAddress: team }).base).toBe(
      'https://build.example.org/',
    )
    expect(shareAddresses({ page, serverPublicUrl: '', buildAddress: '', teamAddress: team }).base).toBe(team)
    expect(shareAddresses({ page, ...none })).toEqual({ local: true, publicBase: null, base: page, shortBase: page })
  })

  it('a short link points to the server that keeps it: its PUBLIC_URL, never a team or build address that may be another server', () => {
    const page = 'http://127.0.0.1:4173/'
    expect(shareAddresses({ page, ...none, serverPublicUrl: 'https://pub.example.org/' }).shortBase).toBe('https://pub.example.org/')
    expect(shareAddresses({ page, ...none, teamAddress: 'https://team.example.org/' })).toMatchObject({
      base: 'https://team.example.org/',
      shortBase: null,
    })
    expect(shareAddresses({ page, ...none, buildAddress: 'https://build.example.org/' }).shortBase).toBeNull()
  })
})
