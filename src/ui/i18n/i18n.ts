/**
 * The only module that imports i18next and react-i18next. Two namespaces: `translation` (the
 * interface, ./<code>.ts) and `core` (the core's messages, src/core/messages/<code>.ts), one
 * catalog of each per language of core/messages/languages.ts. Visible text
 * and accessible names both follow the chosen language (`t`): a screen reader in the Chinese
 * interface reads Chinese (issue 35 item 5, docs/i18n.md); English names are the contract tests
 * select in the English interface.
 */
import i18next, { type TFunction } from 'i18next'
import { useMemo } from 'react'
import { initReactI18next, useTranslation } from 'react-i18next'
import {
  CORE_MESSAGES,
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGES as LANGUAGE_REGISTRY,
  languageInfo,
  type Catalog,
  type Language,
  type Message,
  type MessageParams,
} from '../../core/messages'
import { setMonacoLanguage } from './monacoMessages'
import { en } from './en'

/**
 * English is always here (the fallback for a missing key); another language's strings load when it
 * is chosen, so an English first visit does not fetch them.
 */
export const resources = {
  en: { translation: en, core: CORE_MESSAGES.en },
} as const

/**
 * Every other language's catalogs, found by their file names (the language's code), each fetched
 * only when its language is chosen. docs/i18n.md: adding a language.
 */
const interfaceCatalogs = import.meta.glob<Record<string, typeof en>>(['./[a-z][a-z].ts', '!./en.ts'])
const coreCatalogs = import.meta.glob<Record<string, Catalog>>(['../../core/messages/[a-z][a-z].ts', '!../../core/messages/en.ts'])

/** A language's two catalogs (the interface's and the core's); rejects when either is missing. */
export async function loadCatalogs(code: Language): Promise<{ translation: typeof en; core: Catalog }> {
  if (code === DEFAULT_LANGUAGE) return resources.en
  const ui = interfaceCatalogs[`./${code}.ts`]
  const core = coreCatalogs[`../../core/messages/${code}.ts`]
  if (!ui || !core) throw new Error(`No catalogs for the language "${code}".`)
  const [uiModule, coreModule] = await Promise.all([ui(), core()])
  const translation = uiModule[code]
  const messages = coreModule[code]
  if (!translation || !messages) throw new Error(`The catalogs of "${code}" export no \`${code}\`.`)
  return { translation, core: messages }
}

const loaded = new Map<Language, Promise<void>>()
const loadLanguage = (code: Language): Promise<void> => {
  let loading = loaded.get(code)
  if (!loading) {
    loading = loadCatalogs(code).then(
      ({ translation, core }) => {
        i18next.addResourceBundle(code, 'translation', translation, true, true)
        i18next.addResourceBundle(code, 'core', core, true, true)
      },
      (error: unknown) => {
        // A failed fetch is tried again the next time the language is chosen.
        loaded.delete(code)
        throw error
      },
    )
    loaded.set(code, loading)
  }
  return loading
}

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation'
    resources: (typeof resources)['en']
  }
}

/** The header's language menu: each language by its own name. */
export const LANGUAGES: { value: Language; label: string }[] = LANGUAGE_REGISTRY.map(({ code, label }) => ({ value: code, label }))

/** Ready once the chosen language's strings are here (a language other than English loads first). */
export async function initI18n(language: Language): Promise<void> {
  void i18next.use(initReactI18next).init({
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    resources,
    ns: ['translation', 'core'],
    defaultNS: 'translation',
    interpolation: { escapeValue: false },
    initAsync: false,
  })
  await changeLanguage(language)
}

export async function changeLanguage(language: Language): Promise<void> {
  // Monaco's own words load beside (the editor waits for them, the page does not).
  void setMonacoLanguage(language)
  if (language !== DEFAULT_LANGUAGE) await loadLanguage(language)
  await i18next.changeLanguage(language)
  document.documentElement.lang = languageInfo(language).tag
}

export interface Translator {
  /** Text in the chosen language: visible text and accessible names alike. */
  t: TFunction
  language: Language
  /** A core message (lint, verdicts, name rules) in the chosen language. */
  say: (message: Message) => string
}

/**
 * Translations looked up before, by language and arguments. i18next spends tens of microseconds a
 * lookup; a table of a thousand scored skills asks for the same few strings on every keystroke.
 * The resources never change after start-up, so a result stays valid; the cache is bounded.
 */
const remembered = new Map<string, unknown>()
const REMEMBER_AT_MOST = 20_000

function remembering(language: string, translate: TFunction): TFunction {
  const lookUp = translate as unknown as (...args: unknown[]) => unknown
  return ((...args: unknown[]) => {
    const id = idOf(language, args)
    if (id === null) return lookUp(...args)
    if (remembered.has(id)) return remembered.get(id)
    const value = lookUp(...args)
    if (remembered.size >= REMEMBER_AT_MOST) remembered.clear()
    remembered.set(id, value)
    return value
  }) as unknown as TFunction
}

/** Null for arguments that are not plain data (they are looked up every time). */
function idOf(language: string, args: unknown[]): string | null {
  try {
    return language + '\u0000' + JSON.stringify(args)
  } catch {
    return null
  }
}

function fill(params: MessageParams, say: (message: Message) => string): Record<string, string | number> {
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, typeof value === 'object' ? say(value) : value]))
}

export function useT(): Translator {
  const { t: translate, i18n } = useTranslation()
  const language: Language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE
  return useMemo(() => {
    const t = remembering(language, translate)
    // A message filled into another (a run's reason and its verdict) is put into the same language.
    const say = (message: Message): string => t(`core:${message.key}` as never, message.params ? fill(message.params, say) : {})
    return { t, language, say }
  }, [translate, language])
}

/**
 * Numbers as the reader writes them (1,234 in both languages). One formatter for all: each
 * `toLocaleString` call builds its own, which the token meter paid for three times a keystroke.
 */
const numbers = new Intl.NumberFormat('en')
export const formatNumber = (value: number): string => numbers.format(value)
