import { bench, describe } from 'vitest'
import { codePointLength } from '../lib/text'
import { createRouter, scoreRouting, type RoutableSkill } from './scoreRouting'

/** A direct port of the seed's Python `match()` (see docs/routing.md), for comparison only. */
function seedMatch(userInput: string, skills: readonly RoutableSkill[]): RoutableSkill | null {
  let bestScore = 0
  let bestSkill: RoutableSkill | null = null
  const userLower = userInput.toLowerCase()
  const inputLen = Math.max(codePointLength(userInput), 1)
  for (const skill of skills) {
    const matched = skill.triggerKeywords.filter((kw) => kw && userLower.includes(kw.toLowerCase()))
    if (matched.length === 0) continue
    const covered = new Set<number>()
    for (const keyword of matched) {
      let start = 0
      for (;;) {
        const found = userLower.indexOf(keyword, start)
        if (found < 0) break
        for (let i = found; i < found + keyword.length; i++) covered.add(i)
        start = found + 1
      }
    }
    let score = covered.size / inputLen
    if (new Set(matched).size >= 2) score *= 1.3
    if (score > bestScore && score > 0.3) {
      bestScore = score
      bestSkill = skill
    }
  }
  return bestSkill
}

// A deterministic workload: 1,000 skills × 12 keywords drawn from a mixed Chinese/English vocabulary.
const VOCABULARY = [
  '规划',
  '拆解',
  '计算',
  '天气',
  '订单',
  '库存',
  '文件',
  '总结',
  '翻译',
  '报告',
  '知识库',
  '数据',
  'plan',
  'outline',
  'weather',
  'report',
  'sql',
  'search',
  'file',
  'sum',
  'docs',
  'invoice',
  'budget',
  'email',
]
let seed = 42
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
const pick = () => VOCABULARY[Math.floor(random() * VOCABULARY.length)]!
const skills: RoutableSkill[] = Array.from({ length: 1000 }, (_, i) => ({
  name: `skill_${i}`,
  path: `skill_${String(i).padStart(4, '0')}/SKILL.md`,
  entryMode: 'auto',
  triggerKeywords: Array.from({ length: 12 }, (_, k) => `${pick()}${k % 3 === 0 ? pick() : ''}${k % 4 === 0 ? i % 97 : ''}`),
}))
const input = '帮我规划一下下周的订单报告，先查库存数据，再 plan an outline for the weekly report and the budget email. '
  .repeat(4)
  .slice(0, 200)
const router = createRouter(skills)

describe(`route ${codePointLength(input)} characters against 1,000 skills × 12 keywords`, () => {
  bench('createRouter once, then route (what the UI does per keystroke)', () => {
    router(input, 0.3)
  })
  bench('scoreRouting (compile + route)', () => {
    scoreRouting(input, skills, 0.3)
  })
  bench('seed algorithm, direct port (winner only, no breakdown)', () => {
    seedMatch(input, skills)
  })
})
