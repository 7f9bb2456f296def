import { describe, expect, it } from 'vitest'
import {
  bestScores,
  coveredSpans,
  createRouter,
  describeVerdict,
  rankScores,
  scoreOf,
  scoreRouting,
  topScores,
  withWinner,
  type RoutableSkill,
} from './index'

const skill = (name: string, triggerKeywords: string[], entryMode: 'auto' | 'manual' = 'auto'): RoutableSkill => ({
  name,
  path: `${name}/SKILL.md`,
  triggerKeywords,
  entryMode,
})

const PLAN = skill('plan_and_write', [
  '规划',
  '规划一下',
  '规划并写',
  '规划任务',
  '规划方案',
  '拆解',
  '拆解一下',
  '拆解复杂',
  '分步骤',
  '写大纲',
  'plan',
  'outline',
])
const RAG = skill('search_rag', ['查知识库', 'RAG'])

describe('scoreRouting', () => {
  it("gives the seed's worked example its true numbers: 0.208, not activated", () => {
    const result = scoreRouting('帮我规划并写一篇关于 AI Agent 的文章大纲', [PLAN, RAG])
    const plan = result.scores[0]!
    expect(plan.matched).toEqual(['规划', '规划并写'])
    expect(plan.covered).toBe(4)
    expect(plan.length).toBe(25)
    expect(plan.base).toBe(4 / 25)
    expect(plan.bonus).toBe(true)
    expect(plan.final).toBe((4 / 25) * 1.3)
    expect(plan.activated).toBe(false)
    expect(result.winner).toBeNull()
    expect(plan.verdict).toEqual({ kind: 'below-threshold', neededCovered: 6 })
    expect(describeVerdict(plan, 0.3)).toContain('needs covered ≥ 6 of 25')
    expect(result.scores[1]!.final).toBeNull()
    expect(result.scores[1]!.verdict.kind).toBe('no-match')
  })

  it('counts length in code points: an emoji and a CJK extension B character are one each', () => {
    const emoji = scoreRouting('plan 🚀', [skill('a', ['plan'])])
    expect(emoji.length).toBe(6)
    expect(emoji.scores[0]!.covered).toBe(4)
    expect(emoji.scores[0]!.final).toBe(4 / 6)

    const extB = scoreRouting('𠀀𠀁ab', [skill('a', ['𠀁a'])])
    expect(extB.length).toBe(4)
    expect(extB.scores[0]!.covered).toBe(2)
    expect(extB.scores[0]!.base).toBe(0.5)
    expect(coveredSpans('𠀀𠀁ab', extB.scores[0]!.matched)).toEqual([[2, 5]])
  })

  it('covers overlapping occurrences of one keyword', () => {
    const result = scoreRouting('aaaa', [skill('a', ['aa'])])
    expect(result.scores[0]!.covered).toBe(4)
    expect(result.scores[0]!.final).toBe(1)
  })

  it('counts nested keywords once per position but gives the bonus for two distinct keywords', () => {
    const result = scoreRouting('规划一下旅行路线图吧', [skill('a', ['规划', '规划一下'])])
    const score = result.scores[0]!
    expect(score.matched).toEqual(['规划', '规划一下'])
    expect(score.covered).toBe(4)
    expect(score.base).toBe(0.4)
    expect(score.bonus).toBe(true)
    expect(score.final).toBe(0.4 * 1.3)
  })

  it('takes regex metacharacters in keywords literally', () => {
    const result = scoreRouting('what is 2^20 (a.k.a. 1M)?', [skill('a', ['2^20', '(a.k.a.', '.*', '?'])])
    const score = result.scores[0]!
    expect(score.matched).toEqual(['2^20', '(a.k.a.', '?'])
    expect(score.covered).toBe(4 + 7 + 1)
  })

  it('lets an upper-case keyword cover its characters, unlike the seed', () => {
    const result = scoreRouting('rag', [skill('a', ['RAG'])])
    expect(result.scores[0]!.covered).toBe(3)
    expect(result.scores[0]!.final).toBe(1)
    expect(result.winner?.skill).toBe('a')
  })

  it('does not activate at exactly the threshold', () => {
    // 3 of 10 code points covered by one keyword: final is exactly 0.3.
    const result = scoreRouting('abcdefghij', [skill('a', ['abc'])])
    expect(result.scores[0]!.final).toBe(0.3)
    expect(result.winner).toBeNull()
    // The best skill is known whatever the threshold (the sweep reads it).
    expect(result.best?.skill).toBe('a')
    expect(result.scores[0]!.verdict).toEqual({ kind: 'below-threshold', neededCovered: 4 })
    expect(scoreRouting('abcdefghij', [skill('a', ['abc'])], 0.29).winner?.skill).toBe('a')
  })

  it('breaks ties by load order and says who won', () => {
    const result = scoreRouting('plan it', [skill('first', ['plan']), skill('second', ['plan'])])
    expect(result.winner?.skill).toBe('first')
    expect(result.best).toBe(result.winner)
    expect(result.scores[1]!.verdict).toEqual({ kind: 'lost-tie', winner: 'first' })
    expect(result.scores[1]!.activated).toBe(false)
  })

  it('never routes to a manual skill, however well it matches', () => {
    const result = scoreRouting('周报', [skill('weekly', ['周报'], 'manual')])
    expect(result.winner).toBeNull()
    expect(result.scores[0]!.final).toBeNull()
    expect(result.scores[0]!.verdict.kind).toBe('manual')
  })

  it('explains a skill above the threshold that was outscored', () => {
    const result = scoreRouting('plan outline', [skill('a', ['plan']), skill('b', ['plan', 'outline'])])
    expect(result.winner?.skill).toBe('b')
    expect(result.scores[0]!.verdict).toEqual({ kind: 'outscored', winner: 'b', winnerFinal: result.winner!.final })
  })

  it('treats an empty input as length 1 and ignores empty or repeated keywords', () => {
    const result = scoreRouting('', [skill('a', ['', 'x'])])
    expect(result.length).toBe(1)
    expect(result.scores[0]!.final).toBeNull()
    const repeated = scoreRouting('Plan plan', [skill('a', ['plan', 'PLAN', 'Plan'])])
    expect(repeated.scores[0]!.matched).toEqual(['plan'])
    expect(repeated.scores[0]!.bonus).toBe(false)
  })

  it('maps covered spans back to the input when lower-casing changes its length', () => {
    // "İ" lower-cases to two UTF-16 units ("i̇"), shifting every later offset by one.
    expect(coveredSpans('İx plan', ['plan'])).toEqual([[3, 7]])
    expect(coveredSpans('aXa plan planet', ['plan', 'a'])).toEqual([
      [0, 1],
      [2, 3],
      [4, 8],
      [9, 13],
    ])
  })

  it('says when no coverage could pass the threshold', () => {
    const result = scoreRouting('plan', [skill('a', ['pl'])], 1)
    expect(result.scores[0]!.verdict).toEqual({ kind: 'below-threshold', neededCovered: null })
  })

  it('gives the same results from a compiled router as from scoreRouting', () => {
    const skills = [PLAN, RAG, skill('c', ['计算', '是多少'])]
    const router = createRouter(skills)
    for (const input of ['计算一下 2^20 是多少', '用 RAG 查知识库', '']) {
      expect(router(input, 0.3)).toEqual(scoreRouting(input, skills, 0.3))
    }
  })

  it('describes the best rows and single skills exactly as the full routing does, ties, manual skills and astral text included', () => {
    let seed = 7
    const random = (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n
    const words = ['plan', 'PLAN', 'report', 'rep', '规划', '规划一下', '𠀀x', 'x', 'task 1', 'task 12', '']
    const skills = Array.from({ length: 300 }, (_, i) =>
      skill(
        `s${i}`,
        Array.from({ length: random(5) }, () => words[random(words.length)]!),
        random(13) === 0 ? 'manual' : 'auto',
      ),
    )
    const router = createRouter(skills)
    for (const input of ['帮我规划一下 task 12 的 report', 'PLAN 𠀀x plan', 'x', '', 'nothing here']) {
      for (const threshold of [0, 0.3, 0.9]) {
        const full = router(input, threshold)
        const ranked = rankScores(full.scores)
        const scored = full.scores.filter((score) => score.final !== null).length
        expect([full.scored, full.total]).toEqual([scored, skills.length])
        for (const count of [0, 1, 7, scored - 1, scored, scored + 1, 299, 300, Infinity]) {
          // A fresh result, read before its full list exists (the keystroke's path).
          const lazy = router(input, threshold)
          const expected = ranked.slice(0, Math.max(count, 0))
          expect(topScores(lazy, Math.max(count, 0))).toEqual(expected)
          // A result that is not a router's (the grouped mode's copy) takes the plain path.
          expect(topScores({ ...full }, Math.max(count, 0))).toEqual(expected)
          expect(bestScores(full.scores, Math.max(count, 0))).toEqual(expected)
          expect([lazy.winner, lazy.best]).toEqual([full.winner, full.best])
          // Grouped routing's winner on a keyword result keeps the rest as it was.
          const regrouped = withWinner(router(input, threshold), full.scores[3]!)
          expect(topScores(regrouped, Math.max(count, 0))).toEqual(expected)
          expect(regrouped.winner).toBe(full.scores[3])
        }
        for (const path of ['s0/SKILL.md', 's17/SKILL.md', 's299/SKILL.md', 'missing/SKILL.md']) {
          const expected = full.scores.find((score) => score.path === path) ?? null
          expect(scoreOf(router(input, threshold), path)).toEqual(expected)
          expect(scoreOf({ ...full }, path)).toEqual(expected)
        }
      }
    }
  })

  it('describes an older result exactly after the router has routed other inputs (the routing-test suite reads its cases after routing them all)', () => {
    const skills = [PLAN, RAG, skill('c', ['计算', '是多少']), skill('d', ['规划', 'rag', '一下'])]
    const inputs = ['帮我规划一下', '用 RAG 查知识库', '计算一下 2^20 是多少', '规划一下 rag']
    const expected = inputs.map((input) => scoreRouting(input, skills, 0.3))
    const router = createRouter(skills)
    // Routed in turn, read afterwards in another order: each reads the numbers of its own input.
    const results = inputs.map((input) => router(input, 0.3))
    for (const i of [0, 3, 1, 2]) {
      expect(topScores(results[i]!, 2)).toEqual(rankScores(expected[i]!.scores).slice(0, 2))
      expect(scoreOf(results[i]!, 'd/SKILL.md')).toEqual(expected[i]!.scores[3])
    }
    // Reading an older one does not disturb the newest, nor does a route in between.
    const newest = router('用 RAG 查知识库', 0.3)
    expect(results[0]!.scores).toEqual(expected[0]!.scores)
    router('计算一下', 0.3)
    expect(newest.scores).toEqual(expected[1]!.scores)
    expect(results.map((result) => result.scores)).toEqual(expected.map((result) => result.scores))
  })
})
