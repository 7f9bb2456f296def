/**
 * How much YAML is read at all. Every reader and editor in this folder checks these first, so
 * a pasted file or a hostile link cannot stall the editor, which parses on each keystroke.
 */

/** Largest frontmatter block parsed; beyond it the work would stall the editor on each keystroke. */
export const MAX_FRONTMATTER_CHARS = 256 * 1024
/** Aliases expanded in one document, so a 400-byte alias bomb cannot freeze the tab. */
export const MAX_ALIAS_COUNT = 100
/** yaml checks duplicate keys pairwise: thousands of keys in one mapping take seconds. */
export const MAX_FRONTMATTER_LINES = 2000
/** Deeper nesting overflows the parser's stack; real frontmatter nests a few levels. */
export const MAX_NESTING = 64

/** Why a YAML text is too big to parse on every keystroke, or null. */
export function yamlTooComplex(source: string): string | null {
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

/** Whether parseYamlText reads `text` at all: its size, lines and nesting are within the limits. */
export function withinYamlLimits(text: string): boolean {
  return text.length <= MAX_FRONTMATTER_CHARS && yamlTooComplex(text) === null
}
