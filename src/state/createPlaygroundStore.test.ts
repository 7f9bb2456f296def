import { describe, expect, it } from 'vitest'
import { decodeSavedWorkspace, encodeSavedWorkspace } from '../core/workspace'
import { createPlaygroundStore, savedFromState } from './createPlaygroundStore'
import { createDerivations } from './derive'
import { parseRoutingTests } from '../core/routingSuite'

const files = [
  { path: 'calc/SKILL.md', text: '---\nname: calc\ntrigger_keywords: [计算]\nrequired_tools: [calculator]\n---\nCompute.\n' },
  { path: 'flat.md', text: '---\nname: flat\n---\nFlat.\n' },
]

describe('createPlaygroundStore', () => {
  it('replaces one file on a keystroke, keeping the others, and changes nothing when the text is the same', () => {
    const store = createPlaygroundStore({ files })
    const before = store.getState()
    store.getState().updateText('flat.md', files[1]!.text)
    expect(store.getState()).toBe(before)
    store.getState().updateText('flat.md', files[1]!.text + 'More.\n')
    const after = store.getState().files
    expect(after).not.toBe(before.files)
    expect(after[0]).toBe(before.files[0])
    expect(after[1]).toEqual({ path: 'flat.md', text: files[1]!.text + 'More.\n' })
    store.getState().updateText('missing.md', 'x')
    expect(store.getState().files).toBe(after)
  })

  it('renames a folder skill: its path and its name field', () => {
    const store = createPlaygroundStore({ files })
    expect(store.getState().renameSkill('calc/SKILL.md', 'calculator')).toBeNull()
    const renamed = store.getState().files[0]!
    expect(renamed.path).toBe('calculator/SKILL.md')
    expect(renamed.text).toContain('name: calculator\n')
    expect(store.getState().selectedPath).toBe('calculator/SKILL.md')
  })

  it("moves the rest of a folder skill's folder with it when renamed (on disk it is one folder)", () => {
    const store = createPlaygroundStore({
      files: [...files, { path: 'calc/scripts/run.py', text: 'print(1)' }, { path: 'calculus/notes.md', text: 'x' }],
    })
    expect(store.getState().renameSkill('calc/SKILL.md', 'calculator')).toBeNull()
    expect(store.getState().files.map((file) => file.path)).toEqual([
      'calculator/SKILL.md',
      'flat.md',
      'calculator/scripts/run.py',
      'calculus/notes.md',
    ])
  })

  it('keeps a flat skill flat when renamed, and refuses a clash or a slash', () => {
    const store = createPlaygroundStore({ files })
    expect(store.getState().renameSkill('flat.md', 'plain')).toBeNull()
    expect(store.getState().files[1]!.path).toBe('plain.md')
    expect(store.getState().renameSkill('plain.md', 'calc')).toBeNull()
    expect(store.getState().renameSkill('calc.md', 'My Calc/2')).toBeNull()
    expect(store.getState().files[1]!.path).toBe('my-calc-2.md')
    expect(store.getState().renameSkill('my-calc-2.md', '  / ')).toEqual({ key: 'skillName.invalid' })
    store.getState().addSkill()
    expect(store.getState().renameSkill('new_skill/SKILL.md', 'calc')).toEqual({ key: 'skillName.taken', params: { name: 'calc' } })
  })

  it('duplicates with a fresh unique name and deletes with undo', () => {
    const store = createPlaygroundStore({ files })
    const copy = store.getState().duplicateSkill('calc/SKILL.md')
    expect(copy).toBe('calc-copy/SKILL.md')
    expect(store.getState().files.find((f) => f.path === copy)!.text).toContain('name: calc-copy')
    store.getState().deleteSkill('calc/SKILL.md')
    expect(store.getState().files.map((f) => f.path)).toEqual(['flat.md', 'calc-copy/SKILL.md'])
    store.getState().undoDelete()
    expect(store.getState().files.map((f) => f.path)).toEqual(['calc/SKILL.md', 'flat.md', 'calc-copy/SKILL.md'])
  })

  it('gives a deleted skill from an open link back to the link on Undo, so Discard still takes it out', () => {
    const own = [{ path: 'mine.md', text: '---\nname: mine\n---\n' }]
    const store = createPlaygroundStore({ files: own })
    store.getState().openShared({
      kind: 'workspace',
      skills: [
        { path: 'calc/SKILL.md', text: '---\nname: calc\n---\n' },
        { path: 'calc/skill.py', text: 'def run(args): return 1\n' },
      ],
    })
    store.getState().deleteSkill('calc/SKILL.md')
    expect(store.getState().sharedDraft?.paths).toEqual([])
    store.getState().undoDelete()
    expect(store.getState().sharedDraft?.paths).toEqual(['calc/SKILL.md'])
    expect(store.getState().sharedDraft?.otherPaths).toEqual(['calc/skill.py'])
    store.getState().discardShared()
    expect(store.getState().files).toEqual(own)

    // A link opened after the delete is not handed the earlier link's paths.
    store.getState().openShared({ kind: 'skill', skills: [{ path: 'a/SKILL.md', text: '---\nname: a\n---\n' }] })
    store.getState().deleteSkill('a/SKILL.md')
    store.getState().discardShared()
    store.getState().openShared({ kind: 'skill', skills: [{ path: 'b/SKILL.md', text: '---\nname: b\n---\n' }] })
    store.getState().undoDelete()
    expect(store.getState().sharedDraft?.paths).toEqual(['b/SKILL.md'])
    expect(store.getState().files.map((f) => f.path)).toContain('a/SKILL.md')
  })

  it('deletes a folder skill with its folder, not a nested skill, and undo puts every file back in its place', () => {
    const skill = (name: string) => `---\nname: ${name}\ndescription: d\n---\n`
    const store = createPlaygroundStore({
      files: [
        { path: 'calc/SKILL.md', text: skill('calc') },
        { path: 'flat.md', text: skill('flat') },
        { path: 'calc/skill.py', text: 'def run(args): return 1\n' },
        { path: 'calc/references/guide.md', text: '# Guide\n' },
        { path: 'calc/inner/SKILL.md', text: skill('inner') },
        { path: 'calc/inner/skill.py', text: 'def run(args): return 2\n' },
      ],
    })
    const before = store.getState().files
    store.getState().selectSkill('calc/skill.py')
    store.getState().deleteSkill('calc/SKILL.md')
    expect(store.getState().files.map((f) => f.path)).toEqual(['flat.md', 'calc/inner/SKILL.md', 'calc/inner/skill.py'])
    expect(store.getState().lastDeleted?.removed.map((r) => r.file.path)).toEqual([
      'calc/SKILL.md',
      'calc/skill.py',
      'calc/references/guide.md',
    ])
    // The open file went with the folder: the selection moves on rather than pointing at nothing.
    expect(store.getState().selectedPath).toBe('flat.md')
    store.getState().undoDelete()
    expect(store.getState().files).toEqual(before)
    expect(store.getState().selectedPath).toBe('calc/SKILL.md')

    // A new skill at the deleted one's path since: Undo leaves it, and does not give it the old code.
    store.getState().deleteSkill('calc/SKILL.md')
    store.setState((state) => ({ files: [...state.files, { path: 'calc/SKILL.md', text: skill('calc') }] }))
    store.getState().undoDelete()
    expect(store.getState().files.map((f) => f.path)).toEqual(['flat.md', 'calc/inner/SKILL.md', 'calc/inner/skill.py', 'calc/SKILL.md'])
    store.setState({ files: before })

    // Deleting a file that is no skill takes that file only.
    store.getState().deleteSkill('calc/references/guide.md')
    expect(store.getState().files.map((f) => f.path)).not.toContain('calc/references/guide.md')
    expect(store.getState().files).toHaveLength(before.length - 1)
  })

  it('derives routing and the effective configuration from the files, re-parsing only what changed', () => {
    const store = createPlaygroundStore({ files, utterance: '计算一下' })
    const derive = createDerivations()
    const state = () => store.getState()
    const first = derive.workspace(state().files)
    const winner = derive.routing(state().files, state().utterance, state().threshold).winner
    expect(winner?.skill).toBe('calc')
    expect(derive.config(state().files, winner)).toMatchObject({
      skill: 'calc',
      maxRounds: 5,
      narrowed: true,
      tools: [{ name: 'calculator', missing: false }],
    })

    state().updateText('flat.md', '---\nname: flat\ntrigger_keywords: [计算一下]\n---\n')
    const second = derive.workspace(state().files)
    expect(second.skills[0]).toBe(first.skills[0])
    expect(second.skills[1]).not.toBe(first.skills[1])
    const routing = derive.routing(state().files, state().utterance, state().threshold)
    expect(routing.winner?.skill).toBe('flat')
    expect(derive.config(state().files, routing.winner)).toMatchObject({ skill: 'flat', narrowed: false })
    // A winner whose place does not hold it (another routing's) is found by its path.
    expect(derive.config(state().files, { path: 'calc/SKILL.md', order: routing.winner!.order })).toMatchObject({ skill: 'calc' })
    expect(derive.config(state().files, { path: 'calc/SKILL.md', order: 99 })).toMatchObject({ skill: 'calc' })
    expect(derive.config(state().files, null).skill).toBeNull()
    // The same winner for another message gives the same configuration.
    expect(derive.config(state().files, { ...routing.winner! })).toBe(derive.config(state().files, routing.winner))
  })

  it('keeps the routing result when only a body or description changed, and routes again when keywords did', () => {
    const store = createPlaygroundStore({ files, utterance: '计算一下' })
    const derive = createDerivations()
    const route = () => derive.routing(store.getState().files, store.getState().utterance, store.getState().threshold)
    const first = route()
    store
      .getState()
      .updateText(
        'calc/SKILL.md',
        '---\nname: calc\ndescription: New words.\ntrigger_keywords: [计算]\nrequired_tools: [calculator]\n---\nA new body.\n',
      )
    expect(route()).toBe(first)
    store.getState().updateText('calc/SKILL.md', '---\nname: calc\ntrigger_keywords: [计算, 一下]\n---\nA new body.\n')
    const second = route()
    expect(second).not.toBe(first)
    expect(second.winner?.matched).toEqual(['计算', '一下'])
    store.getState().updateText('calc/SKILL.md', '---\nname: calculator\ntrigger_keywords: [计算, 一下]\n---\nA new body.\n')
    expect(route().winner?.skill).toBe('calculator')
  })
})

describe('shared drafts and imports', () => {
  it('opens a link beside the user’s work, renaming clashes, and Discard restores everything', () => {
    const store = createPlaygroundStore({ files, utterance: 'mine', threshold: 0.3 })
    store.getState().openShared({
      kind: 'workspace',
      skills: [
        { path: 'calc/SKILL.md', text: '---\nname: calc\n---\nTheirs.\n' },
        { path: 'new.md', text: 'New.' },
      ],
      utterance: 'theirs',
      threshold: 0.5,
      knowledge: [{ id: 'k', title: 'K', text: 'x' }],
    })
    const state = store.getState()
    expect(state.files.map((f) => f.path)).toEqual(['calc/SKILL.md', 'flat.md', 'calc-shared/SKILL.md', 'new.md'])
    expect(state.files[2]!.text).toContain('name: calc-shared')
    expect(state.files[0]!.text).toContain('Compute.')
    expect(state.utterance).toBe('theirs')
    expect(state.knowledge.some((doc) => doc.id === 'k')).toBe(false)
    store.getState().discardShared()
    expect(store.getState().files).toEqual(files)
    expect(store.getState()).toMatchObject({ utterance: 'mine', threshold: 0.3, sharedDraft: null })
  })

  it('Keep adopts the skills and merges the shared workspace parts', () => {
    const store = createPlaygroundStore({ files })
    store
      .getState()
      .openShared({ kind: 'workspace', skills: [{ path: 'x.md', text: 'X' }], knowledge: [{ id: 'k', title: 'K', text: 'x' }] })
    store.getState().keepShared()
    expect(store.getState().files.map((f) => f.path)).toContain('x.md')
    expect(store.getState().knowledge.some((doc) => doc.id === 'k')).toBe(true)
    store.getState().updateText('x.md', 'X edited')
    expect(store.getState().sharedOrigins['x.md']).toBe('X')
  })

  it('imports with keep both, replace or skip on clashes', () => {
    const incoming = [
      { path: 'calc/SKILL.md', text: 'replacement' },
      { path: 'other.md', text: 'other' },
    ]
    const both = createPlaygroundStore({ files })
    expect(both.getState().importFiles(incoming, 'both')).toEqual({
      added: 2,
      replaced: 0,
      skipped: 0,
      renamed: [{ from: 'calc/SKILL.md', to: 'calc-imported/SKILL.md' }],
      conflicts: [],
      unreadableTests: null,
    })
    expect(both.getState().files.map((f) => f.path)).toEqual(['calc/SKILL.md', 'flat.md', 'calc-imported/SKILL.md', 'other.md'])
    const replace = createPlaygroundStore({ files })
    expect(replace.getState().importFiles(incoming, 'replace')).toEqual({
      added: 1,
      replaced: 1,
      skipped: 0,
      renamed: [],
      conflicts: [],
      unreadableTests: null,
    })
    expect(replace.getState().files[0]!.text).toBe('replacement')
    const skip = createPlaygroundStore({ files })
    expect(skip.getState().importFiles(incoming, 'skip')).toEqual({
      added: 1,
      replaced: 0,
      skipped: 1,
      renamed: [],
      conflicts: [],
      unreadableTests: null,
    })
    expect(skip.getState().files[0]!.text).toBe(files[0]!.text)
  })

  it('previews the files an import will leave (linted ahead), the same as importing them, without importing', () => {
    const incoming = [
      { path: 'calc/SKILL.md', text: 'replacement' },
      { path: 'other.md', text: 'other' },
      { path: 'routing-tests.yaml', text: '- utterance: add 2 and 3\n  expect: calc\n' },
    ]
    for (const clash of ['both', 'replace', 'skip'] as const) {
      const store = createPlaygroundStore({ files })
      const preview = store.getState().previewImport(incoming, clash)
      expect(store.getState().files).toEqual(files)
      store.getState().importFiles(incoming, clash)
      expect(preview).toEqual(store.getState().files)
    }
  })

  it('keeps versions, and restoring saves the replaced text first', () => {
    const store = createPlaygroundStore({ files })
    const v1 = store.getState().saveVersion('calc/SKILL.md', 'first')!
    store.getState().updateText('calc/SKILL.md', 'changed')
    store.getState().restoreVersion('calc/SKILL.md', v1.id)
    expect(store.getState().files[0]!.text).toBe(files[0]!.text)
    expect(store.getState().versions['calc/SKILL.md']!.map((v) => v.label)).toEqual(['first', 'Before restoring “first”'])
    store.getState().renameSkill('calc/SKILL.md', 'calculator')
    expect(store.getState().versions['calculator/SKILL.md']).toHaveLength(2)
  })
})

describe('the rules of core, on every entry path into the store', () => {
  it('clamps the threshold from the slider, a shared link and a restored save alike', () => {
    const store = createPlaygroundStore({ files })
    store.getState().setThreshold(-5)
    expect(store.getState().threshold).toBe(0)
    store.getState().openShared({ kind: 'skill', skills: [{ path: 'x/SKILL.md', text: '---\nname: x\n---\n' }], threshold: 9 })
    expect(store.getState().threshold).toBe(2)
    const decoded = decodeSavedWorkspace({ v: 1, files, threshold: -5 })
    if (!decoded.ok) throw new Error(decoded.message.key)
    expect(createPlaygroundStore(decoded.workspace).getState().threshold).toBe(0)
  })

  it('saves exactly what it restores (the codec round trip through the store)', () => {
    const fixed = { now: () => new Date('2026-11-30T12:00:00Z'), randomId: () => 'abc' }
    const store = createPlaygroundStore({ files, utterance: '计算', threshold: 0.4, routingMode: 'llm', model: 'script' }, fixed)
    store.getState().saveVersion('calc/SKILL.md', 'first')
    store.getState().setToolMocks('get_weather', [{ response: { sunny: true } }])
    const saved = JSON.parse(JSON.stringify(encodeSavedWorkspace(savedFromState(store.getState()))))
    const decoded = decodeSavedWorkspace(saved)
    if (!decoded.ok) throw new Error(decoded.message.key)
    const restored = createPlaygroundStore(decoded.workspace, fixed).getState()
    expect(savedFromState(restored)).toEqual(savedFromState(store.getState()))
    expect(restored.versions['calc/SKILL.md']).toEqual([
      {
        id: `v${new Date('2026-11-30T12:00:00Z').getTime().toString(36)}abc`,
        label: 'first',
        savedAt: '2026-11-30T12:00:00.000Z',
        text: files[0]!.text,
      },
    ])
  })

  it('places imported and shared skills through the same clash rule', () => {
    const store = createPlaygroundStore({ files })
    store.getState().importFiles([{ path: 'calc/SKILL.md', text: '---\nname: calc\n---\nOther.\n' }], 'both')
    expect(store.getState().files.map((file) => file.path)).toContain('calc-imported/SKILL.md')
    store.getState().openShared({ kind: 'skill', skills: [{ path: 'calc/SKILL.md', text: '---\nname: calc\n---\nShared.\n' }] })
    expect(store.getState().files.map((file) => file.path)).toContain('calc-shared/SKILL.md')
  })
})

describe('merges that keep exactly what was sent', () => {
  const suite = '# mine\n- utterance: 计算\n  expect: calc\n- utterance: hello\n  expect: null\n'
  const mine = [...files, { path: 'routing-tests.yaml', text: suite }]

  it('does not duplicate identical skills, merges routing cases, lists a conflict, and Discard restores exactly', () => {
    const store = createPlaygroundStore({ files: mine })
    const before = store.getState().files
    store.getState().openShared({
      kind: 'workspace',
      skills: [
        files[0]!,
        { path: 'flat.md', text: '---\nname: flat\n---\nChanged.\n' },
        {
          path: 'routing-tests.yaml',
          text: '- utterance: 计算\n  expect: calc\n- utterance: hello\n  expect: flat\n- utterance: new one\n  expect: calc\n',
        },
      ],
    })
    const state = store.getState()
    expect(state.files.map((f) => f.path)).toEqual(['calc/SKILL.md', 'flat.md', 'routing-tests.yaml', 'flat-shared.md'])
    expect(state.sharedDraft).toMatchObject({
      paths: ['flat-shared.md'],
      identical: ['calc/SKILL.md'],
      // The link's flat arrived as flat-shared: its test names it so (docs/share-links.md).
      conflicts: [{ utterance: 'hello', mine: null, theirs: 'flat-shared' }],
    })
    expect(state.files.find((f) => f.path === 'routing-tests.yaml')!.text).toBe(`${suite}- utterance: "new one"\n  expect: "calc"\n`)

    store.getState().resolveSharedConflict('hello', 'theirs')
    expect(store.getState().files.find((f) => f.path === 'routing-tests.yaml')!.text).toContain(
      '- utterance: "hello"\n  expect: "flat-shared"',
    )
    expect(store.getState().sharedDraft?.conflicts).toEqual([])

    store.getState().discardShared()
    expect(store.getState().files).toEqual(before)
  })

  it('names the link’s eval cases that differ from the user’s of the same name (the user’s kept), in the draft, after a reload and in an import’s report', () => {
    const mineEvals = 'cases:\n  - name: power\n    utterance: 2^20\n    expect:\n      skill: calc\n'
    const theirs =
      'cases:\n  - name: power\n    utterance: 3^3\n    expect:\n      skill: calc\n  - name: sum\n    utterance: 1+2\n    expect:\n      skill: calc\n'
    const before = [...files, { path: 'evals.yaml', text: mineEvals }]
    const store = createPlaygroundStore({ files: before })
    store.getState().openShared({ kind: 'skill', skills: [{ path: 'evals.yaml', text: theirs }] })
    expect(store.getState().sharedDraft?.keptEvalCases).toEqual(['power'])
    expect(store.getState().files.find((f) => f.path === 'evals.yaml')!.text).toContain('name: sum')
    const saved = decodeSavedWorkspace(JSON.parse(JSON.stringify(encodeSavedWorkspace(savedFromState(store.getState())))))
    expect(saved.ok && saved.workspace.sharedDraft?.keptEvalCases).toEqual(['power'])
    store.getState().discardShared()
    expect(store.getState().files).toEqual(before)
    expect(
      createPlaygroundStore({ files: before })
        .getState()
        .importFiles([{ path: 'evals.yaml', text: theirs }], 'both').keptEvalCases,
    ).toEqual(['power'])
  })

  it('keeps routing tests that do not all read, from an import or a link, as comments after the user’s own; Discard takes them out', () => {
    const suite = '# mine\n- utterance: hello\n  expect: null\n'
    const before = [...files, { path: 'routing-tests.yaml', text: suite }]
    // A YAML error reads as nothing at all; a case without an utterance loses only that case.
    const broken = '- utterance: "add 2 and 3\n  expect: calc\n'
    const partly = '- utterance: new one\n  expect: calc\n- expect: flat\n'
    for (const clash of ['both', 'skip'] as const) {
      const store = createPlaygroundStore({ files: before })
      const report = store.getState().importFiles([{ path: 'routing-tests.yaml', text: broken }], clash)
      expect(report.unreadableTests).toMatchObject({ problems: 1, keptAtLine: 5 })
      const text = store.getState().files.find((f) => f.path === 'routing-tests.yaml')!.text
      expect(text.startsWith(suite)).toBe(true)
      expect(text.split('\n')[4]).toMatch(/^# Imported routing-tests\.yaml, kept as comments/)
      expect(text).toContain('# - utterance: "add 2 and 3\n#   expect: calc\n')
      expect(parseRoutingTests(text)).toMatchObject({ cases: [{ utterance: 'hello' }], problems: [] })
    }
    const store = createPlaygroundStore({ files: before })
    store.getState().openShared({ kind: 'workspace', skills: [{ path: 'routing-tests.yaml', text: partly }] })
    expect(store.getState().sharedDraft?.unreadableTests).toEqual({ problems: 1, line: 3, keptAtLine: 7 })
    const text = store.getState().files.find((f) => f.path === 'routing-tests.yaml')!.text
    expect(parseRoutingTests(text).cases.map((c) => c.utterance)).toEqual(['hello', 'new one'])
    expect(text.split('\n').slice(6)).toEqual([
      expect.stringMatching(/^# Imported/),
      ...partly
        .replace(/\n$/, '')
        .split('\n')
        .map((line) => `# ${line}`),
      '',
    ])
    // The note survives a reload with the rest of the draft.
    const saved = decodeSavedWorkspace(JSON.parse(JSON.stringify(encodeSavedWorkspace(savedFromState(store.getState())))))
    expect(saved.ok && saved.workspace.sharedDraft?.unreadableTests).toEqual({ problems: 1, line: 3, keptAtLine: 7 })
    store.getState().discardShared()
    expect(store.getState().files).toEqual(before)
    // Discard puts a suite back even when nothing but the commented copy was added.
    const only = createPlaygroundStore({ files: before })
    only.getState().openShared({ kind: 'workspace', skills: [{ path: 'routing-tests.yaml', text: broken }] })
    only.getState().discardShared()
    expect(only.getState().files).toEqual(before)
  })

  it('brings every file of an import or a link, renaming one whose path is taken; Discard takes them all out', () => {
    const own = [...files, { path: 'evals.yaml', text: '# mine\n' }, { path: 'calc/calc.py', text: 'mine' }]
    const incoming = [
      { path: 'evals.yaml', text: '# theirs\n' },
      { path: 'calc/SKILL.md', text: files[0]!.text },
      { path: 'calc/calc.py', text: 'theirs' },
      { path: 'calc/notes.txt', text: 'new beside an unchanged skill' },
      { path: 'new/SKILL.md', text: '---\nname: new\n---\n' },
      { path: 'new/run.py', text: 'print(1)' },
    ]
    const store = createPlaygroundStore({ files: own })
    const report = store.getState().importFiles(incoming, 'both')
    expect(report.renamed).toEqual([
      { from: 'evals.yaml', to: 'evals-imported.yaml' },
      { from: 'calc/calc.py', to: 'calc/calc-imported.py' },
    ])
    const text = (path: string) => store.getState().files.find((f) => f.path === path)?.text
    expect([text('evals.yaml'), text('evals-imported.yaml'), text('calc/calc.py'), text('calc/calc-imported.py')]).toEqual([
      '# mine\n',
      '# theirs\n',
      'mine',
      'theirs',
    ])
    expect(text('calc/notes.txt')).toBe('new beside an unchanged skill')
    expect(text('new/run.py')).toBe('print(1)')
    // Importing the same again adds nothing: every file is there byte for byte.
    const count = store.getState().files.length
    store.getState().importFiles(incoming, 'both')
    expect(store.getState().files.length).toBe(count)

    const linked = createPlaygroundStore({ files: own })
    linked.getState().openShared({ kind: 'workspace', skills: incoming })
    expect(linked.getState().files.map((f) => f.path)).toContain('evals-shared.yaml')
    const saved = decodeSavedWorkspace(JSON.parse(JSON.stringify(encodeSavedWorkspace(savedFromState(linked.getState())))))
    expect(saved.ok && saved.workspace.sharedDraft?.otherPaths).toEqual([
      'new/run.py',
      'evals-shared.yaml',
      'calc/calc-shared.py',
      'calc/notes.txt',
    ])
    linked.getState().discardShared()
    expect(linked.getState().files).toEqual(own)
  })

  it('replace-mine import reproduces the same files, paths and bytes', () => {
    const store = createPlaygroundStore({ files: [{ path: 'weather.md', text: 'old' }] })
    store.getState().importFiles(
      [
        { path: 'weather.md', text: 'new' },
        { path: '天气/SKILL.md', text: 'x' },
      ],
      'replace',
    )
    expect(store.getState().files).toEqual([
      { path: 'weather.md', text: 'new' },
      { path: '天气/SKILL.md', text: 'x' },
    ])
  })
})

describe('a run in flight', () => {
  it('shows the step that is running until its event lands, and never after the run ends', () => {
    const store = createPlaygroundStore({ files })
    const run = {
      id: 'r',
      utterance: 'u',
      startedAt: '',
      mode: 'llm' as const,
      model: 'm',
      events: [],
      streaming: null,
      status: 'running' as const,
    }
    store.getState().startRun(run)
    store.getState().setWorking('r', { type: 'execute', name: 'skill.py' })
    expect(store.getState().runs[0]?.working).toEqual({ type: 'execute', name: 'skill.py' })
    store.getState().appendEvent('r', { type: 'final', text: 'done', at: 1 })
    expect(store.getState().runs[0]?.working).toBeNull()
    store.getState().setWorking('r', { type: 'tool', name: 'calculator' })
    store.getState().finishRun('r')
    expect(store.getState().runs[0]).toMatchObject({ status: 'done', working: null })
  })
})
