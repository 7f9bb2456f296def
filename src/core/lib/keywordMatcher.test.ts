import { describe, expect, it } from 'vitest'
import { createKeywordMatcher } from './keywordMatcher'

/** What the matcher must agree with: repeated indexOf, overlapping occurrences included. */
function naive(keywords: readonly string[], text: string): Map<number, number[]> {
  const found = new Map<number, number[]>()
  keywords.forEach((keyword, id) => {
    if (keyword === '') return
    for (let at = text.indexOf(keyword); at >= 0; at = text.indexOf(keyword, at + 1)) found.set(id, [...(found.get(id) ?? []), at])
  })
  return found
}

describe('createKeywordMatcher', () => {
  it('finds overlapping, nested and repeated keywords where indexOf does', () => {
    const keywords = ['he', 'she', 'his', 'hers', 'aa', 'a', '规划', '规划一下', '🙂', 'x🙂y', '']
    for (const text of ['ushers', 'aaaa', '帮我规划一下规划', 'a🙂x🙂y🙂', '', 'nothing here'])
      expect(createKeywordMatcher(keywords)(text)).toEqual(naive(keywords, text))
  })

  it('agrees with indexOf on random keywords and texts', () => {
    let seed = 7
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n)
    const alphabet = 'abcab规划天气🙂 '
    const word = (max: number) => Array.from({ length: 1 + random(max) }, () => alphabet[random(alphabet.length)]).join('')
    for (let round = 0; round < 200; round++) {
      const keywords = [...new Set(Array.from({ length: 1 + random(30) }, () => word(5)))]
      const text = word(60)
      expect(createKeywordMatcher(keywords)(text)).toEqual(naive(keywords, text))
    }
  })
})
