import { describe, expect, it } from 'vitest'
import { codePointLength, compareCodePoints } from './text'

describe('compareCodePoints', () => {
  it('orders by code point, where UTF-16 units would put U+E000..U+FFFF after astral characters', () => {
    const astral = '\u{1F600}' // 😀, a surrogate pair
    const privateUse = '\uE000'
    const fullwidth = '\uFF21' // Ａ
    expect(compareCodePoints(privateUse, astral)).toBe(-1)
    expect(compareCodePoints(fullwidth, astral)).toBe(-1)
    expect(compareCodePoints(astral, fullwidth)).toBe(1)
    expect([astral, 'b', fullwidth, 'a', '规划', privateUse].sort(compareCodePoints)).toEqual([
      'a',
      'b',
      '规划',
      privateUse,
      fullwidth,
      astral,
    ])
  })

  it('agrees with comparing the code points one by one on mixed strings', () => {
    const alphabet = ['a', 'z', '/', '规', '\uD7FF', '\uE000', '\uFFFF', '\u{10000}', '\u{1F600}', '\u{10FFFF}']
    const strings: string[] = []
    for (const x of alphabet) for (const y of alphabet) strings.push(x + y, x)
    const reference = (a: string, b: string) => {
      const left = [...a].map((c) => c.codePointAt(0) ?? 0)
      const right = [...b].map((c) => c.codePointAt(0) ?? 0)
      for (let i = 0; i < Math.min(left.length, right.length); i++) if (left[i] !== right[i]) return left[i]! < right[i]! ? -1 : 1
      return Math.sign(left.length - right.length)
    }
    for (const a of strings) for (const b of strings) expect(compareCodePoints(a, b)).toBe(reference(a, b))
  })

  it('puts a prefix first and calls equal strings equal', () => {
    expect(compareCodePoints('skill', 'skills')).toBe(-1)
    expect(compareCodePoints('skills', 'skill')).toBe(1)
    expect(compareCodePoints('规划', '规划')).toBe(0)
  })
})

describe('codePointLength', () => {
  it('counts a surrogate pair once', () => {
    expect(codePointLength('a😀规')).toBe(3)
  })
})
