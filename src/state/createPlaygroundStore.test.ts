import { describe, expect, it } from 'vitest'
import { createPlaygroundStore } from './createPlaygroundStore'
import { createDerivations } from './derive'

const files = [
  { path: 'calc/SKILL.md', text: '---\nname: calc\ntrigger_keywords: [计算]\nrequired_tools: [calculator]\n---\nCompute.\n' },
  { path: 'flat.md', text: '---\nname: flat\n---\nFlat.\n' },
]

describe('createPlaygroundStore', () => {
  it('renames a folder skill: its path and its name field', () => {
    const store = createPlaygroundStore({ files })
    expect(store.getState().renameSkill('calc/SKILL.md', 'calculator')).toBeNull()
    const renamed = store.getState().files[0]!
    expect(renamed.path).toBe('calculator/SKILL.md')
    expect(renamed.text).toContain('name: calculator\n')
    expect(store.getState().selectedPath).toBe('calculator/SKILL.md')
  })

  it('keeps a flat skill flat when renamed, and refuses a clash or a slash', () => {
    const store = createPlaygroundStore({ files })
    expect(store.getState().renameSkill('flat.md', 'plain')).toBeNull()
    expect(store.getState().files[1]!.path).toBe('plain.md')
    expect(store.getState().renameSkill('plain.md', 'calc')).toBeNull()
    expect(store.getState().renameSkill('calc.md', 'a/b')).toMatch(/cannot contain/)
    store.getState().addSkill()
    expect(store.getState().renameSkill('new_skill/SKILL.md', 'calc')).toMatch(/already exists/)
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

  it('derives routing and the effective configuration from the files, re-parsing only what changed', () => {
    const store = createPlaygroundStore({ files, utterance: '计算一下' })
    const derive = createDerivations()
    const state = () => store.getState()
    const first = derive.workspace(state().files)
    expect(derive.routing(state().files, state().utterance, state().threshold).winner?.skill).toBe('calc')
    expect(derive.config(state().files, 'calc/SKILL.md')).toMatchObject({ skill: 'calc', maxRounds: 5, narrowed: true, tools: [{ name: 'calculator', missing: false }] })

    state().updateText('flat.md', '---\nname: flat\ntrigger_keywords: [计算一下]\n---\n')
    const second = derive.workspace(state().files)
    expect(second.skills[0]).toBe(first.skills[0])
    expect(second.skills[1]).not.toBe(first.skills[1])
    const routing = derive.routing(state().files, state().utterance, state().threshold)
    expect(routing.winner?.skill).toBe('flat')
    expect(derive.config(state().files, routing.winner!.path)).toMatchObject({ skill: 'flat', narrowed: false })
  })
})
