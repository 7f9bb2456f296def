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

describe('the utterance limit', () => {
  it('cuts a pasted book at the limit, on a code point boundary, in the store, a link and a restored save', async () => {
    const { MAX_UTTERANCE_LENGTH, normalizeUtterance } = await import('./index')
    expect(normalizeUtterance('x'.repeat(5000))).toHaveLength(MAX_UTTERANCE_LENGTH)
    const emoji = `${'a'.repeat(MAX_UTTERANCE_LENGTH - 1)}😀`
    expect(normalizeUtterance(emoji)).toBe('a'.repeat(MAX_UTTERANCE_LENGTH - 1))
    const { decodeSavedWorkspace } = await import('../workspace')
    expect(decodeSavedWorkspace({ v: 1, files: [], utterance: 'y'.repeat(10_000) })).toMatchObject({
      ok: true,
      workspace: { utterance: 'y'.repeat(MAX_UTTERANCE_LENGTH) },
    })
  })
})
