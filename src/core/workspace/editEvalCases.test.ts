import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { TraceEvent } from '../agent'
import { parseEvalSuite } from '../evals'
import {
  addEvalCase,
  checkDraft,
  draftFromRun,
  draftOfCase,
  evalCaseIndexAt,
  findEvalCase,
  keyPhrase,
  removeEvalCase,
  replaceEvalCase,
  type EvalCaseDraft,
} from './editEvalCases'

const example = readFileSync(join(import.meta.dirname, '../../../skills/evals.yaml'), 'utf8')

const refund: EvalCaseDraft = {
  name: 'refund-policy handles 我要退款',
  turns: ['我要退款'],
  assertions: [
    { kind: 'skill', value: 'refund-policy' },
    { kind: 'tools_called', value: 'search_knowledge' },
    { kind: 'answer_contains', value: '退款: "7 天" #1' },
  ],
}

describe('editing eval cases without YAML', () => {
  it('adds a case at the end, every byte before it kept, in the list style of the file', () => {
    const text = addEvalCase(example, refund)!
    expect(text.startsWith(example.trimEnd())).toBe(true)
    expect(text.slice(example.trimEnd().length)).toBe(
      '\n\n  - name: refund-policy handles 我要退款\n    utterance: 我要退款\n    expect:\n      skill: refund-policy\n' +
        '      tools_called: [search_knowledge]\n      answer_contains: [\'退款: "7 天" #1\']\n',
    )
    const cases = parseEvalSuite(text).cases
    expect(cases).toHaveLength(parseEvalSuite(example).cases.length + 1)
    expect(cases.at(-1)).toMatchObject({
      name: refund.name,
      turns: ['我要退款'],
      expect: { skill: 'refund-policy', tools_called: ['search_knowledge'], answer_contains: ['退款: "7 天" #1'] },
    })
  })

  it('creates evals.yaml when there is none, and fills a file of only comments or settings', () => {
    for (const start of [undefined, '', '# mine\n', 'trials: 2\n', 'trials: 2\ncases: []\n']) {
      const text = addEvalCase(start, refund)!
      const suite = parseEvalSuite(text)
      expect(suite.problems, String(start)).toEqual([])
      expect(suite.cases.map((item) => item.name)).toEqual([refund.name])
      if (start?.startsWith('#')) expect(text.startsWith('# mine\n')).toBe(true)
      if (start?.startsWith('trials')) expect(suite.trials).toBe(2)
    }
  })

  it('replaces a case: the form’s assertions, its name and messages; other expectations, comments and every other case kept', () => {
    const text = `# my evals
cases:
  - name: first   # the first one
    utterance: 计算 2^20
    files: { a.md: x }
    expect:
      skill: calculator   # must be the calculator
      tool_args:
        calculator: { expression: "/2/" }
      answer_contains: ['1048576']

  - name: second
    utterance: hi
`
    const next = replaceEvalCase(text, 0, {
      name: 'first, renamed',
      turns: ['计算 2^10', '再算 2^20'],
      assertions: [
        { kind: 'skill', value: 'calculator' },
        { kind: 'tools_called', value: 'calculator' },
      ],
    })!
    expect(next.startsWith('# my evals\ncases:\n  - name: first, renamed')).toBe(true)
    expect(next.endsWith('\n\n  - name: second\n    utterance: hi\n')).toBe(true)
    // The comments stay (yaml writes one space before them) and turns take the place utterance had.
    expect(next).toMatch(/skill: calculator +# must be the calculator/)
    expect(next).toMatch(/- name: first, renamed +# the first one\n {4}turns: \[计算 2\^10, 再算 2\^20\]\n {4}files: \{ ?a\.md: x ?\}/)
    const [first, second] = parseEvalSuite(next).cases
    expect(first).toMatchObject({
      name: 'first, renamed',
      turns: ['计算 2^10', '再算 2^20'],
      files: { 'a.md': 'x' },
      expect: { skill: 'calculator', tools_called: ['calculator'], tool_args: { calculator: { expression: '/2/' } } },
    })
    expect(first!.expect.answer_contains).toBeUndefined()
    expect(second).toMatchObject({ name: 'second', turns: ['hi'] })
  })

  it('edits a case that has no expect, or an empty one, and leaves it without one when no assertion is made', () => {
    const text = 'cases:\n  - name: bare\n    utterance: hi\n  - name: empty\n    utterance: yo\n    expect:\n'
    const kept = replaceEvalCase(text, 0, { name: 'bare', turns: ['hi\nthere'], assertions: [] })!
    expect(parseEvalSuite(kept).cases[0]).toMatchObject({ name: 'bare', turns: ['hi\nthere'], expect: {} })
    expect(kept.endsWith('  - name: empty\n    utterance: yo\n    expect:\n')).toBe(true)
    const asserted = replaceEvalCase(text, 1, { name: 'empty', turns: ['yo'], assertions: [{ kind: 'tools_called', value: 'calc' }] })!
    expect(parseEvalSuite(asserted).cases[1]).toMatchObject({ name: 'empty', expect: { tools_called: ['calc'] } })
  })

  it('removes a case with its lines and the blank line after it, the rest byte for byte', () => {
    const suite = parseEvalSuite(example)
    const index = evalCaseIndexAt(example, suite.cases[2]!.line)
    expect(index).toBe(2)
    const text = removeEvalCase(example, index)!
    expect(parseEvalSuite(text).cases.map((item) => item.name)).toEqual(suite.cases.filter((_, i) => i !== 2).map((item) => item.name))
    expect(text).not.toContain('\n\n\n')
    const last = removeEvalCase(example, suite.cases.length - 1)!
    expect(last.endsWith('\n\n')).toBe(false)
    expect(example.startsWith(last.trimEnd())).toBe(true)
  })

  it('writes only what the form changed: a name changed alone changes the name: line, comments and block lists kept', () => {
    const text = `cases:
  - name: multi-turn refund   # from the seed
    # what the user says, turn by turn
    turns:
      - 我要退款   # first
      - 订单号 123
    expect:
      skill: refund
      tools_called:
        - search_knowledge   # the policy
        - lookup_order
      answer_contains: ["7 天"]

  - name: other
    utterance: hi
`
    const [opened] = parseEvalSuite(text).cases
    const initial = draftOfCase(opened!)
    const next = replaceEvalCase(text, 0, { ...initial, name: 'multi-turn refund, renamed' }, initial)!
    expect(next).toBe(text.replace('- name: multi-turn refund ', '- name: multi-turn refund, renamed '))
    // Nothing changed: nothing written.
    expect(replaceEvalCase(text, 0, initial, initial)).toBe(text)
  })

  it('names a case written with an empty name: (alone, or before a comment): the name stands apart from the colon and the comment', () => {
    for (const text of ['cases:\n  - name: # todo\n    utterance: hi\n', 'cases:\n  - name:\n    utterance: hi\n']) {
      const [opened] = parseEvalSuite(text).cases
      const initial = draftOfCase(opened!)
      const next = replaceEvalCase(text, 0, { ...initial, name: 'greet' }, initial)
      expect(next, text).not.toBeNull()
      const read = parseEvalSuite(next!)
      expect(read.problems, next!).toEqual([])
      expect(read.cases[0]!.name, next!).toBe('greet')
      if (text.includes('# todo')) expect(next).toContain('# todo')
    }
  })

  it('keeps what the file gained since the form opened (a renamed skill, an added tool) when another field is saved', () => {
    const opened = 'cases:\n  - name: refund\n    utterance: 我要退款\n    expect:\n      skill: refund\n      answer_contains: [退款]\n'
    const initial = draftOfCase(parseEvalSuite(opened).cases[0]!)
    // Meanwhile the skill was renamed (the list) and a tools_called assertion added (the YAML editor).
    const now = opened
      .replace('skill: refund', 'skill: 退款处理')
      .replace('answer_contains', 'tools_called: [search_knowledge]\n      answer_contains')
    const edited = {
      ...initial,
      assertions: initial.assertions.map((item) => (item.kind === 'answer_contains' ? { ...item, value: '退款政策' } : item)),
    }
    const next = replaceEvalCase(now, 0, edited, initial)!
    expect(parseEvalSuite(next).cases[0]!.expect).toEqual({
      skill: '退款处理',
      tools_called: ['search_knowledge'],
      answer_contains: ['退款政策'],
    })
    // The same block list written again in the form's words stays a block list.
    const block = 'cases:\n  - name: a\n    turns:\n      - one\n      - two\n'
    const first = draftOfCase(parseEvalSuite(block).cases[0]!)
    expect(replaceEvalCase(block, 0, { ...first, turns: ['one', 'two, edited'] }, first)).toBe(block.replace('two', 'two, edited'))
  })

  it('deleting the only case leaves an empty list the Evals tab reads without a problem', () => {
    for (const text of [
      'cases:\n  - name: only\n    utterance: hi\n',
      '# mine\ntrials: 2\ncases:   # the cases\n  - name: only\n    utterance: hi\n    expect: { skill: null }\n',
      '- name: only\n  utterance: hi\n',
    ]) {
      const next = removeEvalCase(text, 0)!
      expect(parseEvalSuite(next), text).toEqual({ cases: [], problems: [], ...(text.includes('trials') ? { trials: 2 } : {}) })
    }
    expect(removeEvalCase('cases:\n  - name: only\n    utterance: hi\n', 0)).toBe('cases: []\n')
    // And a case added to it again is a block list as before.
    expect(parseEvalSuite(addEvalCase('cases: []\n', refund)!).cases.map((item) => item.name)).toEqual([refund.name])
  })

  it('refuses to edit a file that does not parse, or a case that is not there', () => {
    expect(addEvalCase('cases: [unclosed', refund)).toBeNull()
    expect(replaceEvalCase(example, 99, refund)).toBeNull()
    expect(removeEvalCase(example, 99)).toBeNull()
  })

  it('reads a case back into the form, and checks a draft before saving', () => {
    const [calc] = parseEvalSuite(example).cases
    const draft = draftOfCase(calc!)
    expect(draft.assertions).toEqual([
      { kind: 'skill', value: 'calculator' },
      { kind: 'tools_called', value: 'calculator' },
      { kind: 'answer_contains', value: '1048576' },
    ])
    expect(checkDraft({ ...draft, name: ' ' }, [])?.key).toBe('evalForm.needsName')
    expect(checkDraft(draft, [calc!.name])?.key).toBe('evalForm.nameTaken')
    expect(checkDraft({ ...draft, turns: [' '] }, [])?.key).toBe('evalForm.needsUtterance')
    expect(checkDraft(draft, [])).toBeNull()
  })
})

describe('a case proposed from a run', () => {
  const at = 0
  const events: TraceEvent[] = [
    {
      type: 'activation',
      mode: 'keyword',
      skill: 'quick-calculator',
      reason: '',
      config: { skill: 'quick-calculator', systemPrompt: '', tools: [], narrowed: true, maxRounds: 3 },
      missingTools: [],
      at,
    },
    { type: 'round', round: 1, maxRounds: 3, at },
    {
      type: 'tool',
      round: 1,
      skill: 'quick-calculator',
      tool: 'calculator',
      arguments: '{"expression":"2^20"}',
      valid: true,
      result: { result: 1048576 },
      error: null,
      latencyMs: 1,
      precedingText: '',
      userMessage: null,
      at,
    },
    { type: 'final', text: '2^20 = 1048576', at },
  ]

  it('proposes the messages, the skill, the tools called and a key phrase of the answer', () => {
    expect(draftFromRun({ utterance: '计算一下 2^20', events }, { noSkill: 'no skill' })).toEqual({
      name: 'quick-calculator: 计算一下 2^20',
      turns: ['计算一下 2^20'],
      assertions: [
        { kind: 'skill', value: 'quick-calculator' },
        { kind: 'tools_called', value: 'calculator' },
        { kind: 'answer_contains', value: '1048576' },
      ],
    })
    expect(
      draftFromRun({ utterance: '计算一下 2^20', events }, { noSkill: 'no skill', otherNames: ['quick-calculator: 计算一下 2^20'] }).name,
    ).toBe('quick-calculator: 计算一下 2^20 (2)')
  })

  it('names a case with no skill in the words it is given (the interface language), not in English', () => {
    const final: TraceEvent[] = [{ type: 'final', text: '你好！', at }]
    expect(draftFromRun({ utterance: '你好', events: final }, { noSkill: '无技能' }).name).toBe('无技能: 你好')
    expect(draftFromRun({ utterance: '你好', events: final }, { noSkill: '无技能' }).assertions[0]).toEqual({ kind: 'skill', value: '' })
  })

  it('finds the case a form opened on by its name when cases above it were deleted, and refuses another case', () => {
    const cases = [
      { line: 3, name: 'A' },
      { line: 9, name: 'C' },
    ]
    // The form opened on B at line 9; A above it was deleted, so C now starts on B's old line.
    expect(findEvalCase(cases, { line: 9, name: 'B' })).toBeUndefined()
    expect(findEvalCase([{ line: 3, name: 'B' }, ...cases.slice(1)], { line: 9, name: 'B' })).toEqual({ line: 3, name: 'B' })
    expect(findEvalCase(cases, { line: 9, name: 'C' })).toEqual({ line: 9, name: 'C' })
    // A name two cases have (written by hand) is no one case: nothing to save over.
    expect(
      findEvalCase(
        [
          { line: 3, name: 'B' },
          { line: 5, name: 'B' },
        ],
        { line: 9, name: 'B' },
      ),
    ).toBeUndefined()
  })

  it('picks a key phrase a repeat would say again: a term of the skill, else a number, else a first clause', () => {
    expect(keyPhrase('退款政策：拆封后 15 天内可以退款。', ['退款'])).toBe('退款')
    expect(keyPhrase('北京：小雨，12–18 °C')).toBe('18')
    expect(keyPhrase('根据退款政策，拆封后 7 天内可以退货。', ['退款', '退货'])).toBe('退款')
    expect(keyPhrase('Hello there. How can I help?')).toBe('Hello there')
    expect(keyPhrase('')).toBe('')
  })
})
