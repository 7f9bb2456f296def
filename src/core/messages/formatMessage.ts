import { en } from './en'

/** "a.b.c" for every string leaf of a nested catalog. */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>
}[keyof T & string]

export type MessageKey = Leaves<typeof en>
/**
 * A value filled into a message: text, a number, or another message, put into words in the same
 * language as the one it sits in (a run's reason carries the routing verdict that way).
 */
export type MessageParams = { [name: string]: string | number | Message }

/** A sentence of the core's, to be put into words in the reader's language. */
export interface Message {
  key: MessageKey
  params?: MessageParams
}

/** A catalog with exactly the keys of the English one (checked by the compiler and by a test). */
type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> }
export type Catalog = DeepStrings<typeof en>

/**
 * The English catalog (the CLI and every fallback). The other languages' catalogs (./<code>.ts,
 * languages.ts) are imported by the interface when chosen, so a page in English does not load them.
 */
export const CORE_MESSAGES: { en: Catalog } = { en }

export const message = (key: MessageKey, params?: MessageParams): Message => (params ? { key, params } : { key })

/** The message from `catalog` (English by default): the entry with `{{name}}` filled in, English where the catalog lacks it. */
export function formatMessage(text: Message, catalog: Catalog = CORE_MESSAGES.en): string {
  const template = lookup(catalog, text.key) ?? lookup(CORE_MESSAGES.en, text.key) ?? text.key
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const value = text.params?.[name]
    if (value === undefined) return whole
    return typeof value === 'object' ? formatMessage(value, catalog) : String(value)
  })
}

// Templates found before, per catalog: a lint of a thousand skills formats thousands of messages.
const found = new WeakMap<Catalog, Map<string, string | undefined>>()

function lookup(catalog: Catalog, key: string): string | undefined {
  let known = found.get(catalog)
  if (!known) found.set(catalog, (known = new Map()))
  if (known.has(key)) return known.get(key)
  const template = walk(catalog, key)
  known.set(key, template)
  return template
}

function walk(catalog: Catalog, key: string): string | undefined {
  let node: unknown = catalog
  for (const part of key.split('.')) node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined
  return typeof node === 'string' ? node : undefined
}
