/**
 * The full YAML parser's reading of a frontmatter block: its value, where each top-level field
 * is, and every place it steps outside the reference validator's YAML subset. `splitSkillFile`
 * takes this path for what the direct reader (readPlainYaml.ts) leaves to it.
 */
import { type Document, isAlias, isCollection, isMap, isScalar, isSeq, parseDocument, visit, type Node as YamlNode } from 'yaml'
import { recentByText } from '../lib/recentByText'
import { CIRCULAR, isCircular } from './isCircular'
import type { FieldLocation, FrontmatterProblem, OutsideStrictYaml, Span } from './types'
import { MAX_ALIAS_COUNT } from './yamlLimits'
import { cleanYamlMessage, errorMessage } from './yamlMessages'

/** The YAML documents of the last frontmatter blocks read: the few skills a person is editing. */
const parsedBlocks = recentByText<Document.Parsed>(16)

/**
 * The YAML document of a frontmatter block, parsed once for the same text. A keystroke in a
 * skill's body leaves its frontmatter as it was, and the skill is parsed and linted again: with
 * a nested field (a `parameters` schema) the full YAML parser is the slow part of both. The
 * document is only read here (its values are built afresh by every `toJS`), so one serves all.
 */
function parsedBlock(source: string): Document.Parsed {
  return parsedBlocks.get(source) ?? parsedBlocks.remember(source, parseDocument(source, { prettyErrors: false, uniqueKeys: true }))
}

/**
 * Reads a frontmatter block that starts at `offset` in the file: fills `fields`, `outsideStrictYaml`,
 * `errors` and `warnings` (spans in the file's offsets) and returns the value, or undefined when
 * the block does not parse or its value cannot be built.
 */
export function readFrontmatterYaml(
  source: string,
  offset: number,
  fields: Map<string, FieldLocation>,
  outsideStrictYaml: OutsideStrictYaml[],
  errors: FrontmatterProblem[],
  warnings: FrontmatterProblem[],
): unknown {
  const doc = parsedBlock(source)
  const shift = (pos: readonly [number, number]): Span => [pos[0] + offset, pos[1] + offset]
  for (const error of doc.errors) errors.push({ message: cleanYamlMessage(error.message), span: shift(error.pos) })
  for (const warning of doc.warnings) warnings.push({ message: cleanYamlMessage(warning.message), span: shift(warning.pos) })
  if (doc.errors.length > 0) return undefined
  visit(doc, {
    Node(_, node) {
      if (!node.range) return
      const span = shift([node.range[0], node.range[1]])
      if (isAlias(node)) outsideStrictYaml.push({ kind: 'alias', span })
      else if (node.anchor) outsideStrictYaml.push({ kind: 'anchor', span })
      if (isCollection(node) && node.flow) outsideStrictYaml.push({ kind: 'flow', span })
      if (!isAlias(node) && node.tag) outsideStrictYaml.push({ kind: 'tag', span })
    },
  })

  if (isMap(doc.contents)) {
    for (const pair of doc.contents.items) {
      const key = pair.key as YamlNode | null
      if (!isScalar(key) || !key.range) continue
      const value = pair.value as YamlNode | null
      const keySpan = shift([key.range[0], key.range[1]])
      const valueSpan = value?.range ? shift([value.range[0], value.range[1]]) : keySpan
      const items = isSeq(value)
        ? value.items.map((item) => {
            const range = (item as YamlNode | null)?.range
            return range ? shift([range[0], range[1]]) : valueSpan
          })
        : undefined
      const itemTypes = isSeq(value) ? value.items.map((item) => (isScalar(item) ? item.type : undefined)) : undefined
      fields.set(String(key.value), {
        key: keySpan,
        value: valueSpan,
        scalarType: isScalar(value) ? value.type : undefined,
        items,
        itemTypes,
      })
    }
  }
  try {
    const value: unknown = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT })
    if (isCircular(value)) {
      errors.push({ message: CIRCULAR, span: [offset, offset + source.length] })
      return undefined
    }
    return value
  } catch (error) {
    errors.push({ message: `${errorMessage(error)} (aliases are limited to ${MAX_ALIAS_COUNT}).`, span: [offset, offset + source.length] })
    return undefined
  }
}
