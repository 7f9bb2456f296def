import { describe, expect, it } from 'vitest'
import { isLocalAddress, normalizePublicAddress } from './index'

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
