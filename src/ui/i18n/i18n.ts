/**
 * The only module that imports i18next and react-i18next. Two namespaces: `translation` (the
 * interface, ./en.ts and ./zh.ts) and `core` (the core's messages, src/core/messages). Visible text
 * and accessible names both follow the chosen language (`t`): a screen reader in the Chinese
 * interface reads Chinese (issue 35 item 5, docs/i18n.md); English names are the contract tests
 * select in the English interface.
 */
import i18next, { type TFunction } from 'i18next'
import { useMemo } from 'react'
import { initReactI18next, useTranslation } from 'react-i18next'
import { CORE_MESSAGES, type Language, type Message, type MessageParams } from '../../core/messages'
import { setMonacoLanguage } from './monacoMessages'
import { en } from './en'

/**
 * English is always here (the fallback for a missing key); the Chinese interface strings load when
 * Chinese is chosen, so an English first visit does not fetch them.
 */
export const resources = {
  en: { translation: en, core: CORE_MESSAGES.en },
} as const

let chineseLoaded: Promise<void> | null = null
const loadChinese = () =>
  (chineseLoaded ??= Promise.all([import('./zh'), import('../../core/messages/zh')]).then(([{ zh }, core]) => {
    i18next.addResourceBundle('zh', 'translation', zh, true, true)
    i18next.addResourceBundle('zh', 'core', core.zh, true, true)
  }))

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation'
    resources: (typeof resources)['en']
  }
}

export const LANGUAGES: { value: Language; label: string }[] = [
  { value: 'en', label: 'English' },
  { value: 'zh', label: '中文' },
]

/** Ready once the chosen language's strings are here (Chinese loads first when chosen). */
export async function initI18n(language: Language): Promise<void> {
  void i18next.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
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
  if (language === 'zh') await loadChinese()
  await i18next.changeLanguage(language)
  document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en'
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
  const language: Language = i18n.language === 'zh' ? 'zh' : 'en'
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
