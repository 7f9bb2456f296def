import { describe, expect, it } from 'vitest'
import { htmlShape } from './htmlShape'

const LIMITS = { depth: 128, nodes: 20_000 }
const MB = 2 * 1024 * 1024
const fill = (unit: string) => unit.repeat(Math.ceil(MB / unit.length))

describe('htmlShape', () => {
  it('counts depth through implied ends, and stops counting past a limit', () => {
    expect(htmlShape('<ul><li>a<li>b<li>c</ul>', LIMITS)).toEqual({ depth: 2, nodes: 7 })
    expect(htmlShape('<div>'.repeat(100_000), LIMITS)).toEqual({ depth: LIMITS.depth + 1, nodes: LIMITS.depth + 1 })
  })

  // Each of these pages sends a scanner that searches back, or from every `<`, into time that grows
  // with the square of the page; a forward scan reads each in one pass.
  for (const [name, page] of [
    ['tags that never close', fill('<a ')],
    ['quotes that never close', `<div title="${fill('<div>')}`],
    ['raw text that never ends', fill('<script>')],
    ['end tags that match nothing', `${'<div>'.repeat(100)}${fill('</x>')}`],
    ['a reference in every character', `<p>${fill('&')}`],
    ['comment openers', fill('<!--')],
    ['text runs between empty elements', fill('<b></b>x')],
  ] as const)
    it(`reads 2 MB of ${name} in one pass`, () => {
      const started = performance.now()
      htmlShape(page, { depth: Infinity, nodes: Infinity })
      expect(performance.now() - started).toBeLessThan(2000)
    })
})
