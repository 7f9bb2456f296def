/**
 * Each language of the registry (core/messages/languages.ts) has what the page needs: its two
 * catalogs, found by the interface’s loader, with every counted key’s `_other` form, and
 * Monaco's table when it names one.
 */
import { describe, expect, it } from 'vitest'
import { LANGUAGES } from '../../core/messages'
import { loadCatalogs, LANGUAGES as MENU } from './i18n'
import { MONACO_TABLES } from './monacoMessages'

function leaves(catalog: object, prefix = ''): string[] {
  return Object.entries(catalog).flatMap(([key, value]) =>
    typeof value === 'string' ? [prefix + key] : leaves(value as object, `${prefix}${key}.`),
  )
}

describe.each(LANGUAGES.map((language) => [language.code, language] as const))('the language %s', (code, language) => {
  it('is in the header’s menu by its own name', () => {
    expect(MENU).toContainEqual({ value: code, label: language.label })
  })

  it('loads its interface and core catalogs', async () => {
    const { translation, core } = await loadCatalogs(code)
    expect(leaves(translation).length).toBeGreaterThan(100)
    expect(leaves(core).length).toBeGreaterThan(10)
  })

  it('has the `_other` form of every counted key (the one a language without plural forms reads)', async () => {
    const { translation, core } = await loadCatalogs(code)
    const keys = [...leaves(translation), ...leaves(core)]
    const one = keys.filter((key) => key.endsWith('_one'))
    if (language.pluralForms) expect(one.length).toBeGreaterThan(0)
    for (const key of one) expect(keys, key).toContain(key.replace(/_one$/, '_other'))
  })

  it('has Monaco’s table when it names one', () => {
    if (language.monacoNls !== null) expect(Object.hasOwn(MONACO_TABLES, language.monacoNls)).toBe(true)
  })
})

describe('the menu', () => {
  it('lists the registry’s languages in its order', () => {
    expect(MENU.map((option) => option.value)).toEqual(LANGUAGES.map((language) => language.code))
  })
})
