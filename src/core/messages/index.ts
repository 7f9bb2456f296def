export { CORE_MESSAGES, formatMessage, message } from './formatMessage'
export type { Catalog, Language, Message, MessageKey, MessageParams } from './formatMessage'
