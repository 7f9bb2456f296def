import { describe, expect, it } from 'vitest'
import { decodeShare, encodeShare } from '../share'
import { DEFAULT_THRESHOLD, normalizeThreshold, parseThreshold, THRESHOLD_MAX, THRESHOLD_MIN } from './index'

describe('the threshold rule', () => {
  it('clamps into range and falls back to the default for non-numbers', () => {
    expect(normalizeThreshold(-5)).toBe(THRESHOLD_MIN)
    expect(normalizeThreshold(7)).toBe(THRESHOLD_MAX)
    expect(normalizeThreshold(0.42)).toBe(0.42)
    expect(normalizeThreshold(Number.NaN)).toBe(DEFAULT_THRESHOLD)
    expect(normalizeThreshold('0.5')).toBe(DEFAULT_THRESHOLD)
  })

  it('refuses a typed value out of range or not a number, with the reason', () => {
    expect(parseThreshold('0.25')).toEqual({ ok: true, value: 0.25 })
    expect(parseThreshold('-5')).toMatchObject({ ok: false, error: expect.stringContaining('between 0 and 2') })
    expect(parseThreshold('abc')).toMatchObject({ ok: false, error: expect.stringContaining('a number') })
    expect(parseThreshold('')).toMatchObject({ ok: false })
  })

  it('applies to a shared link', () => {
    const decoded = decodeShare(encodeShare({ kind: 'skill', skills: [{ path: 'a.md', text: 'x' }], threshold: -5 }))
    expect(decoded).toMatchObject({ ok: true, payload: { threshold: 0 } })
  })
})
