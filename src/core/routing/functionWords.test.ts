import { describe, expect, it } from 'vitest'
import { explainRouting } from './explainRouting'
import { endsWithFunctionWord, isConjunction, isFunctionWord, isParticle, startsWithFunctionWord } from './functionWords'

// The one list of words that carry no topic (docs/routing.md, "What the hints suggest").
describe('function words', () => {
  it('tells particles, conjunctions and words led or ended by a function word from words with a topic', () => {
    expect(['的', '了', '吗'].every(isParticle)).toBe(true)
    expect(isParticle('为了')).toBe(false)
    expect(['和', '或者', 'and', 'or'].every(isConjunction)).toBe(true)
    expect(isConjunction('退款')).toBe(false)
    expect(['我把', '请将', '怎么说', '什么'].every(startsWithFunctionWord)).toBe(true)
    expect(['好吗', '写个'].every(endsWithFunctionWord)).toBe(true)
    expect(startsWithFunctionWord('退款') || endsWithFunctionWord('退款')).toBe(false)
  })

  it('compares a phrase cut at its apostrophe whole ("don\'t": the hints look at runs of words)', () => {
    expect(isFunctionWord("Don't")).toBe(true)
    expect(isFunctionWord('帮我')).toBe(true)
    expect(isFunctionWord('refund')).toBe(false)
    // The splitter cuts "don't" into don|t, yet no hint starts with it: a run of two words is "don't".
    const orders = { name: 'orders', path: 'orders/SKILL.md', triggerKeywords: ['invoice'], entryMode: 'auto' as const }
    const hints = explainRouting([orders], 'orders', "don't cancel my order", undefined, 5, { sensibleOnly: true })!.suggestions.map(
      (hint) => hint.keyword,
    )
    expect(hints.length).toBeGreaterThan(0)
    expect(hints.filter((keyword) => keyword.startsWith('don'))).toEqual([])
  })
})
