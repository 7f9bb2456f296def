import { describe, expect, it } from 'vitest'
import { changedPlaces } from './changedPlaces'

describe('changedPlaces', () => {
  const a = { n: 1 }
  const b = { n: 2 }
  const c = { n: 3 }

  it('lists the places holding another object, compared by identity', () => {
    expect(changedPlaces([a, b, c], [a, b, c])).toEqual([])
    expect(changedPlaces([a, b, c], [a, { n: 2 }, c])).toEqual([1])
    expect(changedPlaces([a, b, c], [c, b, a])).toEqual([0, 2])
  })

  it('is null when the lengths differ or more than the limit changed', () => {
    expect(changedPlaces([a, b], [a, b, c])).toBeNull()
    expect(changedPlaces([a, b, c], [c, a, b], 2)).toBeNull()
    expect(changedPlaces([a, b, c], [c, a, b], 3)).toEqual([0, 1, 2])
  })
})
