import { isMap, isScalar, isSeq, parseDocument } from 'yaml'
import type { Span } from './types'
import { MAX_FRONTMATTER_CHARS, yamlTooComplex } from './yamlLimits'

/** A string in a YAML document (a value or a mapping key), located in the text. */
export interface YamlString {
  /** Keys and list indexes from the document's root down to it (a key's own path ends with the key). */
  path: readonly (string | number)[]
  /** Whether it is a mapping key rather than a value. */
  key: boolean
  value: string
  span: Span
  /** How it is written: PLAIN, QUOTE_DOUBLE, QUOTE_SINGLE, BLOCK_LITERAL, BLOCK_FOLDED. */
  style: string | undefined
}

/**
 * Every string scalar of a YAML (or JSON) document, keys included, with where it is in the text:
 * an edit can then replace exactly those values and leave every other byte (comments, order,
 * quoting of the rest) as it was. Null when the text does not parse or is past the limits.
 */
export function locateYamlStrings(text: string): YamlString[] | null {
  if (text.length > MAX_FRONTMATTER_CHARS || yamlTooComplex(text) !== null) return null
  const doc = parseDocument(text, { prettyErrors: false })
  if (doc.errors.length > 0) return null
  const found: YamlString[] = []
  const add = (node: unknown, path: readonly (string | number)[], key: boolean) => {
    if (isScalar(node) && typeof node.value === 'string' && node.range)
      found.push({ path, key, value: node.value, span: [node.range[0], node.range[1]], style: node.type })
  }
  const walk = (node: unknown, path: readonly (string | number)[]) => {
    if (isMap(node))
      for (const pair of node.items) {
        const name = isScalar(pair.key) ? String(pair.key.value) : ''
        add(pair.key, [...path, name], true)
        walk(pair.value, [...path, name])
      }
    else if (isSeq(node)) node.items.forEach((item, index) => walk(item, [...path, index]))
    else add(node, path, false)
  }
  walk(doc.contents, [])
  return found
}
