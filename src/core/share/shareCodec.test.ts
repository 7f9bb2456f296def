import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { crc32, decodeShare, encodeShare, MAX_SHARE_BYTES, type SharePayload } from './index'

const calculator = readFileSync(join(import.meta.dirname, '../../../skills/calculator/SKILL.md'), 'utf8')

const workspace: SharePayload = {
  kind: 'workspace',
  skills: [
    { path: 'calculator/SKILL.md', text: calculator },
    { path: 'emoji.md', text: '---\nname: emoji 🚀\n---\n𠀀 CJK ext B and \u0000 control chars survive\n' },
  ],
  utterance: '计算一下 2^20 是多少',
  threshold: 0.25,
  toolMocks: { get_weather: [{ when: { city: 'Paris' }, response: { condition: 'Sunny' } }] },
  knowledge: [{ id: 'a', title: 'RAG 入门', text: '检索增强生成' }],
  virtualFiles: { 'notes/todo.md': '- one' },
}

describe('the share codec', () => {
  it('round-trips every part of a workspace exactly', () => {
    const link = encodeShare(workspace)
    expect(link).toMatch(/^s1\.\d+\.[0-9a-f]{8}\.[A-Za-z0-9_-]+$/)
    expect(decodeShare('#' + link)).toEqual({ ok: true, payload: workspace })
  })

  it('compresses a skill well below its raw size', () => {
    const link = encodeShare({ kind: 'skill', skills: [{ path: 'calculator/SKILL.md', text: calculator }] })
    expect(link.length).toBeLessThan(new TextEncoder().encode(calculator).length)
  })

  it('detects a truncated link', () => {
    const link = encodeShare(workspace)
    for (const cut of [link.length - 1, link.length - 10, Math.floor(link.length / 2), 12]) {
      const result = decodeShare(link.slice(0, cut))
      expect(result?.ok).toBe(false)
    }
  })

  it('detects an altered link', () => {
    const link = encodeShare(workspace)
    const at = link.length - 20
    const flipped = link.slice(0, at) + (link[at] === 'A' ? 'B' : 'A') + link.slice(at + 1)
    expect(decodeShare(flipped)).toMatchObject({ ok: false, error: { key: expect.stringMatching(/share\.(truncated|altered)/) } })
    const wrongChecksum = link.replace(/^(s1\.\d+\.)[0-9a-f]{8}/, '$100000000')
    expect(decodeShare(wrongChecksum)).toMatchObject({ ok: false, error: { key: 'share.altered' } })
  })

  it('refuses a newer format, an oversized payload and content that is not ours', () => {
    expect(decodeShare('#s2.10.00000000.abc')).toMatchObject({
      ok: false,
      error: { key: 'share.newer', params: { version: '2', supported: 1 } },
    })
    expect(decodeShare(`#s1.${MAX_SHARE_BYTES + 1}.00000000.abc`)).toMatchObject({ ok: false, error: { key: 'share.tooLarge' } })
    const notOurs = encodeShare({ kind: 'pizza', skills: 'none' } as unknown as SharePayload)
    expect(decodeShare(notOurs)).toMatchObject({ ok: false, error: { key: 'share.notOurs' } })
    expect(decodeShare('#section-2')).toBeNull()
  })
})

describe('a link that unpacks to far more than it declares', () => {
  it('is refused after the declared length, not after the work (measured beside a full inflate)', async () => {
    const { deflateSync, inflateSync } = await import('fflate')
    const { SHARE_DICTIONARY_S1 } = await import('./shareDictionary')
    const { inflateAtMost } = await import('./shareCodec')
    const huge = new Uint8Array(64 * 1024 * 1024)
    const packed = deflateSync(huge, { level: 9, dictionary: SHARE_DICTIONARY_S1 })
    let started = performance.now()
    inflateSync(packed, { dictionary: SHARE_DICTIONARY_S1 })
    const full = performance.now() - started
    started = performance.now()
    expect(() => inflateAtMost(packed, 100)).toThrow('longer than declared')
    const bounded = performance.now() - started
    expect(bounded).toBeLessThan(full / 5)
    const result = decodeShare(
      `#s1.100.${crc32(huge.subarray(0, 100)).toString(16).padStart(8, '0')}.${Buffer.from(packed).toString('base64url')}`,
    )
    expect(result).toMatchObject({ ok: false, error: { key: 'share.truncated' } })
  }, 30_000)
})
