/** Source span in UTF-16 offsets of the whole file: `[start, end)`. */
export type Span = readonly [number, number]

export interface FieldLocation {
  key: Span
  value: Span
  /** How a scalar value is written: PLAIN, QUOTE_DOUBLE, QUOTE_SINGLE, BLOCK_LITERAL, BLOCK_FOLDED. */
  scalarType: string | undefined
  /** Present when the value is a YAML sequence: one span (and scalar style) per item. */
  items: Span[] | undefined
  itemTypes: (string | undefined)[] | undefined
}

/**
 * YAML the Agent Skills reference validator does not read: it parses frontmatter with a strict
 * subset (block style only, no anchors, aliases or explicit tags). See docs/skill-format.md.
 */
export interface OutsideStrictYaml {
  kind: 'flow' | 'anchor' | 'alias' | 'tag'
  span: Span
}

export interface FrontmatterProblem {
  message: string
  span: Span
}
