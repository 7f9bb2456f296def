import { deflateSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import type { AgentRun, TraceEvent } from '../agent/trace'
import { SHARE_DICTIONARY_S1 } from './shareDictionary'
import {
  crc32,
  decodeRunFile,
  decodeRunShare,
  decodeShare,
  encodeRunShare,
  MAX_SHARE_BYTES,
  runShareFile,
  sharedRunOf,
  type SharedRun,
} from './index'

const events: TraceEvent[] = [
  {
    type: 'activation',
    mode: 'keyword',
    skill: 'pdf',
    reason: 'pdf wins',
    text: { key: 'run.off' },
    config: {
      skill: 'pdf',
      systemPrompt: 'Use reference.md',
      tools: [{ name: 'read_skill_file', source: 'builtin', missing: false }],
      narrowed: false,
      maxRounds: 5,
    },
    missingTools: [],
    systemPrompt: 'Use reference.md',
    at: 0,
  },
  { type: 'disclosure', level: 'body', round: 0, skill: 'pdf', characters: 16, tokens: 4, estimated: false, at: 1 },
  { type: 'round', round: 1, maxRounds: 5, at: 1 },
  { type: 'model', round: 1, text: 'Reading it.', latencyMs: 3, toolCalls: 1, usage: { input: 10, output: 2 }, at: 4 },
  {
    type: 'tool',
    round: 1,
    skill: 'pdf',
    tool: 'read_skill_file',
    arguments: '{"skill":"pdf","path":"reference.md"}',
    valid: true,
    result: { skill: 'pdf', path: 'reference.md', characters: 5, content: 'Dates', truncated: false },
    error: null,
    latencyMs: 1,
    precedingText: 'Reading it.',
    userMessage: null,
    at: 5,
  },
  { type: 'disclosure', level: 'file', round: 1, skill: 'pdf', path: 'reference.md', characters: 5, tokens: 1, estimated: true, at: 5 },
  { type: 'final', text: 'Dates.', at: 6 },
]
const run: AgentRun = {
  id: 'run-1',
  utterance: 'dates?',
  startedAt: '2026-12-03T10:00:00.000Z',
  mode: 'keyword',
  model: 'Scripted (offline)',
  events,
  streaming: null,
  status: 'done',
}
const files = [
  { path: 'pdf/SKILL.md', text: '---\nname: pdf\n---\nUse reference.md\n' },
  { path: 'pdf/reference.md', text: 'Dates' },
  { path: 'other/SKILL.md', text: '---\nname: other\n---\nOther.\n' },
]

/** A link of format r1 around any JSON, as a hostile sender would make one. */
function handMade(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value))
  let binary = ''
  for (const byte of deflateSync(bytes, { dictionary: SHARE_DICTIONARY_S1 })) binary += String.fromCharCode(byte)
  return `r1.${bytes.length}.${crc32(bytes).toString(16).padStart(8, '0')}.${btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`
}

describe('run links', () => {
  const shared = sharedRunOf(run, files, { threshold: 0.3, toolProtocol: 'native', modelName: '' })

  it('carry the trace, the files of the skills the run used (and no others), the model and settings', () => {
    expect(shared.skills.map((file) => file.path)).toEqual(['pdf/SKILL.md', 'pdf/reference.md'])
    expect(shared.settings).toEqual({ threshold: 0.3, toolProtocol: 'native' })
    const link = encodeRunShare(shared)
    expect(link).toMatch(/^r1\.\d+\.[0-9a-f]{8}\.[A-Za-z0-9_-]+$/)
    const decoded = decodeRunShare(`#${link}`)
    expect(decoded?.ok).toBe(true)
    if (!decoded?.ok) return
    // The catalog message is left out: the recorded sentence is what a shared run shows.
    const { text: _text, ...activation } = events[0] as Extract<TraceEvent, { type: 'activation' }>
    expect(decoded.shared).toEqual({ ...shared, run: { ...shared.run, events: [activation, ...events.slice(1)] } })
  })

  it('are not workspace links, and workspace links are not run links', () => {
    expect(decodeShare(encodeRunShare(shared))).toBeNull()
    expect(decodeRunShare('#s1.2.00000000.AA')).toBeNull()
  })

  it('as a file, read back the same; anything else is no run file', () => {
    const fromLink = decodeRunShare(encodeRunShare(shared))
    expect(fromLink?.ok && decodeRunFile(runShareFile(shared))).toEqual(fromLink?.ok && fromLink.shared)
    expect(decodeRunFile('{"format":"other"}')).toBeNull()
    expect(decodeRunFile('not json')).toBeNull()
  })

  it('refuse a cut, altered, newer or oversized link with a message', () => {
    const link = encodeRunShare(shared)
    expect(decodeRunShare(link.slice(0, -6))).toMatchObject({ ok: false })
    const altered = link.replace(/\.([0-9a-f]{8})\./, (_, crc: string) => `.${crc === '00000000' ? '11111111' : '00000000'}.`)
    expect(decodeRunShare(altered)).toMatchObject({ ok: false, error: { key: 'share.altered' } })
    expect(decodeRunShare('r9.10.00000000.AA')).toMatchObject({ ok: false, error: { key: 'share.newer' } })
    expect(decodeRunShare(`r1.${MAX_SHARE_BYTES + 1}.00000000.AA`)).toMatchObject({ ok: false, error: { key: 'share.tooLarge' } })
  })

  it('refuse a link whose steps are not what a run holds, and drop fields nobody reads', () => {
    const valid = JSON.parse(JSON.stringify(shared)) as SharedRun
    const bad = (change: (value: Record<string, unknown>) => void) => {
      const copy = JSON.parse(JSON.stringify(valid)) as Record<string, unknown>
      change(copy)
      return decodeRunShare(handMade(copy))
    }
    expect(bad((v) => ((v.run as { events: unknown[] }).events[0] = { type: 'activation', skill: 7 }))).toMatchObject({ ok: false })
    expect(bad((v) => (v.run as { events: unknown[] }).events.push({ type: 'script-tag', html: '<script>' }))).toMatchObject({ ok: false })
    expect(bad((v) => (v.run as { events: unknown[] }).events.push({ type: '__proto__' }))).toMatchObject({ ok: false })
    expect(bad((v) => (v.skills = [{ path: 1 }]))).toMatchObject({ ok: false })
    expect(bad((v) => ((v.run as { mode: string }).mode = 'eval'))).toMatchObject({ ok: false })
    const extra = bad((v) => {
      ;(v.run as { events: Record<string, unknown>[] }).events[6]!.onclick = 'alert(1)'
      v.apiKey = 'sk-123'
    })
    expect(extra?.ok).toBe(true)
    expect(JSON.stringify(extra)).not.toContain('onclick')
    expect(JSON.stringify(extra)).not.toContain('sk-123')
  })

  it('keep hostile text as text: markup, script URLs and remote images arrive as strings to be shown, nothing else', () => {
    const hostile =
      '<img src="http://127.0.0.1:9/beacon" onerror="fetch(\'/v1/chat/completions\')"><script>alert(1)</script>[x](javascript:alert(1))'
    const copy = JSON.parse(JSON.stringify(shared)) as SharedRun
    copy.run.utterance = hostile
    ;(copy.run.events[6] as { text: string }).text = hostile
    const decoded = decodeRunShare(handMade(copy))
    expect(decoded).toMatchObject({ ok: true, shared: { run: { utterance: hostile } } })
  })

  it('show a run shared while it ran as stopped: nothing of it runs on', () => {
    const running = sharedRunOf({ ...run, status: 'running' }, files, {})
    expect(decodeRunShare(encodeRunShare(running))).toMatchObject({ ok: true, shared: { run: { status: 'aborted' } } })
  })
})
