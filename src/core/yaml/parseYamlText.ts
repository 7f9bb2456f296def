import { isMap, isScalar, isSeq, parseDocument, type Node as YamlNode } from 'yaml'
import { CIRCULAR, isCircular } from './isCircular'
import type { FrontmatterProblem } from './types'
import { MAX_ALIAS_COUNT, MAX_FRONTMATTER_CHARS, yamlTooComplex } from './yamlLimits'
import { cleanYamlMessage, errorMessage } from './yamlMessages'

export interface ParsedYaml {
  value: unknown
  errors: FrontmatterProblem[]
  positions: Map<string, number>
}

/**
 * Parses a whole YAML document (e.g. routing-tests.yaml) with the same limits as frontmatter.
 * Errors come back with offsets into `text`; `positions` maps each value's path ("cases.0.expect",
 * keys joined by dots, list items by index) to where it starts, so a reader can point at a line.
 */
export function parseYamlText(text: string): ParsedYaml {
  const errors: FrontmatterProblem[] = []
  const positions = new Map<string, number>()
  const tooComplex = yamlTooComplex(text)
  if (tooComplex || text.length > MAX_FRONTMATTER_CHARS)
    return { value: undefined, errors: [{ message: tooComplex ?? 'The file is too large.', span: [0, 0] }], positions }
  const doc = parseDocument(text, { uniqueKeys: true })
  for (const error of doc.errors) errors.push({ message: cleanYamlMessage(error.message), span: [error.pos[0], error.pos[1]] })
  if (errors.length > 0) return { value: undefined, errors, positions }
  const walk = (node: unknown, path: string) => {
    if (isMap(node))
      for (const pair of node.items) {
        const key = isScalar(pair.key) ? String(pair.key.value) : ''
        const at = path ? `${path}.${key}` : key
        const start = (pair.key as YamlNode | null)?.range?.[0]
        if (start !== undefined) positions.set(at, start)
        walk(pair.value, at)
      }
    else if (isSeq(node))
      node.items.forEach((item, index) => {
        const at = path ? `${path}.${index}` : String(index)
        const start = (item as YamlNode | null)?.range?.[0]
        if (start !== undefined) positions.set(at, start)
        walk(item, at)
      })
  }
  walk(doc.contents, '')
  try {
    const value: unknown = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT })
    if (isCircular(value)) return { value: undefined, errors: [{ message: CIRCULAR, span: [0, text.length] }], positions }
    return { value, errors, positions }
  } catch (error) {
    return { value: undefined, errors: [{ message: errorMessage(error), span: [0, text.length] }], positions }
  }
}
