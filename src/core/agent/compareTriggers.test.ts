import { describe, expect, it } from 'vitest'
import { createRouter } from '../routing'
import { parseSkill } from '../skill'
import { compareTriggers, comparisonCalls, createScriptedModel, majority, type ModelClient } from './index'

const calc = parseSkill(
  'calc/SKILL.md',
  '---\nname: calc\ndescription: Computes arithmetic exactly (powers, products, sums). 计算数学表达式。\ntrigger_keywords: [计算, 是多少]\nrequired_tools: [calculator]\n---\n',
)
const weather = parseSkill(
  'weather.md',
  '---\nname: weather\ndescription: The weather forecast for a city. 查询城市天气。\ntrigger_keywords: [天气]\n---\n',
)
const skills = [calc, weather]
const cases = [
  { utterance: '计算一下 2^20 是多少', expect: 'calc', line: 1, index: 1 },
  { utterance: '帮我查一下北京今天的天气怎么样呀朋友们', expect: 'weather', line: 2, index: 2 },
]

describe('compareTriggers', () => {
  it('puts keyword routing beside what the model loads and names, per case', async () => {
    const progress: number[] = []
    const rows = await compareTriggers({
      cases,
      skills,
      router: createRouter(skills),
      threshold: 0.3,
      model: createScriptedModel(),
      runs: 1,
      signal: new AbortController().signal,
      onProgress: (done) => progress.push(done),
    })
    expect(progress).toEqual([1, 2, 3, 4])
    expect(majority(rows[0]!.picks.keyword)).toEqual({ pick: 'calc', share: 1 })
    expect(majority(rows[0]!.picks.progressive)).toEqual({ pick: 'calc', share: 1 })
    expect(majority(rows[0]!.picks.llm)).toEqual({ pick: 'calc', share: 1 })
    // A long message: keyword routing finds no winner, LLM routing still names weather.
    expect(majority(rows[1]!.picks.keyword)).toEqual({ pick: null, share: 1 })
    expect(majority(rows[1]!.picks.llm)).toEqual({ pick: 'weather', share: 1 })
  })

  it('records failing calls, runs several times, and stops when aborted', async () => {
    let calls = 0
    const flaky: ModelClient = {
      label: 'flaky',
      complete: async (request) => {
        calls++
        if (calls % 2 === 0) throw new Error('429 slow down')
        return createScriptedModel().complete(request)
      },
    }
    const rows = await compareTriggers({
      cases: cases.slice(0, 1),
      skills,
      router: createRouter(skills),
      threshold: 0.3,
      model: flaky,
      runs: 3,
      signal: new AbortController().signal,
      onProgress: () => {},
    })
    expect(comparisonCalls(1, 3)).toBe(6)
    expect(rows[0]!.errors.llm).toEqual(['429 slow down', '429 slow down', '429 slow down'])
    expect(majority(rows[0]!.picks.progressive)).toEqual({ pick: 'calc', share: 1 })

    const controller = new AbortController()
    const stopped = await compareTriggers({
      cases,
      skills,
      router: createRouter(skills),
      threshold: 0.3,
      model: createScriptedModel(),
      runs: 1,
      signal: controller.signal,
      onProgress: (done) => done === 1 && controller.abort(),
    })
    expect([...stopped[0]!.picks.llm.values()].reduce((a, b) => a + b, 0)).toBe(0)
    expect(stopped[1]!.picks.progressive.size).toBe(0)
  })
})

describe('trigger metrics', () => {
  it('counts every run: precision, recall with intervals, and F1 per skill', async () => {
    const { triggerMetrics } = await import('./comparison')
    const row = (expect: string | null, picks: [string | null, number][]) => ({
      case: { utterance: 'u', expect, line: 1, index: 0 },
      picks: { keyword: new Map(picks), progressive: new Map(picks), llm: new Map(picks) },
      errors: { progressive: [], llm: [] },
    })
    const rows = [
      row('calc', [
        ['calc', 2],
        [null, 1],
      ]),
      row('weather', [
        ['calc', 1],
        ['weather', 2],
      ]),
    ]
    const [calc, weatherMetrics] = triggerMetrics(rows, 'llm', ['calc', 'weather'])
    expect(calc).toMatchObject({ precision: 2 / 3, recall: 2 / 3, picked: 3, expected: 3 })
    expect(calc!.f1).toBeCloseTo(2 / 3)
    expect(calc!.recallInterval[0]).toBeCloseTo(0.2077, 3)
    expect(weatherMetrics).toMatchObject({ precision: 1, recall: 2 / 3 })
  })
})
