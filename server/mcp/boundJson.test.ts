import { describe, expect, it } from 'vitest'
import { boundJson, DEPTH_MARKER, exceededLimit, VALUES_MARKER } from './boundJson'

/** `{"a": {"a": … {} … }}`, `levels` objects deep, parsed as a server's message is. */
const nested = (levels: number): unknown => JSON.parse('{"a":'.repeat(levels - 1) + '{}' + '}'.repeat(levels - 1))

describe('boundJson and exceededLimit', () => {
  it('keep a value within the limits as it is', () => {
    const value = { name: 'x', list: [1, 'two', null, { deep: [true] }] }
    expect(exceededLimit(value, { depth: 4, values: 9 })).toBeNull()
    expect(boundJson(value, { depth: 4, values: 9 })).toEqual({ value, cut: false })
  })

  it('count levels of objects and arrays: {} is one', () => {
    expect(exceededLimit({}, { depth: 1, values: 10 })).toBeNull()
    expect(exceededLimit({ a: [] }, { depth: 1, values: 10 })).toBe('depth')
    expect(exceededLimit('text', { depth: 0, values: 1 })).toBeNull()
  })

  it('walk a million levels without recursing, and cut the copy at the deepest level allowed', () => {
    const deep = nested(1_000_000)
    expect(exceededLimit(deep, { depth: 64, values: 1e7 })).toBe('depth')
    const { value, cut } = boundJson(deep, { depth: 3, values: 1e7 })
    expect(cut).toBe(true)
    expect(value).toEqual({ a: { a: { a: DEPTH_MARKER } } })
    expect(() => JSON.stringify(boundJson(deep, { depth: 64, values: 1e7 }).value)).not.toThrow()
  })

  it('stop at the budget of values: a marker for the first one left out, nothing after it', () => {
    const wide = { first: [1, 2, 3], second: Array.from({ length: 100_000 }, (_, index) => index), third: 'gone' }
    expect(exceededLimit(wide, { depth: 8, values: 10 })).toBe('values')
    expect(boundJson(wide, { depth: 8, values: 8 })).toEqual({ value: { first: [1, 2, 3], second: [0, 1, VALUES_MARKER] }, cut: true })
  })

  it('copy a "__proto__" key as data, not as the copy’s prototype', () => {
    const parsed = JSON.parse('{"__proto__": {"polluted": true}, "ok": 1}') as Record<string, unknown>
    const { value } = boundJson(parsed, { depth: 4, values: 10 })
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype)
    expect((value as { polluted?: unknown }).polluted).toBeUndefined()
    expect(JSON.stringify(value)).toBe('{"__proto__":{"polluted":true},"ok":1}')
  })
})
