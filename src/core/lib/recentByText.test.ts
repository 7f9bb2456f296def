import { describe, expect, it } from 'vitest'
import { recentByText } from './recentByText'

describe('recentByText', () => {
  it('keeps the last values by text and lets the least recently used go first', () => {
    const recent = recentByText<number>(2)
    recent.remember('a', 1)
    recent.remember('b', 2)
    expect(recent.get('a')).toBe(1)
    recent.remember('c', 3)
    // "a" was read after "b", so "b" went.
    expect([recent.get('a'), recent.get('b'), recent.get('c')]).toEqual([1, undefined, 3])
    expect(recent.remember('c', 4)).toBe(4)
    expect(recent.get('c')).toBe(4)
  })
})
