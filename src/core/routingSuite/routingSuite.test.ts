import { describe, expect, it } from 'vitest'
import { createRouter } from '../routing'
import { parseSkill } from '../skill'
import { parseRoutingTests, runRoutingTests, thresholdSweep } from './index'

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
      { utterance: '计算一下', expect: 'calc', line: 2 },
      { utterance: 'hello', expect: null, line: 4 },
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
    const suite = runRoutingTests(
      cases,
      router,
      0.3,
      skills.map((s) => s.name),
    )
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
    const sweep = thresholdSweep(cases, router, 100)
    expect(sweep).toHaveLength(101)
    expect(sweep.find((p) => p.threshold === 0.2)!.accuracy).toBe(1)
    expect(sweep.find((p) => p.threshold === 0.21)!.accuracy).toBe(0.5)
    // Agrees with running the suite at each threshold.
    for (const point of sweep.filter((_, i) => i % 10 === 0)) {
      const suite = runRoutingTests(cases, router, point.threshold, ['plan'])
      expect(suite.passed / cases.length).toBe(point.accuracy)
    }
  })
})
