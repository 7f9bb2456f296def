export { CORE_MESSAGES, formatMessage, message } from './formatMessage'
export type { Catalog, Message, MessageKey, MessageParams } from './formatMessage'
export { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, languageInfo, languageOfTag } from './languages'
export type { Language, LanguageInfo } from './languages'
