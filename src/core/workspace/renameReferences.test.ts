import { describe, expect, it } from 'vitest'
import { parseEvalSuite } from '../evals'
import { parseRoutingTests } from '../routingSuite'
import { parseSkill } from '../skill'
import { renameManyReferences, renameReferences } from './renameReferences'

const skill = (name: string, extra = '') => `---\nname: ${name}\ndescription: d\n${extra}---\nBody.\n`

const ROUTING = `# Routing tests: what a user types, and the skill that should win (null: none).
- utterance: "我要退款"
  expect: "refund-policy"   # the template's own
- utterance: "怎么退货"
  expect: refund-policy
- utterance: "你好呀"
  expect: null
- { utterance: "能退钱吗", expect: 'refund-policy' }
- utterance: "refund-policy-v0 is another skill"
  expect: refund-policy-v0
`

const EVALS = `# Evals: what the agent does.
trials: 2
cases:
  - name: refund answers from the policy   # refund-policy stays in a name
    utterance: 我要退款
    expect:
      skill: refund-policy
      tools_called: [search_knowledge, refund-policy]
      tool_results: { refund-policy: { ok: true } }
      files_read: [refund-policy/reference.md, reference.md]
  - name: weather is not refund
    utterance: 天气
    expect:
      not_skill: "refund-policy"
  - name: untouched
    utterance: hi
    expect:
      skill: null
      answer_contains: [refund-policy]
`

describe('renameReferences', () => {
  it('rewrites the routing cases that expect the skill, every other byte as it was', () => {
    const { files, counts } = renameReferences(
      [
        { path: 'refund-policy/SKILL.md', text: skill('refund-policy') },
        { path: 'routing-tests.yaml', text: ROUTING },
      ],
      'refund-policy',
      '退款助手',
      'refund-policy/SKILL.md',
    )
    expect(counts).toEqual({ routingTests: 3, evalCases: 0, fallbacks: 0, groups: 0 })
    const text = files.find((file) => file.path === 'routing-tests.yaml')?.text ?? ''
    expect(text).toBe(
      ROUTING.replace('"refund-policy"   #', '"退款助手"   #')
        .replace('expect: refund-policy\n', 'expect: 退款助手\n')
        .replace("'refund-policy'", "'退款助手'"),
    )
    expect(parseRoutingTests(text).cases.map((item) => item.expect)).toEqual(['退款助手', '退款助手', null, '退款助手', 'refund-policy-v0'])
  })

  it('rewrites the fields of evals.yaml that name the skill, and keeps its comments and layout', () => {
    const { files, counts } = renameReferences([{ path: 'evals.yaml', text: EVALS }], 'refund-policy', 'refunds', 'x/SKILL.md')
    expect(counts.evalCases).toBe(2)
    const text = files[0]?.text ?? ''
    expect(text).toContain('# Evals: what the agent does.')
    expect(text).toContain('- name: refund answers from the policy   # refund-policy stays in a name')
    expect(text).toContain('answer_contains: [refund-policy]')
    const suite = parseEvalSuite(text)
    expect(suite.problems).toEqual([])
    expect(suite.cases.map((item) => item.expect)).toEqual([
      {
        skill: 'refunds',
        tools_called: ['search_knowledge', 'refunds'],
        tool_results: { refunds: { ok: true } },
        files_read: ['refunds/reference.md', 'reference.md'],
      },
      { not_skill: 'refunds' },
      { skill: null, answer_contains: ['refund-policy'] },
    ])
    // Exactly the changed values moved: the rest of each line is as written.
    expect(text.split('\n').filter((line, index) => line !== EVALS.split('\n')[index])).toEqual([
      '      skill: refunds',
      '      tools_called: [search_knowledge, refunds]',
      '      tool_results: { refunds: { ok: true } }',
      '      files_read: [refunds/reference.md, reference.md]',
      '      not_skill: "refunds"',
    ])
  })

  it("rewrites skill-creator's skill_name and waza's skill, counting their cases", () => {
    const json =
      '{\n  "skill_name": "refund-policy",\n  "evals": [\n    { "id": 1, "prompt": "a" },\n    { "id": 2, "prompt": "b" }\n  ]\n}\n'
    const waza = 'name: refund\nskill: refund-policy   # waza\ntasks:\n  - id: one\n    prompt: 我要退款\n'
    const { files, counts } = renameReferences(
      [
        { path: 'refunds/evals/evals.json', text: json },
        { path: 'refunds/eval.yaml', text: waza },
      ],
      'refund-policy',
      'refunds',
      'refunds/SKILL.md',
    )
    expect(counts.evalCases).toBe(3)
    expect(files.map((file) => file.text)).toEqual([
      json.replace('"refund-policy"', '"refunds"'),
      waza.replace('skill: refund-policy', 'skill: refunds'),
    ])
    expect(JSON.parse(files[0]?.text ?? '')).toMatchObject({ skill_name: 'refunds' })
  })

  it("rewrites other skills' fallback and an explicit group named after the skill, not the renamed skill's own fields", () => {
    const files = [
      { path: 'refund-policy/SKILL.md', text: skill('refund-policy', 'fallback: refund-policy\n') },
      { path: 'orders/SKILL.md', text: skill('orders', '# falls back\nfallback: refund-policy\n') },
      { path: 'returns/SKILL.md', text: skill('returns', 'group: "refund-policy"\n') },
      { path: 'weather/SKILL.md', text: skill('weather', 'fallback: orders\n') },
    ]
    const { files: changed, counts } = renameReferences(files, 'refund-policy', 'refunds', 'refund-policy/SKILL.md')
    expect(counts).toEqual({ routingTests: 0, evalCases: 0, fallbacks: 1, groups: 1 })
    expect(changed.map((file) => file.path)).toEqual(['orders/SKILL.md', 'returns/SKILL.md'])
    expect(changed[0]?.text).toBe(skill('orders', '# falls back\nfallback: refunds\n'))
    expect(parseSkill('returns/SKILL.md', changed[1]?.text ?? '').group).toBe('refunds')
  })

  it('rewrites nothing while another skill still has the old name, or when the name stays', () => {
    const files = [
      { path: 'a/SKILL.md', text: skill('refund-policy') },
      { path: 'b/SKILL.md', text: skill('refund-policy') },
      { path: 'routing-tests.yaml', text: ROUTING },
    ]
    expect(renameReferences(files, 'refund-policy', 'refunds', 'a/SKILL.md').files).toEqual([])
    expect(renameReferences(files.slice(1), 'refund-policy', 'refund-policy', 'b/SKILL.md').files).toEqual([])
  })

  it('leaves a file that does not parse as it is', () => {
    const broken = '- utterance: "a"\n  expect: refund-policy\n  - : [\n'
    expect(renameReferences([{ path: 'routing-tests.yaml', text: broken }], 'refund-policy', 'r', 'x/SKILL.md').files).toEqual([])
  })

  it('quotes a new name that would not read back as the same string when plain', () => {
    const { files } = renameReferences(
      [{ path: 'routing-tests.yaml', text: '- utterance: a\n  expect: old\n' }],
      'old',
      '2024',
      'x/SKILL.md',
    )
    expect(files[0]?.text).toBe('- utterance: a\n  expect: "2024"\n')
    expect(parseRoutingTests(files[0]?.text ?? '').cases[0]?.expect).toBe('2024')
  })
})

describe('several renames at once (a link whose skills arrive renamed)', () => {
  it('reads each file once, renames each value by what it named before, and lets a renamed skill follow the others', () => {
    const files = [
      { path: 'x/SKILL.md', text: skill('x', 'fallback: y\n') },
      { path: 'y/SKILL.md', text: skill('y', 'fallback: y\n') },
      { path: 'z/SKILL.md', text: skill('z', 'fallback: x\n') },
      {
        path: 'routing-tests.yaml',
        text: '- utterance: a   # x\n  expect: x\n- utterance: b\n  expect: x-shared\n- utterance: c\n  expect: y\n',
      },
      {
        path: 'evals.yaml',
        text: 'cases:\n  - name: one\n    utterance: a\n    expect:\n      skill: x\n      files_read: [y/notes.md]\n',
      },
    ]
    // x → x-shared while x-shared (another incoming skill) → x-shared-shared: neither is renamed twice.
    const { files: changed, counts } = renameManyReferences(files, [
      { from: 'x', to: 'x-shared', path: 'x/SKILL.md' },
      { from: 'x-shared', to: 'x-shared-shared', path: 'x-shared/SKILL.md' },
      { from: 'y', to: 'y2', path: 'y/SKILL.md' },
    ])
    const text = (path: string) => changed.find((file) => file.path === path)?.text
    expect(text('routing-tests.yaml')).toBe(
      '- utterance: a   # x\n  expect: x-shared\n- utterance: b\n  expect: x-shared-shared\n- utterance: c\n  expect: y2\n',
    )
    expect(text('evals.yaml')).toContain('skill: x-shared\n')
    expect(text('evals.yaml')).toContain('files_read: [y2/notes.md]')
    // x's fallback names y, renamed too: it follows; y's own fallback to itself stays for its own rename.
    expect(parseSkill('x/SKILL.md', text('x/SKILL.md')!).fallback).toBe('y2')
    expect(text('y/SKILL.md')).toBeUndefined()
    expect(parseSkill('z/SKILL.md', text('z/SKILL.md')!).fallback).toBe('x-shared')
    expect(counts).toEqual({ routingTests: 3, evalCases: 1, fallbacks: 2, groups: 0 })
    // One rename through the batch is the one-rename rule.
    expect(renameManyReferences(files, [{ from: 'y', to: 'y2', path: 'y/SKILL.md' }])).toEqual(
      renameReferences(files, 'y', 'y2', 'y/SKILL.md'),
    )
  })

  it('leaves a name another skill still has', () => {
    const files = [
      { path: 'a/SKILL.md', text: skill('x') },
      { path: 'routing-tests.yaml', text: '- utterance: a\n  expect: x\n' },
    ]
    expect(renameManyReferences(files, [{ from: 'x', to: 'x2', path: 'b/SKILL.md' }]).files).toEqual([])
  })
})
