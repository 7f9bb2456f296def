import { Document, isMap, isSeq } from 'yaml'
import { splitSkillFile } from './splitSkillFile'

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
