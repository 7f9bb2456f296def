import { describe, expect, it } from 'vitest'
import {
  canonicalStoredLink,
  encodeRunShare,
  encodeShare,
  isShortLinkId,
  MAX_SHORT_LINK_CHARS,
  packShare,
  readShortLinkFragment,
  shortLinkFragment,
  type SharedRun,
  type SharePayload,
} from './index'

const payload: SharePayload = { kind: 'skill', skills: [{ path: 'skills/pdf/SKILL.md', text: '---\nname: pdf\ndescription: PDFs\n---\n' }] }

describe('short link fragments', () => {
  it('carry a 32-digit lower-case hex id after t1., and nothing else passes', () => {
    const id = '0123456789abcdef0123456789abcdef'
    expect(shortLinkFragment(id)).toBe(`t1.${id}`)
    expect(readShortLinkFragment(`#t1.${id}`)).toEqual({ ok: true, id })
    expect(isShortLinkId(id)).toBe(true)
    for (const bad of [id.toUpperCase(), id.slice(1), `${id}0`, `${id.slice(1)}g`, `${id}/../x`, '']) {
      expect(isShortLinkId(bad)).toBe(false)
      expect(readShortLinkFragment(`t1.${bad}`)).toMatchObject({ ok: false, error: { key: 'shortLink.badId' } })
    }
    // A later short link format says so, as a newer s/r/e link does (review of issue 35 item 4); an unknown one is unknown.
    expect(readShortLinkFragment('t2.abc')).toMatchObject({
      ok: false,
      error: { key: 'share.newer', params: { version: '2', supported: 1 } },
    })
    expect(readShortLinkFragment('t0.abc')).toMatchObject({ ok: false, error: { key: 'share.unknownFormat' } })
    expect(readShortLinkFragment(`#${encodeShare(payload)}`)).toBeNull()
    expect(readShortLinkFragment('#unlock=abc')).toBeNull()
  })
})

describe('what a short link may keep', () => {
  it('is what a pasted link may hold, read by the same decoder and written again the same way', () => {
    const link = encodeShare(payload)
    expect(canonicalStoredLink(link)).toEqual({ ok: true, link })
    // A field no decoder reads is dropped: the same content gives the same text (and id).
    expect(canonicalStoredLink(packShare('s1.', { ...payload, extra: 'x'.repeat(50) }))).toEqual({ ok: true, link })
    const run: SharedRun = {
      run: { utterance: 'hi', startedAt: '2026-12-03T14:00:00.000Z', mode: 'keyword', model: 'scripted', status: 'done', events: [] },
      skills: [],
      settings: {},
    }
    const canonical = canonicalStoredLink(encodeRunShare(run))
    expect(canonical.ok).toBe(true)
    // Read again, the canonical text stays itself: a stored link checks out against its id.
    if (canonical.ok) expect(canonicalStoredLink(canonical.link)).toEqual(canonical)
  })

  it('refuses what a pasted link refuses, with the same messages, and anything over the cap before decoding', () => {
    expect(canonicalStoredLink('hello')).toMatchObject({ ok: false, error: { key: 'share.notOurs' } })
    expect(canonicalStoredLink(encodeShare(payload).replace(/\.([0-9a-f]{8})\./, '.00000000.'))).toMatchObject({
      ok: false,
      error: { key: 'share.altered' },
    })
    expect(canonicalStoredLink(packShare('s1.', { kind: 'other', skills: [] }))).toMatchObject({
      ok: false,
      error: { key: 'share.notOurs' },
    })
    expect(canonicalStoredLink(`s1.${'A'.repeat(MAX_SHORT_LINK_CHARS)}`)).toMatchObject({
      ok: false,
      error: { key: 'shortLink.tooLarge', params: { limit: '1,000,000' } },
    })
  })
})
