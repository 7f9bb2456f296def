import { describe, expect, it } from 'vitest'
import { FindingsByPath } from './findingsByPath'
import type { Finding } from './types'

const list = (label: string) => [{ code: label } as unknown as Finding]

describe('FindingsByPath', () => {
  const base = new Map([
    ['a/SKILL.md', list('a')],
    ['b/SKILL.md', list('b')],
    ['c/SKILL.md', list('c')],
  ])

  it('reads the re-linted paths over the base, in the base order, leaving the base and earlier versions alone', () => {
    const first = FindingsByPath.over(base)
    const b2 = list('b2')
    const second = first.with('b/SKILL.md', b2)
    expect(second.get('b/SKILL.md')).toBe(b2)
    expect(second.get('a/SKILL.md')).toBe(base.get('a/SKILL.md'))
    expect(first.get('b/SKILL.md')).toBe(base.get('b/SKILL.md'))
    expect(base.get('b/SKILL.md')).not.toBe(b2)
    expect([...second.keys()]).toEqual(['a/SKILL.md', 'b/SKILL.md', 'c/SKILL.md'])
    expect([...second].map(([path, findings]) => [path, findings[0]?.code])).toEqual([
      ['a/SKILL.md', 'a'],
      ['b/SKILL.md', 'b2'],
      ['c/SKILL.md', 'c'],
    ])
    expect([...second.values()]).toEqual([base.get('a/SKILL.md'), b2, base.get('c/SKILL.md')])
    const seen: string[] = []
    second.forEach((_, path) => seen.push(path))
    expect(seen).toEqual(['a/SKILL.md', 'b/SKILL.md', 'c/SKILL.md'])
    expect(second.size).toBe(3)
    expect(second.has('c/SKILL.md')).toBe(true)
    expect(second.has('d/SKILL.md')).toBe(false)
    expect(FindingsByPath.over(second)).toBe(second)
  })

  it('folds into a plain map after many re-lints, to the same findings', () => {
    const many = new Map(Array.from({ length: 300 }, (_, i) => [`s${i}/SKILL.md`, list(`s${i}`)]))
    let findings = FindingsByPath.over(many)
    for (let i = 0; i < 200; i++) findings = findings.with(`s${i % 150}/SKILL.md`, list(`s${i % 150}@${i}`))
    expect(findings.size).toBe(300)
    for (let i = 0; i < 300; i++) {
      const last = i < 150 ? Math.max(...[i, i + 150].filter((n) => n < 200)) : -1
      expect(findings.get(`s${i}/SKILL.md`)?.[0]?.code).toBe(last < 0 ? `s${i}` : `s${i}@${last}`)
    }
  })
})
