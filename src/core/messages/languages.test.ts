/** The interface languages' registry: one entry per language, and every fact of it holds. */
import { describe, expect, it } from 'vitest'
import { en } from './en'
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, languageInfo, languageOfTag } from './languages'

describe('the languages registry', () => {
  it('has each code once, the default among them', () => {
    const codes = LANGUAGES.map((language) => language.code)
    expect(new Set(codes).size).toBe(codes.length)
    expect(isLanguage(DEFAULT_LANGUAGE)).toBe(true)
    expect(languageInfo(DEFAULT_LANGUAGE).code).toBe(DEFAULT_LANGUAGE)
  })

  it('knows its codes and nothing else', () => {
    for (const { code } of LANGUAGES) expect(isLanguage(code)).toBe(true)
    for (const other of ['fr', 'EN', '', null, undefined, 'toString']) expect(isLanguage(other)).toBe(false)
  })

  it('reads a browser tag by its primary subtag', () => {
    for (const { code, tag } of LANGUAGES) {
      expect(languageOfTag(tag)).toBe(code)
      expect(languageOfTag(code.toUpperCase())).toBe(code)
    }
    expect(languageOfTag('zh-TW')).toBe('zh')
    expect(languageOfTag('en-GB')).toBe('en')
    expect(languageOfTag('zh_CN')).toBeNull()
    expect(languageOfTag('fr')).toBeNull()
  })

  it('says whether a count changes the words as the runtime’s plural rules do', () => {
    for (const { code, tag, pluralForms } of LANGUAGES) {
      const categories = new Intl.PluralRules(tag).resolvedOptions().pluralCategories
      expect(categories.length > 1, code).toBe(pluralForms)
    }
  })

  it('gives each language a core catalog with the English one’s keys', async () => {
    const keys = (catalog: object, prefix = ''): string[] =>
      Object.entries(catalog).flatMap(([key, value]) =>
        typeof value === 'string' ? [prefix + key.replace(/_(one|other)$/, '')] : keys(value as object, `${prefix}${key}.`),
      )
    const english = [...new Set(keys(en))].sort()
    for (const { code } of LANGUAGES) {
      const module = (await import(`./${code}.ts`)) as Record<string, object>
      expect([...new Set(keys(module[code]!))].sort(), code).toEqual(english)
    }
  })

  it('names a word segmenter for the text written without spaces', () => {
    const unspaced = LANGUAGES.filter((language) => language.unspaced)
    expect(unspaced.length).toBeGreaterThan(0)
    for (const { code } of unspaced) {
      const words = [...new Intl.Segmenter(code, { granularity: 'word' }).segment('帮我规划一下')].map((part) => part.segment)
      expect(words.length, code).toBeGreaterThan(1)
    }
  })
})
