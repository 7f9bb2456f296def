import { describe, expect, it } from 'vitest'
import { EVALS_FILE, parseEvalSuite } from '../core/evals'
import { SKILL_TEMPLATES } from '../core/templates'
import { draftOfCase, openEvalCase, type EvalCaseDraft } from '../core/workspace'
import { createPlaygroundStore } from './createPlaygroundStore'

const draft: EvalCaseDraft = {
  name: 'refund',
  turns: ['我要退款'],
  assertions: [
    { kind: 'skill', value: 'refund-policy' },
    { kind: 'tools_called', value: 'search_knowledge' },
  ],
}

const evalsOf = (store: ReturnType<typeof createPlaygroundStore>) =>
  parseEvalSuite(store.getState().files.find((file) => file.path === EVALS_FILE)?.text ?? '')

describe('eval cases saved from the form', () => {
  it('creates evals.yaml with the case, replaces it by its line and deletes it', () => {
    const store = createPlaygroundStore({ files: [] })
    expect(store.getState().saveEvalCase(draft, null)).toBeNull()
    const [saved] = evalsOf(store).cases
    expect(saved).toMatchObject({
      name: 'refund',
      turns: ['我要退款'],
      expect: { skill: 'refund-policy', tools_called: ['search_knowledge'] },
    })
    expect(store.getState().saveEvalCase({ ...draft, name: 'refund, edited' }, openEvalCase(saved!))).toBeNull()
    expect(evalsOf(store).cases.map((item) => item.name)).toEqual(['refund, edited'])
    expect(store.getState().deleteEvalCase({ line: saved!.line, name: 'refund, edited' })).toBeNull()
    expect(evalsOf(store).cases).toEqual([])
  })

  it('saves the case the form opened on after a case above it was deleted, never the case now on its line', () => {
    const store = createPlaygroundStore({ files: [] })
    for (const name of ['A', 'B', 'C']) store.getState().saveEvalCase({ ...draft, name, turns: [`message ${name}`] }, null)
    const [a, b] = evalsOf(store).cases
    // Edit B (the form remembers where it started), then delete A above it: C now starts on B's line.
    const opened = openEvalCase(b!)
    expect(store.getState().deleteEvalCase({ line: a!.line, name: 'A' })).toBeNull()
    expect(evalsOf(store).cases.find((item) => item.line === b!.line)?.name).toBe('C')
    expect(store.getState().saveEvalCase({ ...draft, name: 'B', turns: ['message B, edited'] }, opened)).toBeNull()
    expect(evalsOf(store).cases.map((item) => [item.name, item.turns])).toEqual([
      ['B', ['message B, edited']],
      ['C', ['message C']],
    ])
    // The case itself deleted meanwhile: nothing is written over another one.
    const left = evalsOf(store).cases
    const reopened = openEvalCase(left[0]!)
    expect(store.getState().deleteEvalCase(reopened)).toBeNull()
    const text = store.getState().files.find((file) => file.path === EVALS_FILE)!.text
    expect(store.getState().saveEvalCase({ ...draft, name: 'B' }, reopened)).toMatchObject({ key: 'evalForm.gone', params: { name: 'B' } })
    expect(store.getState().files.find((file) => file.path === EVALS_FILE)!.text).toBe(text)
  })

  it('keeps a message with line breaks one turn when the case is saved again', () => {
    const store = createPlaygroundStore({ files: [] })
    store.getState().saveEvalCase({ ...draft, turns: ['first line\nsecond line'] }, null)
    const [saved] = evalsOf(store).cases
    expect(saved!.turns).toEqual(['first line\nsecond line'])
    // Saved again from a form that opened on it before the line break was typed: the message is written, one turn.
    const opened = openEvalCase(saved!)
    expect(
      store.getState().saveEvalCase({ ...draftOfCase(saved!) }, { ...opened, initial: { ...opened.initial, turns: ['first line'] } }),
    ).toBeNull()
    expect(evalsOf(store).cases[0]!.turns).toEqual(['first line\nsecond line'])
  })

  it('keeps a skill renamed while the form was open: only the phrase changed in the form is written', () => {
    const skill = '---\nname: refund\ndescription: Refunds by the policy.\ntrigger_keywords: [退款]\n---\nAnswer from the policy.\n'
    const evals = 'cases:\n  - name: refund\n    utterance: 我要退款\n    expect:\n      skill: refund\n      answer_contains: [退款]\n'
    const store = createPlaygroundStore({
      files: [
        { path: 'refund/SKILL.md', text: skill },
        { path: EVALS_FILE, text: evals },
      ],
    })
    const opened = openEvalCase(evalsOf(store).cases[0]!)
    expect(store.getState().renameSkill('refund/SKILL.md', '退款处理')).toBeNull()
    expect(evalsOf(store).cases[0]!.expect.skill).toBe('退款处理')
    const edited = {
      ...opened.initial,
      assertions: opened.initial.assertions.map((item) => (item.kind === 'answer_contains' ? { ...item, value: '退款政策' } : item)),
    }
    expect(store.getState().saveEvalCase(edited, opened)).toBeNull()
    expect(evalsOf(store).cases[0]!.expect).toEqual({ skill: '退款处理', answer_contains: ['退款政策'] })
  })

  it('never saves over another case when cases have no name: "case 2" is a place, and another case takes it', () => {
    const evals = 'cases:\n  - utterance: one\n  - utterance: two\n  - utterance: three\n    expect:\n      skill: null\n'
    const store = createPlaygroundStore({ files: [{ path: EVALS_FILE, text: evals }] })
    const [first, second] = evalsOf(store).cases
    expect(second).toMatchObject({ name: 'case 2', unnamed: true })
    const opened = openEvalCase(second!)
    expect(store.getState().deleteEvalCase(openEvalCase(first!))).toBeNull()
    // Old case 3 is now "case 2", on the line case 2 had.
    expect(evalsOf(store).cases[1]).toMatchObject({ name: 'case 2', line: second!.line, turns: ['three'] })
    const text = store.getState().files.find((file) => file.path === EVALS_FILE)!.text
    expect(store.getState().saveEvalCase({ ...opened.initial, turns: ['two, edited'] }, opened)).toMatchObject({
      key: 'evalForm.gone',
      params: { name: 'case 2' },
    })
    expect(store.getState().files.find((file) => file.path === EVALS_FILE)!.text).toBe(text)
    // Opened again on the case as it is now, it saves; a named case keeps being found by its name.
    const again = openEvalCase(evalsOf(store).cases[1]!)
    expect(store.getState().saveEvalCase({ ...again.initial, turns: ['three, edited'] }, again)).toBeNull()
    expect(evalsOf(store).cases.map((item) => item.turns[0])).toEqual(['two', 'three, edited'])
  })

  it('says why a case is not saved, and keeps the file as it was', () => {
    const store = createPlaygroundStore({ files: [{ path: EVALS_FILE, text: 'cases: [unclosed' }] })
    expect(store.getState().saveEvalCase(draft, null)?.key).toBe('evalForm.notParsed')
    expect(store.getState().files[0]!.text).toBe('cases: [unclosed')
    const fresh = createPlaygroundStore({ files: [] })
    fresh.getState().saveEvalCase(draft, null)
    expect(fresh.getState().saveEvalCase(draft, null)?.key).toBe('evalForm.nameTaken')
    expect(fresh.getState().saveEvalCase({ ...draft, name: '' }, null)?.key).toBe('evalForm.needsName')
    expect(fresh.getState().deleteEvalCase({ line: 99, name: 'no such case' })?.key).toBe('evalForm.gone')
  })

  it('adds a template with its eval cases, naming the skill as added (a second copy is refund-policy-2)', () => {
    const refund = SKILL_TEMPLATES.find((template) => template.id === 'refund-policy')!
    const store = createPlaygroundStore({ files: [] })
    store.getState().addFromTemplate({ name: refund.name, ...refund.variants.zh })
    store.getState().addFromTemplate({ name: refund.name, ...refund.variants.zh })
    const cases = evalsOf(store).cases
    expect(cases).toHaveLength(refund.variants.zh.evals.length * 2)
    expect(new Set(cases.map((item) => item.name)).size).toBe(cases.length)
    expect(cases.map((item) => item.expect.skill)).toEqual([
      'refund-policy',
      'refund-policy',
      null,
      'refund-policy-2',
      'refund-policy-2',
      null,
    ])
  })
})
