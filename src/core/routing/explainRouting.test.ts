import { describe, expect, it, vi } from 'vitest'
import { createRouter, type RoutableSkill } from './scoreRouting'
import { explainRouting } from './explainRouting'
import { isFunctionWord } from './functionWords'
import { loadWorkspace } from '../skill'
import { SKILL_TEMPLATES } from '../templates'

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
    // Not "week and compute": a phrase runs through no "and" (two keywords, not one); nor "compute
    // 2^20": a value of this one message ends no keyword.
    expect(english.suggestions.map(({ keyword }) => keyword)).toEqual(['plan my week'])
    for (const { keyword } of english.suggestions) expect(whole(keyword), keyword).toBe(true)
    // Without the filter, the shortest answers cut words ("plan my w"): the filter is what keeps them whole.
    const raw = explainRouting([plan, calculator, rag], 'search_rag', message, 0.3, 5)!
    expect(raw.suggestions.some(({ keyword }) => !whole(keyword))).toBe(true)
    // Whole words as the segmenter finds them (帮|我|规划|一下|下周|的|任务): never "划一下下", which cuts two,
    // "下周的任务", which holds 的, nor "帮我规划" or "规划一下", which start or end with a function word.
    const chinese = explainRouting([plan, rag], 'search_rag', '帮我规划一下下周的任务', 0.3, 5, { sensibleOnly: true })!
    expect(chinese.suggestions.map((s) => s.keyword)).toEqual(['规划一下下周'])
    expect(explainRouting([plan, rag], 'search_rag', '帮我规划一下下周的任务', 0.3, 5)!.suggestions.map((s) => s.keyword)).toContain(
      '划一下下',
    )
    // Nor one character alone ("的", "下") or at either end (带|伞: 伞出门), nor 不要 or 要不要.
    const weather = explainRouting([skill('weather', ['天气']), skill('rain', ['下雨'])], 'rain', '明天下雨吗，要不要带伞出门', 0.3, 5, {
      sensibleOnly: true,
    })!
    expect(weather.suggestions.map((s) => s.keyword)).toEqual(['明天', '出门', '明天下雨'])

    // Chinese has no spaces, yet "下 task42" cuts 一下 in two and "询订单" cuts 查询: neither is offered.
    const report = skill('report', ['task1', '规划', 'report 1', 'job 1'])
    const mixed = explainRouting([report, skill('other', ['report 3'])], 'report', '帮我规划一下 task42 的 report 3 和 job 42', 0.3, 5, {
      sensibleOnly: true,
    })!
    expect(mixed.suggestions.map((s) => s.keyword)).toEqual(['report', 'task42', 'job 42', 'report 3', '规划一下 task42'])
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
    // Nor "42" alone: a number names nothing without its word ("task 42").
    expect(wholeWeekly.suggestions.map((s) => s.keyword)).toEqual(['规划', '周报', 'task 42', '规划一下 task', '规划一下 task 42'])
    // Nor one that starts or ends with the sentence's punctuation ("订单：") or spans it ("订单：本周"), nor 是多少.
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
    expect(order.suggestions.map((s) => s.keyword)).toEqual(['查询订单', '本周销售额'])
  })

  it('never suggests whitespace, punctuation, a lone letter or a function word, at either end of a phrase', () => {
    const messages = [
      '帮我规划并写一篇关于 AI Agent 的文章大纲',
      '我上周买的衣服不合适，怎么退',
      '你好，今天过得怎么样？',
      '能不能帮我查一下订单量',
      '我想了解一下 RAG 是什么',
      '请帮我看看这个可以吗',
      'can you help me plan a trip please',
      'what is the weather like in a minute',
      '这个东西质量太差我想申请售后处理',
      '请帮我把年度计划规划成三个阶段',
      '知识库里怎么说',
      '写个大纲',
      '计算一下 2^20 是多少',
      "don't cancel my order",
      '帮我写一篇文章，再来两份报告',
      '写一篇文章',
      '来两份报告',
      '我要请假三天',
      '帮我算二十乘以三十',
      "summarize the 'Q3 roadmap'",
      '帮我查‘退款政策’',
      'cancel order 12345',
      '帮我做二次开发的方案',
    ]
    const segmenter = new Intl.Segmenter('zh', { granularity: 'word' })
    const wordsOf = (text: string) =>
      [...segmenter.segment(text.toLowerCase())].filter((part) => part.isWordLike).map((part) => part.segment)
    for (const message of messages) {
      const explanation = explainRouting([skill('target', []), skill('other', ['zzz'])], 'target', message, 0.3, 100, {
        sensibleOnly: true,
      })!
      for (const { keyword } of explanation.suggestions) {
        const words = wordsOf(keyword)
        expect(keyword.trim(), keyword).toBe(keyword)
        expect(keyword, message).toMatch(/[\p{L}\p{N}]{2}|[\p{L}\p{N}].*[\p{L}\p{N}]/u)
        expect(isFunctionWord(words[0]!), `${keyword} in ${message}`).toBe(false)
        expect(isFunctionWord(words.at(-1)!), `${keyword} in ${message}`).toBe(false)
      }
      // The harmful hints: none of them is offered.
      const offered = explanation.suggestions.map((s) => s.keyword)
      // Nor pieces the dictionary left (太|差, 成|三), phrases through a pronoun (差我想申请), question
      // or measure words the segmenter joined (怎么说, 写个).
      for (const harmful of [
        ' ',
        'A',
        ' A',
        '我上周',
        '衣服不',
        '帮我',
        '怎么',
        '一下',
        '请',
        'please',
        'help',
        'can you',
        'the',
        '差我想申请',
        '差我想申请售',
        '成三',
        '知识库里怎么说',
        '写个',
        '我把',
        // A value of this one message, a piece of a contraction, a count (一篇, 两份) at either end.
        '2^20',
        '计算一下 2^20',
        '2^20 是多少',
        't',
        't cancel',
        't cancel my order',
        "don't cancel",
        '一篇',
        '一篇文章',
        '两份报告',
        '三天',
        '请假三天',
        '二十',
        '三十',
        '二十乘以三十',
        "summarize 'q3",
        "'q3 roadmap'",
        '12345',
        'order 12345',
        'cancel order 12345',
      ])
        expect(offered, message).not.toContain(harmful)
    }
    // What a person would pick in those messages is still offered.
    const offeredFor = (message: string) =>
      explainRouting([skill('target', []), skill('other', ['zzz'])], 'target', message, 0.3, 100, { sensibleOnly: true })!.suggestions.map(
        (s) => s.keyword,
      )
    expect(offeredFor("don't cancel my order")).toContain('cancel my order')
    expect(offeredFor('写一篇文章')).toContain('文章')
    expect(offeredFor('来两份报告')).toContain('报告')
    // 请假 and 帮助 are words, not a plea; a quote encloses words, only an apostrophe between letters joins them.
    expect(offeredFor('我要请假三天')).toContain('请假')
    expect(offeredFor("summarize the 'Q3 roadmap'")).toContain('Q3 roadmap')
    expect(offeredFor('帮我查‘退款政策’')).toContain('退款政策')
    expect(offeredFor('帮我做二次开发的方案')).toContain('二次开发')
    for (const message of ["summarize the 'Q3 roadmap'", '帮我查‘退款政策’'])
      for (const keyword of offeredFor(message)) expect(keyword, message).not.toMatch(/['‘’]/u)
    // A message of function words only has no keyword to offer, and says so.
    const none = explainRouting([skill('target', [])], 'target', '请问能不能帮我一下', 0.3, 5, { sensibleOnly: true })!
    expect(none.outcome).toBe('no-single-keyword')
    expect(none.suggestions).toEqual([])
  })

  it("offers the skill's own terms first: words its name or description holds", () => {
    const writer = { ...skill('plan_and_write', ['规划', '规划并写']), description: '把复杂任务拆解为有序子任务，并写成文章大纲' }
    const explanation = explainRouting([writer, rag], 'plan_and_write', '帮我规划并写一篇关于 AI Agent 的文章大纲', 0.3, 5, {
      sensibleOnly: true,
    })!
    expect(explanation.suggestions.map((s) => [s.keyword, s.fromDescription])).toEqual([
      ['文章', true],
      ['大纲', true],
      ['文章大纲', true],
      // Not 一篇: a count names nothing.
      ['AI', false],
      ['Agent', false],
    ])
    // Latin words are whole words of the description: "plan" is not in "planning".
    const latin = { ...skill('trip', []), description: 'Planning trips; books a hotel.' }
    const trip = explainRouting([latin], 'trip', 'plan a hotel', 0.3, 5, { sensibleOnly: true })!
    expect(trip.suggestions.map((s) => [s.keyword, s.fromDescription])).toEqual([
      ['hotel', true],
      ['plan', false],
      ['plan a hotel', false],
    ])
  })

  it('names the routing test cases each keyword would break, safe ones first, and says when none is safe', () => {
    const weather = skill('weather', ['天气'])
    const refund = skill('refund', ['退款', '退货'])
    const cases = [
      { utterance: '明天天气怎么样', expect: 'weather' },
      { utterance: '上周买的衣服', expect: null },
      { utterance: '衣服退货', expect: 'refund' },
      // Already failing: a keyword cannot break it.
      { utterance: '衣服破了', expect: 'weather' },
    ]
    const explanation = explainRouting([weather, refund], 'refund', '衣服不合适', 0.3, 5, { sensibleOnly: true, cases })!
    expect(explanation.checkedCases).toBe(4)
    const byKeyword = new Map(explanation.suggestions.map((s) => [s.keyword, s.breaks]))
    expect(byKeyword.get('衣服')).toEqual([{ utterance: '上周买的衣服', expect: null, wouldWin: 'refund' }])
    // Safe ones first.
    expect(explanation.suggestions.map((s) => [s.keyword, s.breaks.length])).toEqual([
      ['合适', 0],
      ['衣服不合适', 0],
      ['衣服', 1],
    ])
    expect(explanation.outcome).toBe('suggest')
    // Each break is real: with the keyword added, the router gives that case to the skill.
    for (const { keyword, breaks } of explanation.suggestions)
      for (const broken of breaks) {
        const changed = [weather, { ...refund, triggerKeywords: [...refund.triggerKeywords, keyword] }]
        expect(createRouter(changed)(broken.utterance, 0.3).winner?.skill, keyword).toBe('refund')
      }

    // The message is itself a case expecting no skill: every keyword that makes the skill win breaks it.
    const seed = '帮我规划并写一篇关于 AI Agent 的文章大纲'
    const unsafe = explainRouting([plan, rag], 'plan_and_write', seed, 0.3, 5, {
      sensibleOnly: true,
      cases: [{ utterance: seed, expect: null }],
    })!
    expect(unsafe.outcome).toBe('no-safe-keyword')
    expect(unsafe.suggestions.length).toBeGreaterThan(0)
    for (const suggestion of unsafe.suggestions)
      expect(suggestion.breaks).toEqual([{ utterance: seed, expect: null, wouldWin: 'plan_and_write' }])
  })

  it("offers only words a person would choose on the templates' utterances, each with what it breaks", () => {
    for (const template of SKILL_TEMPLATES)
      for (const language of ['zh', 'en'] as const) {
        const variant = template.variants[language]
        const { skills } = loadWorkspace([{ path: `${template.name}/SKILL.md`, text: variant.text }])
        const cases = variant.cases.map((c) => ({ utterance: c.utterance, expect: c.expectSelf ? template.name : null }))
        for (const { utterance, expect: expected } of cases) {
          const explanation = explainRouting(skills, template.name, utterance, 0.3, 5, { sensibleOnly: true, cases })!
          if (expected !== null) {
            expect(explanation.outcome, utterance).toBe('wins')
            continue
          }
          // A "no skill" utterance: whatever is offered breaks that very case, and says so.
          expect(['no-single-keyword', 'no-safe-keyword'], `${template.name} ${utterance}`).toContain(explanation.outcome)
          for (const suggestion of explanation.suggestions) {
            expect(suggestion.breaks.map((b) => b.utterance)).toContain(utterance)
            expect(isFunctionWord(suggestion.keyword)).toBe(false)
          }
        }
      }
  })

  it('in a workspace without trigger keywords (description routing): whole words, the description first, never a function word', () => {
    const pdf = {
      ...skill('pdf', []),
      description: 'Extract text and tables from PDF files, fill PDF forms, merge documents. Use when the user mentions a PDF.',
    }
    const docx = { ...skill('docx', []), description: 'Create and edit Word documents (.docx) with tracked changes.' }
    // Keyword routing picks no skill here, so the cases that pass are those expecting none.
    const cases = [{ utterance: 'merge documents', expect: null }]
    for (const message of [
      'can you help me extract the text from this pdf please',
      '请帮我把这个 PDF 的表格提取出来',
      'how do I merge documents',
    ]) {
      const explanation = explainRouting([pdf, docx], 'pdf', message, 0.3, 5, { sensibleOnly: true, cases })!
      expect(explanation.suggestions.length, message).toBeGreaterThan(0)
      for (const { keyword } of explanation.suggestions) {
        for (const edge of [keyword.split(/\s+/)[0]!, keyword.split(/\s+/).at(-1)!])
          expect(isFunctionWord(edge), `${keyword} in ${message}`).toBe(false)
        expect(keyword.trim()).toBe(keyword)
        expect([...keyword].length).toBeGreaterThan(1)
        // Not "我把这个 PDF": the segmenter makes 我把 one word, still a pronoun's.
        expect(keyword, message).not.toMatch(/^[我你您请帮]/)
      }
    }
    // The skill's own words first, and what they would break.
    const merge = explainRouting([pdf, docx], 'pdf', 'how do I merge documents', 0.3, 5, { sensibleOnly: true, cases })!
    expect(merge.suggestions.map((s) => [s.keyword, s.fromDescription, s.breaks.map((b) => b.utterance)])).toEqual([
      ['documents', true, ['merge documents']],
      ['merge documents', true, ['merge documents']],
    ])
    expect(merge.outcome).toBe('no-safe-keyword')
  })

  it('still suggests where the runtime has no word segmenter, each Chinese character a word of its own', () => {
    vi.stubGlobal('Intl', { ...Intl, Segmenter: undefined })
    try {
      const chinese = explainRouting([plan, rag], 'search_rag', '帮我规划一下下周的任务', 0.3, 5, { sensibleOnly: true })!
      expect(chinese.outcome).toBe('suggest')
      expect(chinese.suggestions.map((s) => s.keyword)).toContain('规划一下下周')
    } finally {
      vi.unstubAllGlobals()
    }
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
