import { isMap, isScalar, isSeq, parseDocument, type Node as YamlNode } from 'yaml'
import type { Span } from './types'
import { yamlTooComplex } from './yamlLimits'

/** A mapping in a YAML list: where it is, and where each of its keys and values are. */
export interface YamlListItem {
  span: Span
  fields: Map<string, { key: Span; value: Span }>
}

/**
 * The items of a YAML document's list (the document itself, or its `cases:` list), located in
 * the text, so an edit can replace exactly one value and leave every other byte (comments
 * included) as it was. Null when the text does not parse.
 */
export function locateListItems(text: string): YamlListItem[] | null {
  if (yamlTooComplex(text) !== null) return null
  const doc = parseDocument(text, { prettyErrors: false })
  if (doc.errors.length > 0) return null
  const root = doc.contents
  const list = isSeq(root) ? root : isMap(root) ? root.get('cases', true) : undefined
  if (!isSeq(list)) return null
  return list.items.map((item) => {
    const node = item as YamlNode | null
    const fields = new Map<string, { key: Span; value: Span }>()
    if (isMap(node))
      for (const pair of node.items) {
        const key = pair.key as YamlNode | null
        const value = pair.value as YamlNode | null
        if (!isScalar(key) || !key.range) continue
        const keySpan: Span = [key.range[0], key.range[1]]
        fields.set(String(key.value), { key: keySpan, value: value?.range ? [value.range[0], value.range[1]] : keySpan })
      }
    return { span: node?.range ? [node.range[0], node.range[1]] : [0, 0], fields }
  })
}
