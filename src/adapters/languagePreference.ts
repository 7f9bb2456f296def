/** Which language the interface speaks: the one the user chose on this device, else the browser's. */
import { DEFAULT_LANGUAGE, isLanguage, languageOfTag, type Language } from '../core/messages'

const KEY = 'skill-playground:language'

/**
 * Any variant of one of our languages other than the default among the browser's languages (the
 * first such) picks it: a Chinese reader whose browser lists English first still gets Chinese.
 * Otherwise the default.
 */
export function browserLanguage(languages: readonly string[] = globalThis.navigator?.languages ?? []): Language {
  for (const tag of languages) {
    const language = languageOfTag(tag)
    if (language !== null && language !== DEFAULT_LANGUAGE) return language
  }
  return DEFAULT_LANGUAGE
}

export function readLanguage(): Language {
  try {
    const chosen = localStorage.getItem(KEY)
    if (isLanguage(chosen)) return chosen
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
