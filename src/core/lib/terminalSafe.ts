/**
 * What a terminal or a CI log would obey rather than show: C0 controls but the tab (ESC starts
 * colour, clear-screen, window-title and hyperlink sequences; a line break lets the next line start
 * `::error file=…::`, a GitHub Actions workflow command), DEL, the C1 controls (U+009B is a
 * one-character CSI on some terminals), the line and paragraph separators, and the bidi
 * embeddings, overrides and isolates that make a line read differently from what it holds.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is matched
const UNSAFE = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g

/**
 * One line of output with every character in UNSAFE shown as a `\uXXXX` escape, so a name or text
 * from a skill, an eval file or a model prints as one inert line. The escape is JSON's own: a line
 * of JSON stays valid JSON with the same value.
 */
export function terminalSafe(line: string): string {
  return line.replace(UNSAFE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
}
