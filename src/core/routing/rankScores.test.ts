import { describe, expect, it } from 'vitest'
import { bestScores, rankScores } from './rankScores'
import { scoreRouting, type RoutableSkill } from './scoreRouting'

describe('rankScores and bestScores', () => {
  const skills: RoutableSkill[] = Array.from({ length: 400 }, (_, i) => ({
    name: `s${i}`,
    path: `s${i}/SKILL.md`,
    entryMode: i % 17 === 0 ? 'manual' : 'auto',
    triggerKeywords: i % 3 === 0 ? [] : [`k${i % 11}`, i % 2 ? 'plan' : 'report', `task ${i % 5}`],
  }))
  const routing = scoreRouting('plan the report for k3 and k7, task 2 and task 4', skills)

  it('puts scored skills first, best first, load order on ties, then the rest in load order', () => {
    const ranked = rankScores(routing.scores)
    const scored = ranked.filter((score) => score.final !== null)
    expect(ranked.slice(0, scored.length)).toEqual(scored)
    for (let i = 1; i < scored.length; i++) {
      const [a, b] = [scored[i - 1]!, scored[i]!]
      expect(a.final! > b.final! || (a.final === b.final && a.order < b.order)).toBe(true)
    }
    const rest = ranked.slice(scored.length).map((score) => score.order)
    expect(rest).toEqual([...rest].sort((a, b) => a - b))
  })

  it('gives the same first rows as a full ranking, for any count', () => {
    const ranked = rankScores(routing.scores)
    for (const count of [0, 1, 7, 50, 399, 400, 500]) expect(bestScores(routing.scores, count)).toEqual(ranked.slice(0, count))
  })
})
