/**
 * The direct reader of the frontmatter nearly every SKILL.md is written in, used by
 * `splitSkillFile` before the full YAML parser. It gives the same value, field locations and
 * flow marks as the parser (readPlainYaml.test.ts compares the two on every shape it
 * generates), at a fraction of its cost: a folder of a thousand skills parses in milliseconds.
 * See docs/skill-format.md, "How frontmatter is read".
 */
import type { FieldLocation, OutsideStrictYaml, Span } from './types'

/** A key of the plain subset; `__proto__` and the like take the full parser's path. */
const PLAIN_KEY = /^([A-Za-z][A-Za-z0-9_-]*):(?: +|$)/
/** A plain scalar that YAML reads as a string: starts with a letter and is not null or a boolean. */
const PLAIN_WORD = /^\p{L}/u
const SPECIAL_WORDS = new Set(['null', 'Null', 'NULL', 'true', 'True', 'TRUE', 'false', 'False', 'FALSE'])
const PLAIN_INTEGER = /^(?:0|[1-9][0-9]{0,14})$/
/** A block scalar's header, without an indentation indicator or a comment (those take the parser). */
const BLOCK_HEADER = /^([|>])([-+]?)$/
/** An item of a block sequence: its indentation, then `- ` and the item. */
const SEQUENCE_ITEM = /^( *)- +(?=\S)/
/** A line that holds only a comment. */
const COMMENT_LINE = /^ *#/

export interface PlainYaml {
  value: Record<string, unknown>
  fields: Map<string, FieldLocation>
  outsideStrictYaml: OutsideStrictYaml[]
}

/** One line of the block: where it starts in the source and its text (without the line break). */
interface Line {
  at: number
  text: string
}

/**
 * Frontmatter in the common subset: top-level `key: value` lines, each value
 * - a plain word-led string or a small whole number (a ` # comment` after it is fine),
 * - a one-line quoted string (`"…"` with escapes, or `'…'`),
 * - a one-line flow list of plain items (`[a, b]`),
 * - a block sequence of plain or quoted items (`key:` then `- item` lines), or
 * - a folded or literal block scalar (`>`, `>-`, `>+`, `|`, `|-`, `|+`),
 * with blank lines and comment lines between them. Anything else (nesting, multi-line plain or
 * quoted scalars, anchors, tags, any whitespace but spaces and line feeds, indentation
 * indicators, colons in plain values, a folded block with more-indented lines) returns null and
 * takes the full parser.
 */
export function readPlainYaml(source: string, offset: number): PlainYaml | null {
  // YAML trims only spaces and tabs, JavaScript's trim every Unicode space (U+00A0, U+3000, U+FEFF…):
  // any whitespace but a space or a line feed (a tab, a CR as well) takes the parser, so the trims
  // below read exactly what YAML reads.
  if (/[^\S \n]/.test(source)) return null
  const lines: Line[] = []
  // A final line break ends the last line; it does not open an empty one.
  for (let at = 0; at < source.length || (at === 0 && source === '');) {
    const newline = source.indexOf('\n', at)
    const end = newline < 0 ? source.length : newline
    lines.push({ at, text: source.slice(at, end) })
    at = end + 1
  }
  /** Where the line after `index` starts: past its line break, or the end of the source. */
  const lineEnd = (index: number) => {
    const line = lines[index] as Line
    return Math.min(line.at + line.text.length + 1, source.length)
  }
  const value: Record<string, unknown> = {}
  const fields = new Map<string, FieldLocation>()
  const outsideStrictYaml: OutsideStrictYaml[] = []
  let index = 0
  while (index < lines.length) {
    const { at, text: line } = lines[index] as Line
    index++
    if (isBlank(line)) {
      if (!/^ *$/.test(line)) return null
      continue
    }
    if (COMMENT_LINE.test(line)) continue
    const key = PLAIN_KEY.exec(line)
    if (!key) return null
    const name = key[1] as string
    if (Object.prototype.hasOwnProperty.call(value, name) || fields.has(name)) return null
    const keySpan: Span = [offset + at, offset + at + name.length]
    const valueStart = at + key[0].length
    const rest = line.slice(key[0].length).trimEnd()

    if (rest === '') {
      // `key:` and a block sequence on the lines below (anything else there: the parser decides).
      const sequence = readSequence(lines, index, offset, lineEnd)
      if (!sequence) return null
      index = sequence.next
      value[name] = sequence.values
      fields.set(name, {
        key: keySpan,
        value: sequence.span,
        scalarType: undefined,
        items: sequence.items,
        itemTypes: sequence.itemTypes,
      })
      continue
    }

    const header = BLOCK_HEADER.exec(rest)
    if (header) {
      const block = readBlockScalar(lines, index, header[1] === '>', header[2] as '' | '-' | '+', lineEnd)
      if (!block) return null
      index = block.next
      value[name] = block.value
      fields.set(name, {
        key: keySpan,
        value: [offset + valueStart, offset + block.end],
        scalarType: header[1] === '>' ? 'BLOCK_FOLDED' : 'BLOCK_LITERAL',
        items: undefined,
        itemTypes: undefined,
      })
      continue
    }

    if (rest.startsWith('[')) {
      if (!rest.endsWith(']') || rest.length < 3) return null
      const valueSpan: Span = [offset + valueStart, offset + valueStart + rest.length]
      const items: Span[] = []
      const list: unknown[] = []
      let itemStart = 1
      for (const part of rest.slice(1, -1).split(',')) {
        const lead = part.length - part.trimStart().length
        const item = part.trim()
        const parsed = plainScalar(item, true)
        if (parsed === undefined) return null
        const start = offset + valueStart + itemStart + lead
        items.push([start, start + item.length])
        list.push(parsed)
        itemStart += part.length + 1
      }
      value[name] = list
      fields.set(name, { key: keySpan, value: valueSpan, scalarType: undefined, items, itemTypes: items.map(() => 'PLAIN') })
      outsideStrictYaml.push({ kind: 'flow', span: valueSpan })
      continue
    }

    const scalar = inlineScalar(rest)
    if (!scalar) return null
    value[name] = scalar.value
    fields.set(name, {
      key: keySpan,
      value: [offset + valueStart, offset + valueStart + scalar.length],
      scalarType: scalar.type,
      items: undefined,
      itemTypes: undefined,
    })
  }
  // An empty block is `null` to YAML, not an empty mapping: the full parser says what that means.
  return fields.size > 0 ? { value, fields, outsideStrictYaml } : null
}

const isBlank = (line: string) => line.trim() === ''

/**
 * The block sequence that starts below a `key:` line (at `from`): every `- item` line at the
 * first item's indentation, with blank and comment lines between. Its span runs from the first
 * dash to the end of the last item's line, as the parser's does. Null for anything else.
 */
function readSequence(
  lines: readonly Line[],
  from: number,
  offset: number,
  lineEnd: (index: number) => number,
): { values: unknown[]; items: Span[]; itemTypes: string[]; span: Span; next: number } | null {
  const values: unknown[] = []
  const items: Span[] = []
  const itemTypes: string[] = []
  let indent = -1
  let first = 0
  let last = -1
  let index = from
  for (; index < lines.length; index++) {
    const { at, text } = lines[index] as Line
    if (isBlank(text) || COMMENT_LINE.test(text)) continue
    const item = SEQUENCE_ITEM.exec(text)
    if (!item) {
      // The next top-level key ends the sequence; an indented line continues an item: the parser's.
      if (text.startsWith(' ') || values.length === 0) return null
      break
    }
    const column = (item[1] as string).length
    if (indent < 0) {
      indent = column
      first = at + column
    } else if (column !== indent) return null
    const scalar = inlineScalar(text.slice(item[0].length).trimEnd())
    if (!scalar) return null
    const start = offset + at + item[0].length
    values.push(scalar.value)
    items.push([start, start + scalar.length])
    itemTypes.push(scalar.type)
    last = index
  }
  if (last < 0) return null
  return { values, items, itemTypes, span: [offset + first, offset + lineEnd(last)], next: last + 1 }
}

/**
 * A block scalar's lines (below its header, at `from`) read as YAML reads them: the indentation
 * of the first non-empty line is the block's; the block ends at the first non-empty line indented
 * less (a comment there is a comment, not text). `end` is where the parser's range ends: the last
 * text line's line break, or with `+` the last blank line kept.
 */
function readBlockScalar(
  lines: readonly Line[],
  from: number,
  folded: boolean,
  chomping: '' | '-' | '+',
  lineEnd: (index: number) => number,
): { value: string; end: number; next: number } | null {
  let indent = -1
  let index = from
  // Text lines (indentation removed) and the count of empty lines before each.
  const texts: { text: string; emptyBefore: number }[] = []
  let empty = 0
  let lastText = -1
  let lastLine = from - 1
  for (; index < lines.length; index++) {
    const { at, text } = lines[index] as Line
    const spaces = text.length - text.trimStart().length
    if (isBlank(text)) {
      // A blank line indented past the block's indentation is text to YAML (spaces kept): the parser's.
      if (indent >= 0 ? spaces > indent : false) return null
      // The source's last line, with no line break after it, adds no line break to keep (the
      // parser's range still takes it in when it reaches the block's indentation).
      if (lineEnd(index) > at + text.length) empty++
      else if (spaces < indent) continue
      lastLine = index
      continue
    }
    if (indent < 0) {
      // Leading blank lines indented more than the first text line are an error in YAML.
      if (spaces === 0 || lines.slice(from, index).some((line) => line.text.length > spaces)) return null
      indent = spaces
    }
    if (spaces < indent) break
    const line = text.slice(indent)
    // Folding keeps the line breaks around more-indented lines: left to the parser.
    if (folded && line.startsWith(' ')) return null
    texts.push({ text: line, emptyBefore: empty })
    empty = 0
    lastText = index
    lastLine = index
  }
  if (texts.length === 0) return null
  let value = ''
  texts.forEach(({ text, emptyBefore }, i) => {
    if (i === 0) value = '\n'.repeat(emptyBefore) + text
    else if (!folded) value += '\n'.repeat(emptyBefore + 1) + text
    else value += (emptyBefore === 0 ? ' ' : '\n'.repeat(emptyBefore)) + text
  })
  // Chomping: `-` drops the final line break, clip keeps one, `+` keeps every trailing one.
  if (chomping === '') value += '\n'
  else if (chomping === '+') value += '\n'.repeat(1 + empty)
  const end = chomping === '+' ? lineEnd(lastLine) : lineEnd(lastText)
  return { value, end, next: lastText + 1 }
}

/**
 * A scalar on one line (a top-level value or a sequence item), with any ` # comment` after it:
 * plain, double-quoted or single-quoted. `length` is the scalar's own length in the line (the
 * parser's range), `type` its style. Null when the parser must decide.
 */
function inlineScalar(text: string): { value: string | number; length: number; type: string } | null {
  const quote = text[0]
  if (quote === '"' || quote === "'") {
    const close = quote === '"' ? closingDoubleQuote(text) : closingSingleQuote(text)
    if (close < 0) return null
    const after = text.slice(close + 1)
    if (after !== '' && !/^ +#/.test(after)) return null
    const inner = text.slice(1, close)
    const value = quote === '"' ? unescapeDouble(inner) : inner.replaceAll("''", "'")
    if (value === null) return null
    return { value, length: close + 1, type: quote === '"' ? 'QUOTE_DOUBLE' : 'QUOTE_SINGLE' }
  }
  // A plain scalar ends where ` #` starts a comment.
  const comment = text.indexOf(' #')
  const plain = comment < 0 ? text : text.slice(0, comment).trimEnd()
  const value = plainScalar(plain, false)
  return value === undefined ? null : { value, length: plain.length, type: 'PLAIN' }
}

/** The index of the `"` that closes a double-quoted scalar opening `text`, or -1. */
function closingDoubleQuote(text: string): number {
  for (let i = 1; i < text.length; i++) {
    if (text[i] === '\\') i++
    else if (text[i] === '"') return i
  }
  return -1
}

/** The index of the `'` that closes a single-quoted scalar opening `text` (`''` is a quote inside), or -1. */
function closingSingleQuote(text: string): number {
  for (let i = 1; i < text.length; i++) {
    if (text[i] !== "'") continue
    if (text[i + 1] === "'") i++
    else return i
  }
  return -1
}

const ESCAPES: Record<string, string> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  t: '\t',
  n: '\n',
  v: '\v',
  f: '\f',
  r: '\r',
  e: '\x1b',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
  N: '\u0085',
  _: '\u00a0',
  L: '\u2028',
  P: '\u2029',
}
const HEX_LENGTH: Record<string, number> = { x: 2, u: 4, U: 8 }

/** A double-quoted scalar's text with its escapes read as YAML reads them; null for an escape YAML refuses. */
function unescapeDouble(inner: string): string | null {
  if (!inner.includes('\\')) return inner
  let out = ''
  for (let i = 0; i < inner.length; i++) {
    const char = inner[i] as string
    if (char !== '\\') {
      out += char
      continue
    }
    const code = inner[++i] ?? ''
    const simple = ESCAPES[code]
    if (simple !== undefined) {
      out += simple
      continue
    }
    const length = HEX_LENGTH[code]
    const hex = length === undefined ? '' : inner.slice(i + 1, i + 1 + length)
    if (length === undefined || !/^[0-9A-Fa-f]+$/.test(hex) || hex.length !== length) return null
    const point = parseInt(hex, 16)
    // Lone surrogates and points past Unicode: what the parser makes of them is its own business.
    if (point > 0x10ffff || (point >= 0xd800 && point <= 0xdfff)) return null
    out += String.fromCodePoint(point)
    i += length
  }
  return out
}

/** The value of a plain scalar in the subset, or undefined when the full parser must decide. */
function plainScalar(text: string, inFlow: boolean): string | number | undefined {
  if (PLAIN_INTEGER.test(text)) return Number(text)
  if (!PLAIN_WORD.test(text) || SPECIAL_WORDS.has(text)) return undefined
  if (text.includes(':') || text.includes('#') || text.includes('  ')) return undefined
  if (inFlow && /[[\]{},'"]/.test(text)) return undefined
  return text
}
