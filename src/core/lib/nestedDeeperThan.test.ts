import { describe, expect, it } from 'vitest'
import { nestedDeeperThan } from './nestedDeeperThan'

describe('nestedDeeperThan', () => {
  it('counts arrays and objects as levels, scalars as none', () => {
    expect(nestedDeeperThan('text', 0)).toBe(false)
    expect(nestedDeeperThan({}, 0)).toBe(true)
    expect(nestedDeeperThan({ a: [1, { b: 2 }] }, 3)).toBe(false)
    expect(nestedDeeperThan({ a: [1, { b: 2 }] }, 2)).toBe(true)
    expect(nestedDeeperThan({ wide: Array.from({ length: 10_000 }, (_, i) => ({ i })) }, 3)).toBe(false)
  })

  it('walks a value far deeper than the stack allows without overflowing', () => {
    const deep = JSON.parse('['.repeat(200_000) + ']'.repeat(200_000)) as unknown
    expect(() => JSON.stringify(deep)).toThrow(RangeError)
    expect(nestedDeeperThan(deep, 64)).toBe(true)
  })
})
