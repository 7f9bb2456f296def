import { describe, expect, it, vi } from 'vitest'
import * as skill from '../core/skill'
import { changedSince, lintOf, routerOf, snapshotOf, workspaceOf } from '../core/workspace'
import { createPlaygroundStore } from './createPlaygroundStore'
import { createDerivations } from './derive'

vi.mock('../core/skill', async (importOriginal) => {
  const original = await importOriginal<typeof skill>()
  return { ...original, changedFiles: vi.fn(original.changedFiles), parseSkill: vi.fn(original.parseSkill) }
})

const files = [
  { path: 'calc/SKILL.md', text: '---\nname: calc\ntrigger_keywords: [计算]\n---\nCompute.\n' },
  { path: 'calc/skill.py', text: 'def run(args):\n    return 1\n' },
  { path: 'flat.md', text: '---\nname: flat\ntrigger_keywords: [flat]\n---\nFlat.\n' },
  { path: 'evals.yaml', text: 'cases:\n  - name: adds\n    utterance: add 1\n    expect:\n      skill: calc\n' },
  { path: 'routing-tests.yaml', text: '- utterance: 计算\n  expect: calc\n' },
]

describe("the store's workspace snapshot", () => {
  it('follows the files through every action: a keystroke as the text edit it is, anything else as a wholesale edit', () => {
    const store = createPlaygroundStore({ files })
    const first = store.getState().snapshot
    expect(first.files).toEqual(store.getState().files)
    store.getState().updateText('flat.md', `${files[2]!.text}More.\n`)
    const typed = store.getState().snapshot
    expect(typed).not.toBe(first)
    expect(typed.files).toEqual(store.getState().files)
    // The edit said which file: the snapshot knows it without comparing the files.
    expect(changedSince(typed, first)).toEqual(['flat.md'])
    store.getState().deleteSkill('flat.md')
    const deleted = store.getState().snapshot
    expect(deleted.files).toBe(store.getState().files)
    expect(changedSince(deleted, typed)).toBeNull()
    expect(workspaceOf(deleted).skills.map((one) => one.path)).toEqual(['calc/SKILL.md'])
    store.getState().undoDelete()
    expect(workspaceOf(store.getState().snapshot)).toEqual(workspaceOf(snapshotOf(store.getState().files)))
    // Nothing that is not the files makes a new snapshot.
    const kept = store.getState().snapshot
    store.getState().setUtterance('计算')
    expect(store.getState().snapshot).toBe(kept)
  })

  it('a keystroke parses that skill once, and no reader looks for what changed', () => {
    const store = createPlaygroundStore({ files })
    const derive = createDerivations()
    const read = () => {
      const { snapshot } = store.getState()
      return {
        workspace: derive.workspace(snapshot),
        lint: derive.lint(snapshot, 'app'),
        routing: derive.routing(snapshot, '计算', 0.3),
        code: derive.code(snapshot),
        codeFiles: derive.codeFiles(snapshot),
        evals: derive.evals(snapshot),
        others: derive.otherFiles(snapshot),
        tests: derive.tests(snapshot, 0.3),
      }
    }
    const before = read()
    const changed = vi.mocked(skill.changedFiles)
    const parse = vi.mocked(skill.parseSkill)
    changed.mockClear()
    parse.mockClear()
    store.getState().updateText('flat.md', `${files[2]!.text}More.\n`)
    const after = read()
    expect(changed).not.toHaveBeenCalled()
    expect(parse).toHaveBeenCalledTimes(1)
    // What a body edit cannot change is the same object.
    expect(after.routing).toBe(before.routing)
    expect(after.code).toBe(before.code)
    expect(after.codeFiles).toBe(before.codeFiles)
    expect(after.evals).toBe(before.evals)
    expect(after.others).toBe(before.others)
    expect(after.tests).toBe(before.tests)
    expect(after.lint.findings.get('calc/SKILL.md')).toBe(before.lint.findings.get('calc/SKILL.md'))
    expect(after.workspace.skills[0]).toBe(before.workspace.skills[0])
    expect(after.workspace.skills[1]?.body).toContain('More.')
    // A reader given the store's files finds the store's snapshot.
    expect(derive.workspace(store.getState().files)).toBe(after.workspace)
    expect(derive.lint(store.getState().files, 'app')).toBe(
      lintOf(store.getState().snapshot, { profile: 'app', toolNames: derive.registry('unknown').names }),
    )
    expect(routerOf(store.getState().snapshot)).toBe(routerOf(store.getState().snapshot))
  })
})
