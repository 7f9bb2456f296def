import { describe, expect, it } from 'vitest'
import { createRouter } from '../routing'
import { parseSkill } from '../skill'
import { finishSteps } from '../lib/finishSteps'
import {
  hasRoutingCase,
  mergeRoutingSuites,
  parseRoutingTests,
  parseRoutingTestsInSteps,
  removeRoutingCase,
  runRoutingTests,
  sweepFromResults,
  updateRoutingCase,
} from './index'

const skills = [
  parseSkill('calc/SKILL.md', '---\nname: calc\ntrigger_keywords: [计算, 是多少]\n---\n'),
  parseSkill('plan/SKILL.md', '---\nname: plan\ntrigger_keywords: [规划, 规划并写]\n---\n'),
]
const router = createRouter(skills)

describe('routing test suites', () => {
  it('parses cases with their lines, null expectations, and reports bad entries', () => {
    const { cases, problems } = parseRoutingTests(
      '# comment\n- utterance: 计算一下\n  expect: calc\n- utterance: hello\n  expect: null\n- expect: calc\n',
    )
    expect(cases).toEqual([
      { utterance: '计算一下', expect: 'calc', line: 2, index: 0 },
      { utterance: 'hello', expect: null, line: 4, index: 1 },
    ])
    expect(problems).toEqual([
      expect.objectContaining({ message: 'Case 3 needs an "utterance" text.', range: expect.objectContaining({ startLine: 6 }) }),
    ])
    expect(parseRoutingTests('- utterance: [unclosed\n')).toMatchObject({
      cases: [],
      problems: [expect.objectContaining({ message: expect.any(String) })],
    })
  })

  it('runs every case, counts passes and builds the confusion summary', () => {
    const { cases } = parseRoutingTests(
      '- {utterance: 计算一下 2 是多少, expect: calc}\n- {utterance: 帮我规划并写一篇关于 AI Agent 的文章大纲, expect: plan}\n- {utterance: 你好, expect: null}\n- {utterance: x, expect: ghost}\n',
    )
    const suite = runRoutingTests(cases, router, 0.3, skills)
    expect(suite.results.map((r) => [r.got, r.pass])).toEqual([
      ['calc', true],
      [null, false],
      [null, true],
      [null, false],
    ])
    expect(suite.results[1]!.expectedFinal).toBe((4 / 25) * 1.3)
    expect(suite).toMatchObject({ passed: 2, failed: 2, unknownExpectations: ['ghost'] })
    expect(Object.fromEntries([...suite.confusion].map(([k, v]) => [k, Object.fromEntries(v)]))).toEqual({
      calc: { calc: 1 },
      plan: { '(none)': 1 },
      '(none)': { '(none)': 1 },
      ghost: { '(none)': 1 },
    })
  })

  it('sweeps the threshold: the seed example passes only below its 0.208', () => {
    const { cases } = parseRoutingTests(
      '- {utterance: 帮我规划并写一篇关于 AI Agent 的文章大纲, expect: plan}\n- {utterance: 你好, expect: null}\n',
    )
    const sweep = sweepFromResults(runRoutingTests(cases, router, 0.3, skills).results, 100)
    expect(sweep).toHaveLength(101)
    expect(sweep.find((p) => p.threshold === 0.2)!.accuracy).toBe(1)
    expect(sweep.find((p) => p.threshold === 0.21)!.accuracy).toBe(0.5)
    // Agrees with running the suite at each threshold.
    for (const point of sweep.filter((_, i) => i % 10 === 0)) {
      const suite = runRoutingTests(cases, router, point.threshold, skills)
      expect(suite.passed / cases.length).toBe(point.accuracy)
    }
    // Read off a suite's results (at any threshold) without routing again: the same sweep.
    for (const threshold of [0, 0.3, 0.9])
      expect(sweepFromResults(runRoutingTests(cases, router, threshold, skills).results)).toEqual(sweep)
  })
})

describe('a suite read by several callers', () => {
  it('a suite parsed in steps is the one every later reader gets, unchanged by any of them', () => {
    const text = '# shared\n- utterance: 计算一下\n  expect: calc\n- utterance: 规划\n  expect: plan\n'
    const ahead = finishSteps(parseRoutingTestsInSteps(text))
    expect(parseRoutingTests(text)).toBe(ahead)
    // Shared, so frozen: a caller that changed it would change what the others read.
    expect(() => (ahead.cases as unknown[]).push({})).toThrow(TypeError)
    expect(() => Object.assign(ahead.cases[0]!, { expect: null })).toThrow(TypeError)
    // Merging another suite into it reads it and leaves it as it was.
    const merged = mergeRoutingSuites(
      text,
      '- utterance: 新的\n  expect: plan\n- utterance: 新的\n  expect: calc\n- utterance: 规划\n  expect: calc\n',
    )
    expect(merged.added).toBe(1)
    expect(merged.text).toBe(`${text}- utterance: "新的"\n  expect: "plan"\n`)
    expect(merged.conflicts).toEqual([
      { utterance: '新的', mine: 'plan', theirs: 'calc' },
      { utterance: '规划', mine: 'plan', theirs: 'calc' },
    ])
    expect(parseRoutingTests(text).cases).toHaveLength(2)
  })
})

describe('merging a suite that does not all read', () => {
  it('keeps every line of it as a comment after one’s own, which still reads as it did', () => {
    const mine = '- utterance: 你好\n  expect: null'
    const theirs = '- utterance: [\r\n\r\n  expect: calc\r\n'
    const merged = mergeRoutingSuites(mine, theirs)
    expect(merged.added).toBe(0)
    expect(merged.unreadable).toMatchObject({ problems: expect.any(Number), keptAtLine: 4 })
    expect(merged.text.split('\n').slice(0, 3)).toEqual(['- utterance: 你好', '  expect: null', ''])
    expect(merged.text.split('\n').slice(4)).toEqual(['# - utterance: [', '#', '#   expect: calc', ''])
    expect(parseRoutingTests(merged.text)).toMatchObject({ cases: [{ utterance: '你好', expect: null }], problems: [] })
    // A suite that reads merges as before, with nothing kept.
    expect(mergeRoutingSuites(mine, '- utterance: 新的\n  expect: calc\n').unreadable).toBeNull()
  })
})

describe('editing the suite file', () => {
  const text =
    '# My routing tests\n- utterance: "计算一下"   # calc\n  expect: calculator\n\n# weather\n- utterance: 天气\n  expect: weather\n- utterance: "hi"\n'

  it('changes one case and keeps every other byte, comments included', () => {
    const changed = updateRoutingCase(text, 1, { utterance: '北京天气', expect: null })!
    expect(changed).toBe(
      '# My routing tests\n- utterance: "计算一下"   # calc\n  expect: calculator\n\n# weather\n- utterance: "北京天气"\n  expect: null\n- utterance: "hi"\n',
    )
    expect(parseRoutingTests(changed).cases.map((c) => [c.utterance, c.expect])).toEqual([
      ['计算一下', 'calculator'],
      ['北京天气', null],
      ['hi', null],
    ])
  })

  it('adds an expect line when a case has none', () => {
    expect(updateRoutingCase(text, 2, { utterance: 'hi', expect: 'weather' })).toBe(
      text.replace('- utterance: "hi"\n', '- utterance: "hi"\n  expect: "weather"\n'),
    )
  })

  it('removes one case, with its lines only', () => {
    expect(removeRoutingCase(text, 0)).toBe('# My routing tests\n\n# weather\n- utterance: 天气\n  expect: weather\n- utterance: "hi"\n')
    expect(removeRoutingCase(text, 2)).toBe(
      '# My routing tests\n- utterance: "计算一下"   # calc\n  expect: calculator\n\n# weather\n- utterance: 天气\n  expect: weather\n',
    )
  })

  it('refuses to edit a file that does not parse, and spots duplicates', () => {
    expect(updateRoutingCase('- utterance: [oops', 0, { utterance: 'x', expect: null })).toBeNull()
    expect(hasRoutingCase(parseRoutingTests(text).cases, ' 天气 ')).toBe(true)
  })
})
