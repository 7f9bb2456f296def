/**
 * The part of a text that a change replaced: what both versions share at the start and at the end
 * is left alone. The editor applies only this span when its file changes from elsewhere (another
 * tab's merged save, a change on disk, the form), so the cursor and the lines around it stay
 * where the person is typing; replacing the whole text moved the cursor, and the next keys landed
 * in the wrong place.
 */
export interface ChangedSpan {
  /** Offsets in the old text. */
  start: number
  end: number
  /** What replaces old[start, end). */
  text: string
}

export function changedSpan(before: string, after: string): ChangedSpan {
  const shorter = Math.min(before.length, after.length)
  let start = 0
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start++
  let tail = 0
  while (tail < shorter - start && before.charCodeAt(before.length - 1 - tail) === after.charCodeAt(after.length - 1 - tail)) tail++
  // Never split a surrogate pair or a CRLF: the span starts and ends on whole characters.
  const splits = (text: string, at: number) => {
    const previous = text.charCodeAt(at - 1)
    const next = text.charCodeAt(at)
    return (previous >= 0xd800 && previous <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) || (previous === 13 && next === 10)
  }
  while (start > 0 && (splits(before, start) || splits(after, start))) start--
  while (tail > 0 && (splits(before, before.length - tail) || splits(after, after.length - tail))) tail--
  return { start, end: before.length - tail, text: after.slice(start, after.length - tail) }
}
