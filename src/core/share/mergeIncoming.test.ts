import { describe, expect, it } from 'vitest'
import { parseEvalSuite } from '../evals'
import { parseRoutingTests } from '../routingSuite'
import { skillFolderFiles } from '../skill'
import { mergeIncoming } from './mergeIncoming'

const files = [
  { path: 'add_calc/SKILL.md', text: '---\nname: add_calc\n---\nAdds.\n' },
  { path: 'add_calc/skill.py', text: 'from .tool import add\ndef run(args):\n    return add(args)\n' },
  { path: 'add_calc/tool.py', text: 'def add(a):\n    return 1\n' },
  { path: 'add_calc/inner/SKILL.md', text: '---\nname: inner\n---\nNested.\n' },
  { path: 'add_calc/inner/main.py', text: 'def execute(p):\n    return 2\n' },
  { path: 'routing-tests.yaml', text: 'cases: []\n' },
]

describe("a skill's folder travels with it", () => {
  it('one skill is its SKILL.md and its folder’s files, without a nested skill’s', () => {
    expect(skillFolderFiles(files, 'add_calc/SKILL.md').map((file) => file.path)).toEqual([
      'add_calc/SKILL.md',
      'add_calc/skill.py',
      'add_calc/tool.py',
    ])
    expect(skillFolderFiles(files, 'add_calc/inner/SKILL.md').map((file) => file.path)).toEqual([
      'add_calc/inner/SKILL.md',
      'add_calc/inner/main.py',
    ])
  })

  it('arriving in a workspace with a skill of that name, it is renamed and its code moves with it', () => {
    const existing = files.slice(0, 3)
    const incoming = [
      { path: 'add_calc/SKILL.md', text: '---\nname: add_calc\n---\nAdds better.\n' },
      files[1]!,
      { path: 'add_calc/tool.py', text: 'def add(a):\n    return 2\n' },
    ]
    const merged = mergeIncoming(existing, incoming, 'shared')
    expect(merged.added).toEqual(['add_calc-shared/SKILL.md'])
    expect(merged.files.map((file) => file.path)).toEqual([
      'add_calc/SKILL.md',
      'add_calc/skill.py',
      'add_calc/tool.py',
      'add_calc-shared/SKILL.md',
      'add_calc-shared/skill.py',
      'add_calc-shared/tool.py',
    ])
    // The recipient's own files stay as they were.
    expect(merged.files.find((file) => file.path === 'add_calc/tool.py')?.text).toBe('def add(a):\n    return 1\n')
    expect(merged.files.find((file) => file.path === 'add_calc-shared/tool.py')?.text).toBe('def add(a):\n    return 2\n')
  })

  it('arriving in an empty workspace, the skill and its code land as they were', () => {
    const merged = mergeIncoming([], skillFolderFiles(files, 'add_calc/SKILL.md'), 'shared')
    expect(merged.files.map((file) => file.path)).toEqual(['add_calc/SKILL.md', 'add_calc/skill.py', 'add_calc/tool.py'])
    expect(merged.added).toEqual(['add_calc/SKILL.md'])
  })
})

describe('tests that come with a skill renamed on arrival name it by its new name (issue 35 defect 10)', () => {
  const bobSkill = '---\nname: 退款\ndescription: Bob 的退款\n---\nBob.\n'
  const aliceSkill = '---\nname: 退款\ndescription: Alice 的退款\n---\nAlice.\n'
  const bobEvals = 'cases:\n  - name: bob refund\n    utterance: 我要退款\n    expect:\n      skill: 退款\n'
  const bobTests = '- utterance: 我要退款\n  expect: 退款\n'
  const aliceEvals = `cases:
  - name: opened headphones
    utterance: 耳机拆封了还能退吗
    expect:
      skill: '退款'
      files_read: [退款/reference.md]
`
  const aliceTests = '- utterance: 耳机拆封了还能退吗\n  expect: 退款\n'
  const bob = [
    { path: '退款/SKILL.md', text: bobSkill },
    { path: 'evals.yaml', text: bobEvals },
    { path: 'routing-tests.yaml', text: bobTests },
  ]
  const link = [
    { path: '退款/SKILL.md', text: aliceSkill },
    { path: '退款/reference.md', text: 'Alice 的政策' },
    { path: 'routing-tests.yaml', text: aliceTests },
    { path: 'evals.yaml', text: aliceEvals },
  ]
  const textOf = (files: readonly { path: string; text: string }[], path: string) => files.find((file) => file.path === path)?.text ?? ''

  it('merged into the recipient’s files, the link’s cases expect <name>-shared; the recipient’s own cases are unchanged', () => {
    const merged = mergeIncoming(bob, link, 'shared')
    expect(merged.renamed).toEqual([{ from: '退款/SKILL.md', to: '退款-shared/SKILL.md' }])
    const tests = parseRoutingTests(textOf(merged.files, 'routing-tests.yaml'))
    expect(tests.cases.map((item) => [item.utterance, item.expect])).toEqual([
      ['我要退款', '退款'],
      ['耳机拆封了还能退吗', '退款-shared'],
    ])
    const evals = textOf(merged.files, 'evals.yaml')
    expect(evals.startsWith(bobEvals)).toBe(true)
    const suite = parseEvalSuite(evals)
    expect(suite.problems).toEqual([])
    expect(suite.cases.map((item) => [item.name, item.expect.skill])).toEqual([
      ['bob refund', '退款'],
      ['opened headphones', '退款-shared'],
    ])
    // Written as it was (quoted stays quoted), and a bundled file's path follows the folder too.
    expect(evals).toContain("skill: '退款-shared'")
    expect(suite.cases[1]?.expect.files_read).toEqual(['退款-shared/reference.md'])
    expect(merged.files.some((file) => file.path === 'evals-shared.yaml')).toBe(false)
    expect(merged.evalConflicts).toEqual([])
  })

  it('a workspace without tests takes the link’s, naming the renamed skill', () => {
    const merged = mergeIncoming([{ path: '退款/SKILL.md', text: bobSkill }], link, 'shared')
    expect(parseRoutingTests(textOf(merged.files, 'routing-tests.yaml')).cases.map((item) => item.expect)).toEqual(['退款-shared'])
    expect(parseEvalSuite(textOf(merged.files, 'evals.yaml')).cases.map((item) => item.expect.skill)).toEqual(['退款-shared'])
  })

  it('a skill renamed to the old name of another that is renamed too is not renamed twice', () => {
    // Bob has x; the link brings x and x-shared: x lands as x-shared, x-shared as x-shared-shared.
    const skill = (name: string, body: string) => `---\nname: ${name}\ndescription: ${body}\n---\n${body}\n`
    const merged = mergeIncoming(
      [{ path: 'x/SKILL.md', text: skill('x', 'mine') }],
      [
        { path: 'x/SKILL.md', text: skill('x', 'theirs') },
        { path: 'x-shared/SKILL.md', text: skill('x-shared', 'theirs too') },
        { path: 'routing-tests.yaml', text: '- utterance: one\n  expect: x\n- utterance: two\n  expect: x-shared\n' },
      ],
      'shared',
    )
    expect(merged.renamed).toEqual([
      { from: 'x/SKILL.md', to: 'x-shared/SKILL.md' },
      { from: 'x-shared/SKILL.md', to: 'x-shared-shared/SKILL.md' },
    ])
    expect(parseRoutingTests(textOf(merged.files, 'routing-tests.yaml')).cases.map((item) => [item.utterance, item.expect])).toEqual([
      ['one', 'x-shared'],
      ['two', 'x-shared-shared'],
    ])
  })

  it('the tests in the arrived skill’s own folder (skill-creator’s evals.json) name it too', () => {
    const merged = mergeIncoming(bob, [...link, { path: '退款/evals/evals.json', text: '{"skill_name": "退款", "evals": []}' }], 'shared')
    expect(textOf(merged.files, '退款-shared/evals/evals.json')).toBe('{"skill_name": "退款-shared", "evals": []}')
  })

  it('a name another skill of the link still has is left alone, as the rename rule says', () => {
    const other = { path: 'other/SKILL.md', text: '---\nname: 退款\ndescription: another\n---\nOther.\n' }
    const merged = mergeIncoming(bob, [...link, other], 'shared')
    expect(parseRoutingTests(textOf(merged.files, 'routing-tests.yaml')).cases.map((item) => item.expect)).toEqual(['退款', '退款'])
  })
})
