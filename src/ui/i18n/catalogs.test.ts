/**
 * Every string of the interface exists in both languages: the same keys (a plural form counts as
 * its key), no empty text, and the same {{values}} in each. Fails when a key is missing on either side.
 */
import { describe, expect, it } from 'vitest'
import { CORE_MESSAGES } from '../../core/messages'
import { zh as coreZh } from '../../core/messages/zh'
import { en } from './en'
import { zh } from './zh'

function flatten(catalog: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const [key, value] of Object.entries(catalog)) {
    if (typeof value === 'string') out.set(prefix + key, value)
    else for (const [inner, text] of flatten(value as object, `${prefix}${key}.`)) out.set(inner, text)
  }
  return out
}
const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '')
const values = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort()

describe.each([
  ['the interface', en, zh],
  ['the core messages', CORE_MESSAGES.en, coreZh],
])('%s in English and Chinese', (_, english, chinese) => {
  const left = flatten(english)
  const right = flatten(chinese)

  it('have the same keys', () => {
    expect([...new Set([...right.keys()].map(base))].sort()).toEqual([...new Set([...left.keys()].map(base))].sort())
  })

  it('have no empty text', () => {
    expect([...left, ...right].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([])
  })

  it('fill in the same values', () => {
    const mismatched = [...left].filter(([key, text]) => right.has(key) && values(text).join() !== values(right.get(key) ?? '').join())
    expect(mismatched.map(([key]) => key)).toEqual([])
  })

  it('are really translated (Chinese text is not the English one)', () => {
    const same = [...left].filter(([key, text]) => right.get(key) === text && /[a-z]{4,} [a-z]{4,}/i.test(text.replace(/\{\{\w+\}\}/g, '')))
    expect(same.map(([key]) => key)).toEqual([])
  })
})
