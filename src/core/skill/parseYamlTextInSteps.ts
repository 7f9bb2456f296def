import { parseYamlText, withinYamlLimits, type ParsedYaml } from '../yaml'

/** How many items of a top-level list one step parses: a few milliseconds of the YAML parser's time. */
export const ITEMS_PER_STEP = 25

// Directives and document markers ("%YAML", "---", "..."): the document is not one plain list.
const DOCUMENT_MARKER = /^(?:%|---(?:\s|$)|\.\.\.(?:\s|$))/m
// An anchor, alias or tag where a node can begin (a line's start, after "- ", "? " or ": ", inside
// flow brackets): an item may then depend on another. "17 * 23" inside a plain value is not one; a
// calculator's test cases are full of those. An alias this misses cannot resolve in its slice, and
// a slice with an error is parsed whole (below).
const NODE_PROPERTY = /(?:^[ \t]*|[-?:][ \t]+|[[{,][ \t]*)[&*!]/m
// A line that begins an item of a top-level list ("- …", or "-" alone).
const ITEM_START = /^-(?:[ \t\r]|$)/

/**
 * Where each item of `text` begins, when `text` is a list whose items YAML reads each on its own:
 * every line at column 0 starts an item or is a comment, and nothing can tie one item to another
 * (anchors, aliases, tags, directives, a second document). Null for any other document.
 */
function independentItems(text: string): number[] | null {
  if (DOCUMENT_MARKER.test(text) || NODE_PROPERTY.test(text)) return null
  const starts: number[] = []
  for (let at = 0; at < text.length;) {
    const end = text.indexOf('\n', at)
    const line = text.slice(at, end < 0 ? text.length : end)
    if (ITEM_START.test(line)) starts.push(at)
    else if (line.trim() !== '' && !/^[ \t]/.test(line) && !line.startsWith('#')) return null
    at = end < 0 ? text.length : end + 1
  }
  return starts
}

/**
 * `parseYamlText`, a few list items per step, for a long document that is one top-level list (a
 * routing-tests.yaml of hundreds of cases takes the YAML parser too long for one task of the
 * page). Items that nothing ties together parse to the same values one slice at a time,
 * so the answer is parseYamlText's (parseYamlTextInSteps.test.ts compares the two). Any other
 * document, and any slice that does not parse cleanly into its own items, is parsed whole, so
 * errors and their places are always the full parser's.
 */
export function* parseYamlTextInSteps(text: string): Generator<void, ParsedYaml> {
  // The limits (size, lines, nesting) are the whole document's: beyond them, the full parser says so.
  const starts = withinYamlLimits(text) ? independentItems(text) : null
  if (starts === null || starts.length <= ITEMS_PER_STEP) return parseYamlText(text)
  const value: unknown[] = []
  const positions = new Map<string, number>()
  for (let first = 0; first < starts.length; first += ITEMS_PER_STEP) {
    // The first slice keeps the comments above the first item.
    const from = first === 0 ? 0 : (starts[first] ?? 0)
    const to = starts[first + ITEMS_PER_STEP] ?? text.length
    const items = Math.min(ITEMS_PER_STEP, starts.length - first)
    const slice = parseYamlText(text.slice(from, to))
    if (slice.errors.length > 0 || !Array.isArray(slice.value) || slice.value.length !== items) return parseYamlText(text)
    value.push(...(slice.value as unknown[]))
    for (const [path, at] of slice.positions) {
      const dot = path.indexOf('.')
      const index = Number(dot < 0 ? path : path.slice(0, dot)) + first
      positions.set(dot < 0 ? String(index) : `${index}${path.slice(dot)}`, at + from)
    }
    yield
  }
  return { value, errors: [], positions }
}
