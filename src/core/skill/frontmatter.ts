/**
 * The only module that touches gray-matter and yaml. It splits a SKILL.md into frontmatter and
 * body and parses the frontmatter as YAML 1.2 with source positions, safely:
 * - gray-matter's `---js` engine runs `eval` (CVE-2022-25863), so every non-YAML engine is
 *   replaced by one that refuses;
 * - an options object is always passed, which also bypasses gray-matter's content-keyed cache
 *   (it caches unparsed text after a YAML error and then stops reporting the error);
 * - aliases are capped, so a 400-byte alias bomb cannot freeze the tab.
 */
import { Buffer } from 'buffer'
import matter from 'gray-matter'
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node as YamlNode } from 'yaml'

// gray-matter calls the Node global `Buffer.from` on every parse; browsers have no such global.
const runtime = globalThis as { Buffer?: unknown }
runtime.Buffer ??= Buffer

/** Largest frontmatter block parsed; beyond it the work would stall the editor on each keystroke. */
export const MAX_FRONTMATTER_CHARS = 256 * 1024
const MAX_ALIAS_COUNT = 100
/** yaml checks duplicate keys pairwise: thousands of keys in one mapping take seconds. */
export const MAX_FRONTMATTER_LINES = 2000
/** Deeper nesting overflows the parser's stack; real frontmatter nests a few levels. */
export const MAX_NESTING = 64

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

export interface FrontmatterProblem {
  message: string
  span: Span
}

export interface SplitSkillFile {
  /** True when the file opens with a `---` frontmatter block. */
  hasFrontmatter: boolean
  /** Where the YAML block starts and ends in the file (empty when there is none). */
  frontmatterSpan: Span
  /** The YAML value, or undefined when there is none or it could not be parsed. */
  data: unknown
  body: string
  bodyOffset: number
  fields: Map<string, FieldLocation>
  errors: FrontmatterProblem[]
  warnings: FrontmatterProblem[]
}

const OPENING = '---'

export function splitSkillFile(text: string): SplitSkillFile {
  const errors: FrontmatterProblem[] = []
  const warnings: FrontmatterProblem[] = []
  const fields = new Map<string, FieldLocation>()
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0
  const afterOpening = text.slice(bom + OPENING.length)
  const languageRaw = text.startsWith(OPENING, bom) ? matter.language(afterOpening).raw : ''
  const matterStart = bom + OPENING.length + languageRaw.length
  let data: unknown

  const refuse = (language: string) => () => {
    errors.push({
      message: `"---${language}" frontmatter is not allowed: only YAML is read (other engines can run code).`,
      span: [bom, matterStart],
    })
    return {}
  }
  const parseYaml = (source: string) => {
    if (source.length > MAX_FRONTMATTER_CHARS) {
      errors.push({
        message: `Frontmatter is ${source.length.toLocaleString('en')} characters; the limit is ${MAX_FRONTMATTER_CHARS.toLocaleString('en')}.`,
        span: [bom, matterStart],
      })
      return {}
    }
    const tooComplex = complexity(source)
    if (tooComplex) {
      errors.push({ message: tooComplex, span: [bom, matterStart] })
      return {}
    }
    // With CRLF line breaks the block ends in the "\r" before the closing "---"; YAML would keep
    // it as part of the last value.
    data = readYaml(source.replace(/\r$/, ''), matterStart, fields, errors, warnings)
    return {}
  }
  const denied = ['js', 'javascript', 'coffee', 'coffeescript', 'cson', 'json', 'toml']
  const engines: Record<string, (source: string) => object> = { yaml: parseYaml, yml: parseYaml }
  for (const name of denied) engines[name] = refuse(name)

  let content = text
  let hasFrontmatter = false
  try {
    const file = matter(text, { engines } as never) as { content: string; matter?: string }
    // gray-matter always sets `matter` (to '' without frontmatter); it reads frontmatter only
    // when the text opens with --- not followed by another -.
    hasFrontmatter = text.startsWith(OPENING, bom) && text[bom + OPENING.length] !== '-'
    content = file.content
  } catch (error) {
    // An unknown language after `---` (e.g. `---ruby`): gray-matter has no engine for it.
    errors.push({ message: errorMessage(error), span: [bom, matterStart] })
    hasFrontmatter = true
    content = ''
  }

  if (hasFrontmatter && !/\n---/.test(afterOpening.slice(languageRaw.length))) {
    errors.push({
      message: 'The frontmatter is never closed: add a line with --- after the last field.',
      span: [bom, bom + OPENING.length],
    })
    data = undefined
  }
  const closing = hasFrontmatter ? text.indexOf('\n---', matterStart - 1) : -1
  return {
    hasFrontmatter,
    frontmatterSpan: hasFrontmatter ? [matterStart, closing < 0 ? text.length : closing + 1] : [0, 0],
    data,
    body: content,
    bodyOffset: text.length - content.length,
    fields,
    errors,
    warnings,
  }
}

function readYaml(
  source: string,
  offset: number,
  fields: Map<string, FieldLocation>,
  errors: FrontmatterProblem[],
  warnings: FrontmatterProblem[],
): unknown {
  const doc = parseDocument(source, { lineCounter: new LineCounter(), prettyErrors: false, uniqueKeys: true })
  const shift = (pos: readonly [number, number]): Span => [pos[0] + offset, pos[1] + offset]
  for (const error of doc.errors) errors.push({ message: cleanYamlMessage(error.message), span: shift(error.pos) })
  for (const warning of doc.warnings) warnings.push({ message: cleanYamlMessage(warning.message), span: shift(warning.pos) })
  if (doc.errors.length > 0) return undefined

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
    return doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT })
  } catch (error) {
    errors.push({ message: `${errorMessage(error)} (aliases are limited to ${MAX_ALIAS_COUNT}).`, span: [offset, offset + source.length] })
    return undefined
  }
}

/** Why a frontmatter block is too big to parse on every keystroke, or null. */
function complexity(source: string): string | null {
  let lines = 1
  let depth = 0
  let deepest = 0
  for (let i = 0; i < source.length; i++) {
    const char = source.charCodeAt(i)
    if (char === 10) {
      lines++
      // Indentation is nesting too: count the spaces that open the next line.
      let indent = 0
      while (source.charCodeAt(i + 1 + indent) === 32) indent++
      deepest = Math.max(deepest, Math.floor(indent / 2))
    } else if (char === 91 || char === 123) deepest = Math.max(deepest, ++depth)
    else if (char === 93 || char === 125) depth = Math.max(0, depth - 1)
  }
  if (lines > MAX_FRONTMATTER_LINES)
    return `Frontmatter has ${lines.toLocaleString('en')} lines; the limit is ${MAX_FRONTMATTER_LINES.toLocaleString('en')}.`
  if (deepest > MAX_NESTING) return `Frontmatter nests deeper than ${MAX_NESTING} levels; it is not parsed.`
  return null
}

/**
 * Parses a whole YAML document (e.g. routing-tests.yaml) with the same limits as frontmatter.
 * Errors come back with offsets into `text`.
 */
export function parseYamlText(text: string): { value: unknown; errors: FrontmatterProblem[] } {
  const errors: FrontmatterProblem[] = []
  const tooComplex = complexity(text)
  if (tooComplex || text.length > MAX_FRONTMATTER_CHARS)
    return { value: undefined, errors: [{ message: tooComplex ?? 'The file is too large.', span: [0, 0] }] }
  const doc = parseDocument(text, { uniqueKeys: true })
  for (const error of doc.errors) errors.push({ message: cleanYamlMessage(error.message), span: [error.pos[0], error.pos[1]] })
  if (errors.length > 0) return { value: undefined, errors }
  try {
    return { value: doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }), errors }
  } catch (error) {
    return { value: undefined, errors: [{ message: errorMessage(error), span: [0, text.length] }] }
  }
}

function cleanYamlMessage(message: string): string {
  // The yaml package appends " at line N, column M" and a code excerpt; the editor shows both itself.
  return message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '') ?? message
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
