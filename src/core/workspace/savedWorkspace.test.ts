import { describe, expect, it } from 'vitest'
import { decodeSavedWorkspace, encodeSavedWorkspace, SAVED_FIELDS, SAVED_WORKSPACE_VERSION, type SavedWorkspace } from './index'

const full: Required<SavedWorkspace> = {
  files: [{ path: 'calc/SKILL.md', text: '---\nname: calc\n---\nbody\n' }],
  selectedPath: 'calc/SKILL.md',
  utterance: '计算一下',
  threshold: 0.25,
  lintProfile: 'strict',
  toolMocks: { get_weather: [{ when: { city: 'Paris' }, response: { ok: true } }, { response: 'fallback' }] },
  toolModes: { web_fetch: 'live', get_weather: 'mock' },
  knowledge: [{ id: 'k1', title: 'RAG', text: '检索增强' }],
  virtualFiles: { 'notes/a.md': 'hello' },
  model: 'browser',
  modelName: 'gpt-4.1',
  browserBaseUrl: 'http://127.0.0.1:9/v1',
  routingMode: 'progressive',
  toolProtocol: 'text',
  script: '[]',
  runs: [
    {
      id: 'r1',
      utterance: 'u',
      startedAt: '2026-11-30T00:00:00.000Z',
      mode: 'keyword',
      model: 'Scripted',
      events: [{ type: 'final', text: 'done', at: 3 }],
      streaming: null,
      status: 'done',
    },
  ],
  versions: { 'calc/SKILL.md': [{ id: 'v1', label: 'first', savedAt: '2026-11-30T00:00:00.000Z', text: 'old' }] },
  sharedDraft: {
    kind: 'skill',
    paths: ['calc/SKILL.md'],
    renamed: [{ from: 'a', to: 'b' }],
    resources: { knowledge: [{ id: 'k2', title: 't', text: 'x' }] },
    previous: { utterance: 'mine', threshold: 0.3 },
  },
  sharedOrigins: { 'calc/SKILL.md': 'origin' },
  evalTrials: 3,
  evalResult: {
    b: {
      label: 'Scripted (offline) · simulated · keyword',
      simulated: true,
      trials: 1,
      stopped: false,
      durationMs: 12,
      cases: [
        {
          name: 'power',
          file: 'evals.yaml',
          line: 2,
          trials: 1,
          passed: 1,
          passRate: 1,
          interval: [0.21, 1],
          flaky: false,
          failures: [],
          results: [{ trial: 1, passed: true, assertions: [], latencyMs: 3, skill: 'calc', answer: '1048576' }],
        },
      ],
    },
    finishedAt: '2026-11-30T00:00:00.000Z',
  },
}

describe('the saved-workspace codec', () => {
  it('round-trips every field, through JSON, unchanged', () => {
    const encoded = JSON.parse(JSON.stringify(encodeSavedWorkspace(full)))
    expect(encoded.v).toBe(SAVED_WORKSPACE_VERSION)
    const decoded = decodeSavedWorkspace(encoded)
    expect(decoded).toEqual({ ok: true, workspace: full, migratedFrom: null, dropped: [] })
  })

  it('describes every field once: the test workspace above has them all', () => {
    expect(Object.keys(full).sort()).toEqual([...SAVED_FIELDS].sort())
  })

  it('migrates format 0 (no version, model settings in one object)', () => {
    const v0 = {
      files: full.files,
      utterance: 'x',
      model: { choice: 'proxy', name: 'gpt-4.1', browserBaseUrl: 'https://api.openai.com/v1', routingMode: 'llm', toolProtocol: 'native' },
    }
    const decoded = decodeSavedWorkspace(v0)
    expect(decoded).toMatchObject({
      ok: true,
      migratedFrom: 0,
      workspace: { utterance: 'x', model: 'proxy', modelName: 'gpt-4.1', routingMode: 'llm', toolProtocol: 'native' },
    })
  })

  it('refuses a newer format without guessing, and says so', () => {
    expect(decodeSavedWorkspace({ v: SAVED_WORKSPACE_VERSION + 1, files: full.files })).toMatchObject({
      ok: false,
      reason: 'newer',
      message: { key: 'saved.newer', params: { version: 2, supported: 1 } },
    })
  })

  it.each([
    ['not an object', 'hello'],
    ['files missing', { v: 1 }],
    ['files of the wrong shape', { v: 1, files: [{ path: 1 }] }],
    ['a broken version', { v: 'one', files: [] }],
  ])('calls a record damaged when %s', (_, value) => {
    expect(decodeSavedWorkspace(value)).toMatchObject({ ok: false, reason: 'damaged' })
  })

  it('drops an invalid field, names it, and keeps the rest', () => {
    const decoded = decodeSavedWorkspace({
      v: 1,
      files: full.files,
      utterance: 42,
      toolMocks: { x: 'not rules' },
      knowledge: full.knowledge,
    })
    expect(decoded).toMatchObject({
      ok: true,
      dropped: ['utterance', 'toolMocks'],
      workspace: { files: full.files, knowledge: full.knowledge },
    })
  })

  it('applies the threshold rule: out of range is clamped, not stored as given', () => {
    expect(decodeSavedWorkspace({ v: 1, files: [], threshold: -5 })).toMatchObject({ ok: true, workspace: { threshold: 0 } })
    expect(decodeSavedWorkspace({ v: 1, files: [], threshold: 99 })).toMatchObject({ ok: true, workspace: { threshold: 2 } })
  })

  it('marks a run that was in flight as aborted', () => {
    const running = { ...full.runs[0]!, status: 'running', streaming: { round: 1, text: 'par' } }
    expect(decodeSavedWorkspace({ v: 1, files: [], runs: [running] })).toMatchObject({
      ok: true,
      workspace: { runs: [{ status: 'aborted', streaming: null }] },
    })
  })

  it.each([
    ['runs: 5', { runs: 5 }, 'runs'],
    ['runs: [null]', { runs: [null] }, 'runs'],
    ['utterance: {}', { utterance: {} }, 'utterance'],
    ['an unknown model choice', { model: 'gpt-9000' }, 'model'],
    ['versions that are not lists', { versions: { 'a.md': 'x' } }, 'versions'],
  ])('keeps what is valid around %s, and names what was dropped', (_, damage, field) => {
    const decoded = decodeSavedWorkspace({ v: 1, files: full.files, threshold: 0.4, ...damage })
    expect(decoded).toMatchObject({ ok: true, dropped: [field], workspace: { files: full.files, threshold: 0.4 } })
  })
})
