/**
 * The interface languages: one entry each (docs/i18n.md, "Adding a language"). Everything that
 * depends on the language (the menu, the page's `lang`, which catalogs load, Monaco's table, the
 * browser's preference, a new skill's text) reads it from here.
 */

export interface LanguageInfo {
  /** The catalogs' name (`src/ui/i18n/<code>.ts`, `src/core/messages/<code>.ts`) and i18next's language. */
  code: string
  /** Its own name for itself, in the header's menu. */
  label: string
  /** The page's `<html lang>` (BCP 47); a browser language with the same primary subtag picks it. */
  tag: string
  /** Monaco's language file (`monaco-editor/nls/lang/<id>`), or null: Monaco speaks English. */
  monacoNls: string | null
  /** Whether a count changes the words (1 skill, 2 skills): then a counted key has `_one` and `_other`. */
  pluralForms: boolean
  /** Written without spaces between words: the routing hints cut such text with the word segmenter. */
  unspaced: boolean
}

export const LANGUAGES = [
  { code: 'en', label: 'English', tag: 'en', monacoNls: null, pluralForms: true, unspaced: false },
  { code: 'zh', label: '中文', tag: 'zh-CN', monacoNls: 'zh-cn', pluralForms: false, unspaced: true },
] as const satisfies readonly LanguageInfo[]

export type Language = (typeof LANGUAGES)[number]['code']

/** The language of every fallback: a missing key, the CLI, a first visit whose browser asks for none of them. */
export const DEFAULT_LANGUAGE: Language = 'en'

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((language) => language.code === value)
}

export function languageInfo(code: Language): LanguageInfo {
  return LANGUAGES.find((language) => language.code === code)!
}

/** The language a browser tag (`zh-TW`, `en-GB`) asks for, by its primary subtag; null for none of ours. */
export function languageOfTag(tag: string): Language | null {
  const primary = tag.split('-')[0]!.toLowerCase()
  return LANGUAGES.find((language) => language.code === primary)?.code ?? null
}
