import { describe, expect, it } from 'vitest'
import { parseEvalSuite } from '../core/evals'
import { createRouter } from '../core/routing'
import { parseRoutingTests, ROUTING_TESTS_FILE, runRoutingTests } from '../core/routingSuite'
import { loadWorkspace, parseSkill, type SkillFile } from '../core/skill'
import { SKILL_TEMPLATES } from '../core/templates'
import { createPlaygroundStore } from './createPlaygroundStore'

const refund = SKILL_TEMPLATES.find((template) => template.id === 'refund-policy')!
const template = { name: refund.name, ...refund.variants.zh }

const EVALS = `# What the agent does.
cases:
  - name: refund from the policy
    utterance: 我要退款
    expect:
      skill: refund-policy   # the template's skill
      tools_called: [search_knowledge]
`
const ORDERS = '---\nname: orders\ndescription: Order reports.\ntrigger_keywords: [订单]\nfallback: refund-policy\n---\nReport.\n'

function workspace() {
  const store = createPlaygroundStore({
    files: [
      { path: 'orders/SKILL.md', text: ORDERS },
      { path: 'evals.yaml', text: EVALS },
    ],
  })
  store.getState().addFromTemplate(template)
  return store
}

const textOf = (files: readonly SkillFile[], path: string) => files.find((file) => file.path === path)?.text ?? ''

function suitePasses(files: readonly SkillFile[]) {
  const { skills } = loadWorkspace(files.filter((file) => file.path.endsWith('SKILL.md')))
  const { cases } = parseRoutingTests(textOf(files, ROUTING_TESTS_FILE))
  const suite = runRoutingTests(cases, createRouter(skills), 0.3, skills)
  return { failed: suite.failed, unknown: suite.unknownExpectations, expects: cases.map((item) => item.expect) }
}

describe('renaming a skill carries what names it', () => {
  it('renames the refund template: its routing tests, its eval case and the fallback that points at it follow, and still pass', () => {
    const store = workspace()
    expect(suitePasses(store.getState().files)).toMatchObject({ failed: 0, unknown: [] })
    expect(store.getState().renameSkill('refund-policy/SKILL.md', '退款助手')).toBeNull()
    const { files, lastRename } = store.getState()
    expect(files.map((file) => file.path)).toContain('退款助手/SKILL.md')
    expect(suitePasses(files)).toEqual({ failed: 0, unknown: [], expects: ['退款助手', '退款助手', '退款助手', null] })
    expect(parseEvalSuite(textOf(files, 'evals.yaml')).cases[0]?.expect.skill).toBe('退款助手')
    expect(textOf(files, 'evals.yaml')).toContain("skill: 退款助手   # the template's skill")
    expect(parseSkill('orders/SKILL.md', textOf(files, 'orders/SKILL.md')).fallback).toBe('退款助手')
    // The case written by hand and the template's own two eval cases that expect the skill.
    expect(lastRename?.counts).toEqual({ routingTests: 3, evalCases: 3, fallbacks: 1, groups: 0 })
    expect(lastRename?.from).toEqual({ path: 'refund-policy/SKILL.md', name: 'refund-policy' })
  })

  it('one Undo takes the whole rename back: the skill, its tests, its evals and the other skill', () => {
    const store = workspace()
    const before = store.getState().files
    store.getState().renameSkill('refund-policy/SKILL.md', 'refunds')
    store.getState().undoRename()
    expect(store.getState().files).toEqual(before)
    expect(store.getState().selectedPath).toBe('refund-policy/SKILL.md')
    expect(store.getState().lastRename).toBeNull()
  })

  it('Undo after an edit keeps the edit, and names the skill back in what was edited since', () => {
    const store = workspace()
    store.getState().renameSkill('refund-policy/SKILL.md', 'refunds')
    store.getState().addRoutingCase('退货怎么办', 'refunds')
    store.getState().updateText('refunds/SKILL.md', textOf(store.getState().files, 'refunds/SKILL.md') + '\nOne more line.\n')
    store.getState().undoRename()
    const { files } = store.getState()
    expect(textOf(files, 'refund-policy/SKILL.md')).toContain('name: refund-policy\n')
    expect(textOf(files, 'refund-policy/SKILL.md')).toContain('One more line.')
    expect(suitePasses(files)).toMatchObject({ failed: 0, unknown: [] })
    expect(parseRoutingTests(textOf(files, ROUTING_TESTS_FILE)).cases.at(-1)).toMatchObject({
      utterance: '退货怎么办',
      expect: 'refund-policy',
    })
  })

  it('Undo names the skill back in files made since, and moves back what was added to its folder', () => {
    const calc = '---\nname: calc\ndescription: Adds numbers.\ntrigger_keywords: [add]\n---\nAdd.\n'
    // A routing test that already expected "adder" (no such skill yet): not the rename's, so Undo leaves it.
    const stale = 'cases:\n  - utterance: sum these\n    expect: adder\n'
    const store = createPlaygroundStore({
      files: [
        { path: 'calc/SKILL.md', text: calc },
        { path: ROUTING_TESTS_FILE, text: stale },
      ],
    })
    expect(store.getState().renameSkill('calc/SKILL.md', 'adder')).toBeNull()
    // "Save as eval case" after the rename: evals.yaml is new, and names the new name.
    const draft = { name: 'adds', turns: ['add 2 and 3'], assertions: [{ kind: 'skill' as const, value: 'adder' }] }
    expect(store.getState().saveEvalCase(draft, null)).toBeNull()
    expect(store.getState().addSkillCode('adder/SKILL.md')).toBe('adder/skill.py')
    store.getState().undoRename()
    const { files } = store.getState()
    expect(files.map((file) => file.path).sort()).toEqual(['calc/SKILL.md', 'calc/skill.py', 'evals.yaml', ROUTING_TESTS_FILE].sort())
    expect(parseEvalSuite(textOf(files, 'evals.yaml')).cases[0]?.expect.skill).toBe('calc')
    expect(textOf(files, 'calc/SKILL.md')).toBe(calc)
    expect(textOf(files, ROUTING_TESTS_FILE)).toBe(stale)
  })

  it('Undo leaves a file added to the moved folder where it is when its old place is taken since', () => {
    const store = createPlaygroundStore({ files: [{ path: 'calc/SKILL.md', text: '---\nname: calc\ndescription: Adds.\n---\nAdd.\n' }] })
    store.getState().renameSkill('calc/SKILL.md', 'adder')
    // Both arrive after the rename (an import): the folder's new note, and another file at its old place.
    store.setState((state) => ({
      files: [...state.files, { path: 'adder/notes.md', text: 'moved folder' }, { path: 'calc/notes.md', text: 'at the old place' }],
    }))
    store.getState().undoRename()
    const { files } = store.getState()
    expect(files.map((file) => file.path).sort()).toEqual(['adder/notes.md', 'calc/SKILL.md', 'calc/notes.md'])
    expect(textOf(files, 'calc/notes.md')).toBe('at the old place')
  })

  it('Undo does nothing when the old place is taken since', () => {
    const store = workspace()
    store.getState().renameSkill('refund-policy/SKILL.md', 'refunds')
    store.getState().addFromTemplate(template)
    const files = store.getState().files
    store.getState().undoRename()
    expect(store.getState().files).toBe(files)
    expect(store.getState().lastRename).toBeNull()
  })

  it('a name typed in SKILL.md and then the folder renamed to follow it carries the tests that named the folder', () => {
    const store = workspace()
    const path = 'refund-policy/SKILL.md'
    store.getState().updateText(path, textOf(store.getState().files, path).replace('name: refund-policy', 'name: refunds'))
    expect(suitePasses(store.getState().files).unknown).toEqual(['refund-policy'])
    expect(store.getState().renameSkill(path, 'refunds')).toBeNull()
    expect(suitePasses(store.getState().files)).toMatchObject({ failed: 0, unknown: [] })
    expect(store.getState().lastRename?.counts.routingTests).toBe(3)
  })
})
