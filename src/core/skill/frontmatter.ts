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
import {
  Document,
  isAlias,
  isCollection,
  isMap,
  isScalar,
  isSeq,
  parseDocument,
  visit,
  type Node as YamlNode,
  type YAMLMap,
  type YAMLSeq,
} from 'yaml'
import { recentByText } from '../lib/recentByText'
import { readPlainYaml } from './readPlainYaml'

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
  /** Every place the frontmatter steps outside the reference validator's YAML subset. */
  outsideStrictYaml: OutsideStrictYaml[]
  errors: FrontmatterProblem[]
  warnings: FrontmatterProblem[]
}

const OPENING = '---'

/**
 * `plain: false` always goes through gray-matter and the full YAML parser; by default the common
 * shapes are read directly (tests compare the two paths on every shape).
 */
export function splitSkillFile(original: string, { plain = true }: { plain?: boolean } = {}): SplitSkillFile {
  // Old Mac files break lines with a lone CR, which neither gray-matter nor YAML reads as a line
  // break. Replacing each with LF keeps every offset (one character for one), so spans stay valid.
  const text = original.replace(/\r(?!\n)/g, '\n')
  const errors: FrontmatterProblem[] = []
  const warnings: FrontmatterProblem[] = []
  const fields = new Map<string, FieldLocation>()
  const outsideStrictYaml: OutsideStrictYaml[] = []
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
    const yaml = source.replace(/\r$/, '')
    const simple = plain ? readPlainYaml(yaml, matterStart) : null
    if (simple) {
      data = simple.value
      for (const [key, location] of simple.fields) fields.set(key, location)
      outsideStrictYaml.push(...simple.outsideStrictYaml)
    } else data = readYaml(yaml, matterStart, fields, outsideStrictYaml, errors, warnings)
    return {}
  }
  const denied = ['js', 'javascript', 'coffee', 'coffeescript', 'cson', 'json', 'toml']
  const engines: Record<string, (source: string) => object> = { yaml: parseYaml, yml: parseYaml }
  for (const name of denied) engines[name] = refuse(name)

  let content = text
  let hasFrontmatter = false
  const direct = plain ? splitPlainBlock(text, bom, parseYaml) : null
  if (direct !== null) {
    hasFrontmatter = true
    content = direct
  } else {
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
  }

  if (hasFrontmatter && !/\n---/.test(afterOpening.slice(languageRaw.length))) {
    errors.push({
      message: 'The frontmatter is never closed: add a line with --- after the last field.',
      span: [bom, bom + OPENING.length],
    })
    // Nothing of the block is read: no value, and so no field either (the lint reports the
    // opening line, not each field as missing or wrong).
    data = undefined
    fields.clear()
  }
  const closing = hasFrontmatter ? text.indexOf('\n---', matterStart - 1) : -1
  return {
    hasFrontmatter,
    frontmatterSpan: hasFrontmatter ? [matterStart, closing < 0 ? text.length : closing + 1] : [0, 0],
    data,
    body: content,
    bodyOffset: text.length - content.length,
    fields,
    outsideStrictYaml,
    errors,
    warnings,
  }
}

/**
 * The body after a frontmatter block that opens with a bare `---` line, read as gray-matter reads
 * it (the block ends at the first line that starts with ---; a block of only blanks and comments
 * is not parsed), with `parse` given the block as gray-matter gives it to its YAML engine. Null
 * for any other opening (no block, `---yaml`, `----`): gray-matter decides those. Skips its
 * per-call set-up and the copy of every text it makes, a third of the time a folder of a
 * thousand skills takes to parse.
 */
function splitPlainBlock(text: string, bom: number, parse: (block: string) => unknown): string | null {
  const after = bom + OPENING.length
  if (!text.startsWith(OPENING, bom) || !(text[after] === '\n' || (text[after] === '\r' && text[after + 1] === '\n'))) return null
  const rest = text.slice(after)
  const close = rest.indexOf('\n---')
  const block = close < 0 ? rest : rest.slice(0, close)
  if (hasContent(block)) parse(block)
  if (close < 0) return ''
  let body = rest.slice(close + '\n---'.length)
  if (body.startsWith('\r')) body = body.slice(1)
  if (body.startsWith('\n')) body = body.slice(1)
  return body
}

/**
 * Whether a block holds more than blank lines and comments (gray-matter parses it only then). A
 * line-by-line look: the pattern gray-matter's test amounts to (`/^\s*#[^\n]+/gm` removed, then
 * trimmed) backtracks over every blank line and cost a thousand-skill folder more than reading it.
 */
function hasContent(block: string): boolean {
  for (const line of block.split('\n')) {
    const text = line.trimStart()
    if (text !== '' && !(text.startsWith('#') && text.length > 1)) return true
  }
  return false
}

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

function readYaml(
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

const CIRCULAR = 'An alias refers to the value that contains it (&m … *m inside it): such a value never ends, so it is refused.'

/**
 * Whether a value contains itself (YAML `&m {self: *m}`). Such values crash whatever walks them
 * later (a JSON download, a React render, a share link), so they are refused where they are read.
 */
export function isCircular(value: unknown, ancestors: Set<object> = new Set()): boolean {
  if (typeof value !== 'object' || value === null) return false
  if (ancestors.has(value)) return true
  ancestors.add(value)
  const children = Array.isArray(value) ? value : value instanceof Map ? [...value.values()] : Object.values(value)
  const found = children.some((child) => isCircular(child, ancestors))
  ancestors.delete(value)
  return found
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

export interface ParsedYaml {
  value: unknown
  errors: FrontmatterProblem[]
  positions: Map<string, number>
}

/** Whether parseYamlText reads `text` at all: its size, lines and nesting are within the limits. */
export function withinYamlLimits(text: string): boolean {
  return text.length <= MAX_FRONTMATTER_CHARS && complexity(text) === null
}

/**
 * Parses a whole YAML document (e.g. routing-tests.yaml) with the same limits as frontmatter.
 * Errors come back with offsets into `text`; `positions` maps each value's path ("cases.0.expect",
 * keys joined by dots, list items by index) to where it starts, so a reader can point at a line.
 */
export function parseYamlText(text: string): ParsedYaml {
  const errors: FrontmatterProblem[] = []
  const positions = new Map<string, number>()
  const tooComplex = complexity(text)
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

function cleanYamlMessage(message: string): string {
  // The yaml package appends " at line N, column M" and a code excerpt; the editor shows both itself.
  return message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '') ?? message
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

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
  if (complexity(text) !== null) return null
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

/** A value written as YAML that reads back the same: plain when safe, double-quoted otherwise. */
function scalarText(value: string | number | boolean | null): string {
  if (typeof value !== 'string') return String(value)
  const doc = new Document(value)
  const text = doc.toString({ lineWidth: 0 }).trimEnd()
  // Block scalars ("|-") are only right for text with line breaks; those are handled by the caller.
  return text.startsWith('|') || text.startsWith('>') ? JSON.stringify(value) : text
}

/** An item of a flow list `[a, b]`: plain only when no flow indicator or comment could cut it. */
function flowItemText(value: unknown): string {
  if (typeof value !== 'string') return JSON.stringify(value)
  const plain = scalarText(value)
  return plain === value && !/[,[\]{}#]|^\s|\s$/.test(value) ? value : JSON.stringify(value)
}

/** A value in flow style (one line): lists as `[a, b]`, mappings as `{ key: value }`. */
function flowText(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(flowItemText).join(', ')}]`
  if (typeof value === 'object' && value !== null) {
    const doc = new Document(value)
    if (isMap(doc.contents) || isSeq(doc.contents)) doc.contents.flow = true
    return doc.toString({ lineWidth: 0 }).trimEnd()
  }
  return scalarText(value as string | number | boolean | null)
}

/**
 * Sets (or, with `undefined`, removes) one top-level frontmatter field and leaves every other byte
 * of the file as it was: comments, key order, quoting and unknown keys survive. The value keeps the
 * style it had where that matters (a block list stays a block list, a folded description stays
 * folded). Returns null when the frontmatter does not parse (nothing can be edited safely then).
 */
export function setFrontmatterValue(text: string, key: string, value: unknown): string | null {
  const split = splitSkillFile(text)
  if (!split.hasFrontmatter || split.errors.length > 0) return null
  const newline = text.includes('\r\n') ? '\r\n' : '\n'
  const location = split.fields.get(key)
  const lineStart = (offset: number) => text.lastIndexOf('\n', offset - 1) + 1
  const lineEndAfter = (offset: number) => {
    const end = text.indexOf('\n', offset)
    return end < 0 ? text.length : end + 1
  }

  if (value === undefined) {
    if (!location) return text
    const end = Math.max(location.key[1], location.value[1])
    return text.slice(0, lineStart(location.key[0])) + text.slice(lineEndAfter(end > location.value[0] ? end - 1 : end))
  }

  if (!location) {
    const at = split.frontmatterSpan[1]
    return `${text.slice(0, at)}${key}: ${newValueText(value, newline)}${newline}${text.slice(at)}`
  }

  // `key:` with nothing after it (an empty value): the value goes right after the colon.
  if (location.value[0] === location.value[1] || (location.value[0] === location.key[0] && location.value[1] === location.key[1])) {
    const colon = text.indexOf(':', location.key[1])
    return `${text.slice(0, colon + 1)} ${newValueText(value, newline)}${text.slice(colon + 1).replace(/^[ \t]+/, '')}`
  }

  const start = location.value[0]
  let end = location.value[1]
  // A block value's range takes in its last line break; the edit keeps it.
  while (end > start && (text[end - 1] === '\n' || text[end - 1] === '\r')) end--
  const column = start - lineStart(start)
  const written = text.slice(start, end)
  let replacement: string
  if (Array.isArray(value) && location.items !== undefined && !written.startsWith('[')) {
    // A block list: one "- item" per line, at the column of the first dash.
    replacement = value.length === 0 ? '[]' : value.map((item) => `- ${flowItemText(item)}`).join(`${newline}${' '.repeat(column)}`)
    if (value.length === 0) {
      // An empty list cannot be a block: write [] after the key instead.
      const colon = text.indexOf(':', location.key[1])
      return `${text.slice(0, colon + 1)} []${text.slice(end)}`
    }
  } else if (
    typeof value === 'string' &&
    (location.scalarType === 'BLOCK_FOLDED' || location.scalarType === 'BLOCK_LITERAL' || value.includes('\n'))
  ) {
    const indent = ' '.repeat(Math.max(2, lineStart(start) === start ? column : indentOf(text, location.key[0]) + 2))
    const literal = value.includes('\n') || location.scalarType === 'BLOCK_LITERAL'
    replacement = `${literal ? '|' : '>'}-${newline}${value
      .split('\n')
      .map((line) => (line === '' ? '' : indent + line))
      .join(newline)}`
    return text.slice(0, start) + replacement + text.slice(end)
  } else
    replacement =
      Array.isArray(value) || (typeof value === 'object' && value !== null)
        ? flowText(value)
        : scalarText(value as string | number | boolean | null)
  return text.slice(0, start) + replacement + text.slice(end)
}

function indentOf(text: string, offset: number): number {
  const start = text.lastIndexOf('\n', offset - 1) + 1
  return offset - start
}

function newValueText(value: unknown, newline: string): string {
  if (typeof value === 'string' && value.includes('\n'))
    return `|-${newline}${value
      .split('\n')
      .map((line) => (line === '' ? '' : `  ${line}`))
      .join(newline)}`
  return Array.isArray(value) || (typeof value === 'object' && value !== null)
    ? flowText(value)
    : scalarText(value as string | number | boolean | null)
}

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
  if (text.length > MAX_FRONTMATTER_CHARS || complexity(text) !== null) return null
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

/** One edit of a YAML document's list of cases (the document itself, or its `cases:`). */
export type YamlListEdit =
  | { op: 'add'; value: Record<string, unknown> }
  /** Sets (or, with `undefined`, removes) values inside item `index`, by key path (`['expect', 'skill']`). */
  | {
      op: 'update'
      index: number
      /** `replaces`: a key of the same map whose place a new key takes (`turns` where `utterance` was). */
      changes: readonly { path: readonly string[]; value: unknown; replaces?: string }[]
    }
  | { op: 'remove'; index: number }

/**
 * A list of cases edited through yaml's Document API, written back so that only the edited item's
 * lines change: every other byte (comments, blank lines, quoting, flow lists) stays as it was, and
 * the edited item keeps its own comments. `header` starts a file that does not exist yet (or holds
 * only comments). Null when the text does not parse, the item is not there, or the result would not
 * read back.
 */
export function editYamlList(text: string | undefined, edit: YamlListEdit, header = ''): string | null {
  const source = text ?? ''
  if (source.length > MAX_FRONTMATTER_CHARS || complexity(source) !== null) return null
  const doc = parseDocument(source, { prettyErrors: false })
  if (doc.errors.length > 0) return null
  // Flow collections are padded (`[ a ]`) as the file's own lists are (its mappings when it has no list).
  const lists = /\[[^\]\n]/.test(source)
  const options = { lineWidth: 0, flowCollectionPadding: lists ? /\[ [^\s\]]/.test(source) : /\{ [^\s}]/.test(source) }
  const blockNode = (value: unknown) => {
    const node = doc.createNode(value)
    // Short lists of plain values read best on one line, as people write them: [a, b].
    visit(node, {
      Seq: (_, seq) => {
        if (seq.items.every((item) => isScalar(item))) seq.flow = true
      },
    })
    return node
  }
  const itemText = (node: YamlNode, indent: number) => {
    const alone = new Document(null)
    alone.contents = node
    const { commentBefore, spaceBefore, comment } = node
    node.commentBefore = undefined
    node.spaceBefore = undefined
    node.comment = undefined
    const written = alone.toString(options).trimEnd()
    Object.assign(node, { commentBefore, spaceBefore, comment })
    return written.replace(/\n(?=.)/g, `\n${' '.repeat(indent)}`)
  }
  const newline = source.includes('\r\n') ? '\r\n' : '\n'
  const root = doc.contents
  const list = isSeq(root) ? root : isMap(root) ? root.get('cases', true) : undefined

  // No block list to splice into (a new file, only comments, `cases: []`): written whole.
  if (!isSeq(list) || list.flow || list.items.length === 0) {
    if (edit.op !== 'add') return null
    if (root !== null && root !== undefined && !isMap(root) && !isSeq(root)) return null
    const item = blockNode(edit.value)
    // The parsed document's nodes are typed as parsed; a new node joins them all the same.
    if (isSeq(list)) {
      list.flow = false
      ;(list.items as unknown[]).push(item)
    } else if (isMap(root)) (root as YAMLMap).set('cases', seqOf(doc, item))
    else if (root === null || root === undefined) {
      const comments = source.trim() === '' ? header : source.endsWith('\n') ? source : `${source}\n`
      return `${comments}cases:\n  - ${itemText(item, 4)}\n`.replace(/\n/g, newline)
    }
    const whole = doc.toString(options)
    return readsBack(whole) ? whole : null
  }

  const items = list.items as YamlNode[]
  const lineStart = (offset: number) => source.lastIndexOf('\n', offset - 1) + 1
  // Where an item's own text ends: its range without the line breaks (and blank lines) after it.
  const contentEnd = (node: YamlNode) => {
    let end = node.range?.[1] ?? 0
    while (end > 0 && /\s/.test(source[end - 1] ?? '')) end--
    return end
  }
  let result: string
  if (edit.op === 'add') {
    const last = items[items.length - 1]!
    const first = items[0]!
    const firstStart = first.range?.[0] ?? 0
    const dash = source.lastIndexOf('-', firstStart - 1)
    const column = dash - lineStart(dash)
    const gap = items.length > 1 && items[1]!.spaceBefore ? newline : ''
    const at = contentEnd(last)
    const written = `${newline}${gap}${' '.repeat(column)}- ${itemText(blockNode(edit.value), column + 2).replace(/\n/g, newline)}`
    result = source.slice(0, at) + written + source.slice(at)
  } else {
    const item = items[edit.index]
    if (!item || !item.range) return null
    if (edit.op === 'remove') {
      const dash = source.lastIndexOf('-', item.range[0] - 1)
      let start = lineStart(dash)
      let end = source.indexOf('\n', contentEnd(item))
      end = end < 0 ? source.length : end + 1
      // The blank line that parted this item from the next goes with it.
      const blankBefore = /\n\r?\n$/.test(source.slice(0, start))
      if (edit.index > 0 && blankBefore && (end === source.length || /^\r?\n/.test(source.slice(end))))
        start -= source[start - 2] === '\r' ? 2 : 1
      result = source.slice(0, start) + source.slice(end)
    } else {
      if (!isMap(item)) return null
      for (const change of edit.changes) {
        const parent = change.path.length > 1 ? item.getIn(change.path.slice(0, -1), true) : item
        const key = change.path[change.path.length - 1]!
        const current = item.getIn(change.path, true)
        // Nothing to delete where the case has no such field (a case without `expect:`).
        if (change.value === undefined) {
          if (item.hasIn(change.path)) item.deleteIn(change.path)
        }
        // A scalar written over a scalar keeps its node, and with it the comment after it.
        else if (isScalar(current) && (typeof change.value !== 'object' || change.value === null)) current.value = change.value
        else if (current === undefined && change.replaces && isMap(parent) && parent.has(change.replaces)) {
          const at = parent.items.findIndex((pair) => isScalar(pair.key) && pair.key.value === change.replaces)
          parent.items.splice(at, 1, doc.createPair(key, blockNode(change.value)))
        } else {
          // A field written empty (`expect:` alone) holds a null, not a map: the value goes into a new one.
          if (change.path.length > 1 && parent !== undefined && !isMap(parent)) item.setIn(change.path.slice(0, -1), doc.createNode({}))
          item.setIn(change.path, blockNode(change.value))
        }
      }
      const start = item.range[0]
      const column = start - lineStart(start)
      result = source.slice(0, start) + itemText(item, column).replace(/\n/g, newline) + source.slice(contentEnd(item))
    }
  }
  return readsBack(result) ? result : null
}

function seqOf(doc: Document, item: unknown) {
  const seq = doc.createNode([]) as YAMLSeq
  seq.items.push(item)
  return seq
}

function readsBack(text: string): boolean {
  return parseDocument(text, { prettyErrors: false }).errors.length === 0
}
