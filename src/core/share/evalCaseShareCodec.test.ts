import { deflateSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import type { TraceEvent } from '../agent/trace'
import { caseReport, type EvalCase, type TrialResult } from '../evals'
import { SHARE_DICTIONARY_S1 } from './shareDictionary'
import {
  crc32,
  decodeEvalCaseFile,
  decodeEvalCaseShare,
  decodeRunShare,
  decodeShare,
  encodeEvalCaseShare,
  encodeRunShare,
  evalCaseShareFile,
  MAX_RUN_LINK_CHARS,
  MAX_SHARE_BYTES,
  sharedEvalCaseOf,
  type SharedEvalCase,
} from './index'

const trace = (answer: string): TraceEvent[] => [
  {
    type: 'activation',
    mode: 'progressive',
    skill: null,
    reason: 'the model picks',
    config: {
      skill: null,
      systemPrompt: 'You help.',
      tools: [{ name: 'load_skill', source: 'builtin', missing: false }],
      narrowed: false,
      maxRounds: 5,
    },
    missingTools: [],
    at: 0,
  },
  { type: 'round', round: 1, maxRounds: 5, at: 1 },
  {
    type: 'tool',
    round: 1,
    skill: null,
    tool: 'load_skill',
    arguments: '{"name":"pdf"}',
    valid: true,
    result: { name: 'pdf', instructions: 'Read reference.md' },
    error: null,
    latencyMs: 1,
    precedingText: '',
    userMessage: null,
    at: 2,
  },
  { type: 'disclosure', level: 'file', round: 2, skill: 'pdf', path: 'reference.md', characters: 5, tokens: 2, estimated: true, at: 3 },
  { type: 'final', text: answer, at: 4 },
]

const testCase: EvalCase = {
  name: 'reads the reference',
  turns: ['Check the form against the reference'],
  files: { 'form.txt': 'date: 2026-01-01' },
  mode: 'progressive',
  expect: {
    files_read: ['reference.md'],
    tool_args: { load_skill: { name: 'pdf' } },
    answer_contains: ['YYYY-MM-DD'],
    max_rounds: 4,
  },
  file: 'evals.yaml',
  line: 1,
}
const results: TrialResult[] = [
  {
    trial: 1,
    passed: true,
    assertions: [{ assertion: 'files_read: reference.md', passed: true, detail: '' }],
    latencyMs: 12,
    skill: 'pdf',
    answer: 'YYYY-MM-DD',
  },
  {
    trial: 2,
    passed: false,
    assertions: [{ assertion: 'answer_contains: YYYY-MM-DD', passed: false, detail: 'the answer was "no idea"' }],
    latencyMs: 9,
    skill: 'pdf',
    answer: 'no idea',
    tokens: { input: 20, output: 3 },
  },
]
const files = [
  { path: 'pdf/SKILL.md', text: '---\nname: pdf\ndescription: PDF forms\n---\nRead reference.md\n' },
  { path: 'pdf/reference.md', text: 'Dates are YYYY-MM-DD' },
  { path: 'other/SKILL.md', text: '---\nname: other\ndescription: other\n---\nOther.\n' },
]
const settings = { label: 'Scripted (offline) · progressive', simulated: true, mode: 'progressive' as const, threshold: 0.3, modelName: '' }
const shared = sharedEvalCaseOf(
  testCase,
  caseReport(testCase, results),
  { trials: { 1: { events: trace('YYYY-MM-DD') }, 2: { events: trace('no idea'), shortenedTexts: 1 } }, dropped: 0 },
  files,
  settings,
  '2026-12-03T10:00:00.000Z',
)

/** A link of format e1 around any JSON, as a hostile sender would make one. */
function handMade(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value))
  let binary = ''
  for (const byte of deflateSync(bytes, { dictionary: SHARE_DICTIONARY_S1 })) binary += String.fromCharCode(byte)
  return `e1.${bytes.length}.${crc32(bytes).toString(16).padStart(8, '0')}.${btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`
}
const copyOf = () => JSON.parse(JSON.stringify(shared)) as SharedEvalCase & Record<string, unknown>

describe('eval case links', () => {
  it('round-trip the case, each trial with its verdict, assertions and trace, the skills it used (and no others) and the settings', () => {
    expect(shared.skills.map((file) => file.path)).toEqual(['pdf/SKILL.md', 'pdf/reference.md'])
    expect(shared.settings).toEqual({ label: settings.label, simulated: true, mode: 'progressive', threshold: 0.3 })
    expect(shared.tracesDropped).toBe(0)
    const link = encodeEvalCaseShare(shared)
    expect(link).toMatch(/^e1\.\d+\.[0-9a-f]{8}\.[A-Za-z0-9_-]+$/)
    expect(decodeEvalCaseShare(`#${link}`)).toEqual({ ok: true, shared })
  })

  it('are neither run nor workspace links, and those are not case links', () => {
    const link = encodeEvalCaseShare(shared)
    expect(decodeShare(link)).toBeNull()
    expect(decodeRunShare(link)).toBeNull()
    expect(
      decodeEvalCaseShare(
        encodeRunShare({
          run: { utterance: '', startedAt: '', mode: 'keyword', model: '', status: 'done', events: [] },
          skills: [],
          settings: {},
        }),
      ),
    ).toBeNull()
  })

  it('as a file read back the same; anything else is no case file', () => {
    expect(decodeEvalCaseFile(evalCaseShareFile(shared))).toEqual(shared)
    expect(decodeEvalCaseFile('{"format":"skill-playground-run","version":1}')).toBeNull()
    expect(decodeEvalCaseFile('{"format":"skill-playground-eval-case","version":2}')).toBeNull()
    expect(decodeEvalCaseFile('not json')).toBeNull()
  })

  it('are capped: a case too long for a link is over the link limit (Share as file) and its file opens; a link over the byte cap is refused before inflating', () => {
    const long = copyOf()
    // Text that does not compress (a pseudo-random sequence), as a long tool result would be.
    let seed = 7
    const noisy = Array.from({ length: 40_000 }, () => ((seed = (seed * 48271) % 2147483647) % 36).toString(36)).join('')
    for (const trial of long.trials) (trial.trace!.events[4] as { text: string }).text = noisy
    expect(encodeEvalCaseShare(long).length).toBeGreaterThan(MAX_RUN_LINK_CHARS)
    expect(decodeEvalCaseFile(evalCaseShareFile(long))?.trials[0]?.trace?.events[4]).toMatchObject({ text: noisy })
    expect(decodeEvalCaseShare(`e1.${MAX_SHARE_BYTES + 1}.00000000.AA`)).toMatchObject({ ok: false, error: { key: 'share.tooLarge' } })
    expect(decodeEvalCaseShare('e9.10.00000000.AA')).toMatchObject({ ok: false, error: { key: 'share.newer' } })
    const link = encodeEvalCaseShare(shared)
    expect(decodeEvalCaseShare(link.slice(0, -6))).toMatchObject({ ok: false })
    const altered = link.replace(/\.([0-9a-f]{8})\./, (_, crc: string) => `.${crc === '00000000' ? '11111111' : '00000000'}.`)
    expect(decodeEvalCaseShare(altered)).toMatchObject({ ok: false, error: { key: 'share.altered' } })
  })

  it('re-check every field on open: a wrong one refuses the link with a message', () => {
    const bad = (change: (value: Record<string, unknown> & SharedEvalCase) => void) => {
      const copy = copyOf()
      change(copy)
      return decodeEvalCaseShare(handMade(copy))
    }
    const refused = { ok: false, error: { key: 'share.notOurs' } }
    expect(bad((v) => ((v.case as { turns: unknown }).turns = 'one'))).toMatchObject(refused)
    expect(bad((v) => ((v.case.expect as Record<string, unknown>).files_read = 'reference.md'))).toMatchObject(refused)
    expect(bad((v) => ((v.case.expect as Record<string, unknown>).max_rounds = -1))).toMatchObject(refused)
    expect(bad((v) => ((v.case as { mode: string }).mode = 'eval'))).toMatchObject(refused)
    expect(bad((v) => ((v.trials[0] as { passed: unknown }).passed = 'yes'))).toMatchObject(refused)
    expect(bad((v) => ((v.trials[0]!.assertions[0] as { detail: unknown }).detail = 7))).toMatchObject(refused)
    expect(bad((v) => v.trials[0]!.trace!.events.push({ type: 'script-tag', html: '<script>' } as never))).toMatchObject(refused)
    expect(bad((v) => ((v.trials[1]!.trace as { droppedSteps: unknown }).droppedSteps = 'many'))).toMatchObject(refused)
    expect(bad((v) => (v.skills = [{ path: 1 } as never]))).toMatchObject(refused)
    expect(bad((v) => ((v.settings as { simulated: unknown }).simulated = 'no'))).toMatchObject(refused)
    expect(bad((v) => ((v as Record<string, unknown>).trials = {}))).toMatchObject(refused)
  })

  it('drop fields nobody reads, and count the traces not kept themselves', () => {
    const copy = copyOf()
    copy.apiKey = 'sk-123'
    ;(copy.case.expect as Record<string, unknown>).run_this = 'rm -rf /'
    ;(copy.trials[0] as unknown as Record<string, unknown>).onclick = 'alert(1)'
    ;(copy.trials[0]!.trace!.events[4] as unknown as Record<string, unknown>).onclick = 'alert(1)'
    ;(copy.settings as unknown as Record<string, unknown>).apiKey = 'sk-456'
    delete copy.trials[1]!.trace
    copy.tracesDropped = 0
    const decoded = decodeEvalCaseShare(handMade(copy))
    expect(decoded?.ok).toBe(true)
    const text = JSON.stringify(decoded)
    for (const gone of ['sk-123', 'sk-456', 'run_this', 'onclick']) expect(text).not.toContain(gone)
    expect(decoded?.ok && decoded.shared.tracesDropped).toBe(1)
  })

  it('keep hostile content as text: markup, script URLs and remote images arrive as strings to be shown', () => {
    const hostile =
      '<img src="http://127.0.0.1:9/beacon" onerror="fetch(\'/v1/chat/completions\')"><script>alert(1)</script>[x](javascript:alert(1))'
    const copy = copyOf()
    copy.case.name = hostile
    copy.case.turns = [hostile]
    copy.trials[0]!.answer = hostile
    copy.trials[0]!.assertions[0]!.detail = hostile
    ;(copy.trials[0]!.trace!.events[4] as { text: string }).text = hostile
    const decoded = decodeEvalCaseShare(handMade(copy))
    expect(decoded).toMatchObject({
      ok: true,
      shared: { case: { name: hostile, turns: [hostile] }, trials: [{ answer: hostile, assertions: [{ detail: hostile }] }, {}] },
    })
  })
})
