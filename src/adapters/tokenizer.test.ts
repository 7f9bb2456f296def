import { describe, expect, it } from 'vitest'
import { MAX_COUNTED_CHARS } from '../core/routing'
import { createTokenCounter } from './tokenCounter'
import { countTokens, countTokensInOnePiece as countWhole } from './tokenizer'

describe('the token counter', () => {
  it('counts ordinary text exactly as the tokenizer does in one piece', () => {
    const words = ['skill', '技能', 'routing', '关键词', 'the', 'order', '退款', 'policy', '\n\n', '# Heading', '- item']
    const text = Array.from({ length: 6000 }, (_, i) => words[(i * 7) % words.length]).join(' ')
    expect(text.length).toBeGreaterThan(20_000)
    expect(countTokens(text)).toBe(countWhole(text))
  })

  // In one piece these take many times the bound: the tokenizer's work grows with the square of a run.
  it('stays fast on 100,000 characters without any whitespace, Latin or Chinese', () => {
    for (const text of ['a'.repeat(100_000), '中'.repeat(100_000)]) {
      const started = Date.now()
      expect(countTokens(text)).toBeGreaterThan(0)
      expect(Date.now() - started).toBeLessThan(4000)
    }
  })
})

describe('the token meter’s counter', () => {
  it('counts at most MAX_COUNTED_CHARS characters and says so', async () => {
    const count = createTokenCounter()
    const short = await count('hello world')
    expect(short).toEqual({ tokens: countWhole('hello world'), capped: false })
    const long = 'word '.repeat(MAX_COUNTED_CHARS / 5 + 1000)
    const capped = await count(long)
    expect(capped.capped).toBe(true)
    expect(capped.tokens).toBe(countTokens(long.slice(0, MAX_COUNTED_CHARS)))
  })
})
