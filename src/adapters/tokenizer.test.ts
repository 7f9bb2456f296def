import { describe, expect, it } from 'vitest'
import { countTokens, countTokensInOnePiece as countWhole } from './tokenizer'

describe('the token counter', () => {
  it('counts ordinary text exactly as the tokenizer does in one piece', () => {
    const words = ['skill', '技能', 'routing', '关键词', 'the', 'order', '退款', 'policy', '\n\n', '# Heading', '- item']
    const text = Array.from({ length: 6000 }, (_, i) => words[(i * 7) % words.length]).join(' ')
    expect(text.length).toBeGreaterThan(20_000)
    expect(countTokens(text)).toBe(countWhole(text))
  })

  // In one piece these take 9.5 s and 75 s: the tokenizer's work grows with the square of a run.
  it('stays fast on 100,000 characters without any whitespace, Latin or Chinese', () => {
    for (const text of ['a'.repeat(100_000), '中'.repeat(100_000)]) {
      const started = Date.now()
      expect(countTokens(text)).toBeGreaterThan(0)
      expect(Date.now() - started).toBeLessThan(4000)
    }
  })
})
