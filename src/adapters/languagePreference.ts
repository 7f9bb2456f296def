/** Which language the interface speaks: the one the user chose on this device, else the browser's. */
import type { Language } from '../core/messages'

const KEY = 'skill-playground:language'

/** Any Chinese variant among the browser's languages means Chinese; otherwise English. */
export function browserLanguage(languages: readonly string[] = globalThis.navigator?.languages ?? []): Language {
  return languages.some((language) => /^zh\b/i.test(language)) ? 'zh' : 'en'
}

export function readLanguage(): Language {
  try {
    const chosen = localStorage.getItem(KEY)
    if (chosen === 'en' || chosen === 'zh') return chosen
  } catch {
    // Storage refused (private mode): fall back to the browser's language.
  }
  return browserLanguage()
}

export function rememberLanguage(language: Language): void {
  try {
    localStorage.setItem(KEY, language)
  } catch {
    // The choice then lasts for this page only.
  }
}
