/**
 * The only module that imports i18next and react-i18next. Two namespaces: `translation` (the
 * interface, ./en.ts and ./zh.ts) and `core` (the core's messages, src/core/messages). Accessible
 * names stay English in both languages (`en`): tests and assistive-technology scripts find
 * controls by them; the visible text follows the chosen language (`t`).
 */
import i18next, { type TFunction } from 'i18next'
import { useCallback } from 'react'
import { initReactI18next, useTranslation } from 'react-i18next'
import { CORE_MESSAGES, type Language, type Message } from '../../core/messages'
import { en } from './en'
import { zh } from './zh'

export const resources = {
  en: { translation: en, core: CORE_MESSAGES.en },
  zh: { translation: zh, core: CORE_MESSAGES.zh },
} as const

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

export function initI18n(language: Language): void {
  void i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    resources,
    ns: ['translation', 'core'],
    defaultNS: 'translation',
    interpolation: { escapeValue: false },
    initAsync: false,
  })
  document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en'
}

export function changeLanguage(language: Language): void {
  void i18next.changeLanguage(language)
  document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en'
}

export interface Translator {
  /** Visible text in the chosen language. */
  t: TFunction
  /** The English text: for accessible names, which stay the same in every language. */
  en: TFunction
  language: Language
  /** A core message (lint, verdicts, name rules) in the chosen language. */
  say: (message: Message) => string
}

export function useT(): Translator {
  const { t, i18n } = useTranslation()
  const language: Language = i18n.language === 'zh' ? 'zh' : 'en'
  const say = useCallback((message: Message) => t(`core:${message.key}` as never, message.params ?? {}) as string, [t])
  return { t, en: i18n.getFixedT('en'), language, say }
}

/** Numbers as the reader writes them (1,234 in both languages). */
export const formatNumber = (value: number): string => value.toLocaleString('en')
