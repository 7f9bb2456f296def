/** Number of Unicode code points in `text` (an emoji or a CJK extension B character counts 1). */
export function codePointLength(text: string): number {
  let count = 0
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i)
    // A low surrogate that follows a high surrogate continues the previous code point.
    if (unit >= 0xdc00 && unit <= 0xdfff && i > 0) {
      const previous = text.charCodeAt(i - 1)
      if (previous >= 0xd800 && previous <= 0xdbff) continue
    }
    count++
  }
  return count
}

/**
 * Orders strings by Unicode code point, as docs/skill-format.md asks for load order. Plain `<` compares
 * UTF-16 units, which puts U+E000..U+FFFF after astral characters.
 */
export function compareCodePoints(a: string, b: string): number {
  // Unit by unit (a thousand paths are sorted on every import): at the first difference, a
  // surrogate stands for U+10000 and up, so it is moved above U+E000..U+FFFF, which move down.
  const length = Math.min(a.length, b.length)
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i)
    const y = b.charCodeAt(i)
    if (x !== y) return codePointRank(x) < codePointRank(y) ? -1 : 1
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1
}

function codePointRank(unit: number): number {
  if (unit >= 0xe000) return unit - 0x800
  if (unit >= 0xd800) return unit + 0x2000
  return unit
}

/** A 1-based line/column range in a file, the shape editors and the CLI both print. */
export interface TextRange {
  startLine: number
  startColumn: number
  endLine: number
  endColumn: number
}

/** Maps UTF-16 offsets of one text to 1-based line/column positions. */
export class LineIndex {
  private readonly lineStarts: number[] = [0]

  constructor(readonly text: string) {
    for (let i = 0; i < text.length; i++) {
      if (text.charCodeAt(i) === 10) this.lineStarts.push(i + 1)
    }
  }

  get lineCount(): number {
    return this.lineStarts.length
  }

  position(offset: number): { line: number; column: number } {
    const clamped = Math.max(0, Math.min(offset, this.text.length))
    let low = 0
    let high = this.lineStarts.length - 1
    while (low < high) {
      const mid = (low + high + 1) >> 1
      if ((this.lineStarts[mid] ?? 0) <= clamped) low = mid
      else high = mid - 1
    }
    return { line: low + 1, column: clamped - (this.lineStarts[low] ?? 0) + 1 }
  }

  range(start: number, end: number): TextRange {
    const from = this.position(start)
    const to = this.position(Math.max(start, end))
    return { startLine: from.line, startColumn: from.column, endLine: to.line, endColumn: to.column }
  }

  /** The whole of 1-based line `line`, without its line break. */
  lineRange(line: number): TextRange {
    const index = Math.max(1, Math.min(line, this.lineCount)) - 1
    const start = this.lineStarts[index] ?? 0
    const next = this.lineStarts[index + 1]
    let end = next === undefined ? this.text.length : next - 1
    if (end > start && this.text.charCodeAt(end - 1) === 13) end--
    return this.range(start, Math.max(end, start))
  }
}
