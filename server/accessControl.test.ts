import type * as Crypto from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { describe, expect, it, vi } from 'vitest'

// The comparison itself is watched: whether the token's length shows in the time an answer takes
// is decided by whether a wrong length is still compared in full.
const compared = vi.hoisted(() => [] as [number, number][])
vi.mock('node:crypto', async (original) => {
  const crypto = await original<typeof Crypto>()
  return {
    ...crypto,
    timingSafeEqual: (a: NodeJS.ArrayBufferView, b: NodeJS.ArrayBufferView) => {
      compared.push([a.byteLength, b.byteLength])
      return crypto.timingSafeEqual(a, b)
    },
  }
})

const { accessSettingsFrom, hasAccess, sameSecret, TOKEN_HEADER } = await import('./accessControl')

const requestWith = (token?: string) => ({ headers: token === undefined ? {} : { [TOKEN_HEADER]: token } }) as unknown as IncomingMessage

describe('the team token check', () => {
  const access = accessSettingsFrom({ PLAYGROUND_TOKEN: 'a-long-team-secret-of-32-letters' })

  it('compares a token of any length in full, over equal lengths, so the time taken does not tell the length', () => {
    compared.length = 0
    for (const guess of ['', 'a', 'a-long', 'a-long-team-secret-of-32-letterX', `${'a'.repeat(200)}`]) {
      expect(hasAccess(requestWith(guess), access), guess).toBe(false)
    }
    expect(compared).toHaveLength(5)
    expect(compared.every(([a, b]) => a === 32 && b === 32)).toBe(true)
    expect(hasAccess(requestWith('a-long-team-secret-of-32-letters'), access)).toBe(true)
    expect(hasAccess(requestWith(), access)).toBe(false)
    expect(hasAccess(requestWith(), accessSettingsFrom({}))).toBe(true)
  })

  it('sameSecret tells equal from different whatever the lengths', () => {
    expect(sameSecret('x', 'x')).toBe(true)
    expect(sameSecret('x', 'xx')).toBe(false)
    expect(sameSecret('', 'x')).toBe(false)
  })
})
