import { describe, expect, it, vi } from 'vitest'
import { createRouter, type RoutableSkill } from './scoreRouting'
import { explainRouting } from './explainRouting'

const skill = (name: string, keywords: string[], entryMode: 'auto' | 'manual' = 'auto'): RoutableSkill => ({
  name,
  path: `${name}/SKILL.md`,
  triggerKeywords: keywords,
  entryMode,
})

/** Every substring of the input that makes `name` win when added: what the explanation must agree with. */
function bruteForce(skills: RoutableSkill[], name: string, input: string, threshold = 0.3): { keyword: string; final: number }[] {
  const points = [...input]
  const winners: { keyword: string; final: number }[] = []
  const seen = new Set<string>()
  for (let i = 0; i < points.length; i++)
    for (let j = i + 1; j <= points.length; j++) {
      const keyword = points.slice(i, j).join('')
      if (seen.has(keyword.toLowerCase())) continue
      seen.add(keyword.toLowerCase())
      const changed = skills.map((s) => (s.name === name ? { ...s, triggerKeywords: [...s.triggerKeywords, keyword] } : s))
      const result = createRouter(changed)(input, threshold)
      if (result.winner?.skill === name) winners.push({ keyword, final: result.winner.final ?? 0 })
    }
  return winners
}

describe('explaining what to change', () => {
  const plan = skill('plan_and_write', ['规划', '规划并写', 'plan'])
  const rag = skill('search_rag', ['RAG', '是什么', '知识库'])

  it('suggests the shortest keywords that make the skill win, each checked by the router', () => {
    const input = '帮我规划并写一篇关于 AI Agent 的文章大纲'
    const explanation = explainRouting([plan, rag], 'plan_and_write', input)!
    expect(explanation.outcome).toBe('suggest')
    expect(explanation.winner).toBeNull()
    const winners = bruteForce([plan, rag], 'plan_and_write', input)
    const shortest = Math.min(...winners.map((w) => [...w.keyword].length))
    expect(explanation.suggestions.length).toBeGreaterThan(0)
    expect([...explanation.suggestions[0]!.keyword].length).toBe(shortest)
    for (const suggestion of explanation.suggestions)
      expect(winners.map((w) => w.keyword.toLowerCase())).toContain(suggestion.keyword.toLowerCase())
    expect(explanation.suggestions.map((s) => [...s.keyword].length)).toEqual(
      [...explanation.suggestions.map((s) => [...s.keyword].length)].sort((a, b) => a - b),
    )
  })

  it('says why another skill wins and when nothing can help', () => {
    const explanation = explainRouting([plan, rag], 'plan_and_write', '我想了解一下 RAG 是什么')!
    expect(explanation.rival?.skill).toBe('search_rag')
    expect(explanation.rival?.matched).toEqual(['RAG', '是什么'])
    expect(explainRouting([plan], 'plan_and_write', 'x'.repeat(40), 1.5)!.outcome).toBe('no-single-keyword')
    expect(explainRouting([plan, skill('manual', ['x'], 'manual')], 'manual', 'x')!.outcome).toBe('manual')
    expect(explainRouting([plan], 'plan_and_write', '规划一下')!.outcome).toBe('wins')
    expect(explainRouting([plan], 'nope', 'x')).toBeNull()
  })

  it('suggests whole words, in a Latin message and in Chinese alike', () => {
    const calculator = skill('calculator', ['compute'])
    const message = 'plan my week and compute 2^20'
    // Whole words: no letter or digit of the message right before or after it, in its own first or last place.
    const whole = (keyword: string) => {
      const at = message.indexOf(keyword)
      const cuts = (a: string | undefined, b: string | undefined) => /[a-z0-9]/i.test(a ?? '') && /[a-z0-9]/i.test(b ?? '')
      return !cuts(message[at - 1], keyword[0]) && !cuts(keyword.at(-1), message[at + keyword.length])
    }
    const english = explainRouting([plan, calculator, rag], 'search_rag', message, 0.3, 5, { sensibleOnly: true })!
    expect(english.suggestions.length).toBeGreaterThan(0)
    for (const { keyword } of english.suggestions) expect(whole(keyword), keyword).toBe(true)
    // "2^20" is one word too: never cut into "compute 2" or "compute 2^".
    expect(english.suggestions.map(({ keyword }) => keyword).filter((keyword) => /2\^?$/.test(keyword))).toEqual([])
    // Without the filter, the shortest answers cut words ("plan my w"): the filter is what keeps them whole.
    const raw = explainRouting([plan, calculator, rag], 'search_rag', message, 0.3, 5)!
    expect(raw.suggestions.some(({ keyword }) => !whole(keyword))).toBe(true)
    const chinese = explainRouting([plan, rag], 'search_rag', '帮我规划一下下周的任务', 0.3, 5, { sensibleOnly: true })!
    // Whole words as the segmenter finds them (帮我|规划|一下|下周|的|任务): never "划一下下", which cuts two, nor "下周的任务", which holds 的.
    expect(chinese.suggestions.map((s) => s.keyword)).toEqual(['帮我规划', '规划一下', '一下下周', '我规划一下', '帮我规划一下'])
    expect(explainRouting([plan, rag], 'search_rag', '帮我规划一下下周的任务', 0.3, 5)!.suggestions.map((s) => s.keyword)).toContain(
      '划一下下',
    )
    // Nor one character alone ("的", "下"): it would match nearly every message.
    const weather = explainRouting([skill('weather', ['天气']), skill('rain', ['下雨'])], 'rain', '明天下雨吗，要不要带伞出门', 0.3, 5, {
      sensibleOnly: true,
    })!
    expect(weather.suggestions.map((s) => s.keyword)).toEqual(['明天', '不要', '带伞', '出门', '要不要'])

    // Chinese has no spaces, yet "下 task42" cuts 一下 in two and "询订单" cuts 查询: neither is offered.
    const report = skill('report', ['task1', '规划', 'report 1', 'job 1'])
    const mixed = explainRouting([report, skill('other', ['report 3'])], 'report', '帮我规划一下 task42 的 report 3 和 job 42', 0.3, 5, {
      sensibleOnly: true,
    })!
    expect(mixed.suggestions.map((s) => s.keyword)).toEqual(['task42', 'report', 'job 42', '3 和 job', 'report 3'])
    const order = explainRouting(
      [skill('orders', ['查询', '订单']), skill('sales', ['销售'])],
      'sales',
      '查询订单：本周销售额是多少',
      0.3,
      5,
      {
        sensibleOnly: true,
      },
    )!
    // Nor one that holds a particle standing as a word of its own ("的周报", "42 的", "42 的周报").
    const weekly = explainRouting([skill('plan', ['规划']), skill('report', ['task'])], 'report', '帮我规划一下 task 42 的周报', 0.3, 100)!
    expect(weekly.suggestions.map((s) => s.keyword)).toEqual(expect.arrayContaining(['的周报', '42 的', '42 的周报']))
    const wholeWeekly = explainRouting(
      [skill('plan', ['规划']), skill('report', ['task'])],
      'report',
      '帮我规划一下 task 42 的周报',
      0.3,
      100,
      {
        sensibleOnly: true,
      },
    )!
    expect(wholeWeekly.suggestions.filter((s) => s.keyword.includes('的'))).toEqual([])
    expect(wholeWeekly.suggestions.map((s) => s.keyword)).toContain('task 42')
    const particles = explainRouting(
      [skill('plan', ['规划']), skill('report', ['task'])],
      'report',
      '帮我规划一下 task 42 的周报',
      0.3,
      5,
      {
        sensibleOnly: true,
      },
    )!
    expect(particles.suggestions.map((s) => s.keyword)).toEqual(['帮我', '规划', '一下', '42', '周报'])
    // Nor one that starts or ends with the sentence's punctuation ("订单：") or spans it ("订单：本周").
    expect(order.suggestions.map((s) => s.keyword)).toEqual(['是多少', '查询订单', '额是多少', '本周销售额', '本周销售额是'])
  })

  it('still suggests, cutting Chinese anywhere as before, where the runtime has no word segmenter', () => {
    vi.stubGlobal('Intl', { ...Intl, Segmenter: undefined })
    try {
      const chinese = explainRouting([plan, rag], 'search_rag', '帮我规划一下下周的任务', 0.3, 5, { sensibleOnly: true })!
      expect(chinese.outcome).toBe('suggest')
      expect(chinese.suggestions.map((s) => s.keyword)).toContain('划一下下')
    } finally {
      vi.unstubAllGlobals()
    }
    expect(
      explainRouting([plan, rag], 'search_rag', '帮我规划一下下周的任务', 0.3, 5, { sensibleOnly: true })!.suggestions.map(
        (s) => s.keyword,
      ),
    ).not.toContain('划一下下')
  })

  it('agrees with brute force on many small cases, ties and load order included', () => {
    let seed = 7
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    const alphabet = ['a', 'b', 'c', '天', '气', ' ', 'A', '😀']
    const word = (max: number) =>
      Array.from({ length: 1 + Math.floor(random() * max) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('')
    for (let round = 0; round < 400; round++) {
      const skills = [skill('one', [word(2), word(3)]), skill('two', [word(2)]), skill('three', [word(3), word(1)])]
      const input = word(9)
      const threshold = [0.2, 0.3, 0.5][round % 3]!
      for (const { name } of skills) {
        const explanation = explainRouting(skills, name, input, threshold)!
        if (explanation.outcome === 'wins') continue
        const winners = bruteForce(skills, name, input, threshold)
        const context = `${name} on ${JSON.stringify(input)} with ${JSON.stringify(skills.map((s) => s.triggerKeywords))} at ${threshold}`
        if (winners.length === 0) {
          expect(explanation.suggestions, context).toEqual([])
          continue
        }
        const shortest = Math.min(...winners.map((w) => [...w.keyword].length))
        expect(explanation.suggestions.length, context).toBeGreaterThan(0)
        expect([...explanation.suggestions[0]!.keyword].length, context).toBe(shortest)
        const lowerWinners = winners.map((w) => w.keyword.toLowerCase())
        for (const suggestion of explanation.suggestions) expect(lowerWinners, context).toContain(suggestion.keyword.toLowerCase())
      }
    }
  })
})
