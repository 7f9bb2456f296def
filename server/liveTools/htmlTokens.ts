/**
 * A one-pass HTML tokenizer that follows htmlparser2's (the parser linkedom builds its documents
 * with) where it matters for the shape of the tree: which `<` opens a tag, quoted attribute values,
 * comments, declarations, CDATA, and the raw-text elements whose content is never markup. It never
 * looks back and every search moves forward, so its time is linear in the page, whatever the page
 * is (docs/live-tools.md, "Hostile pages").
 */

export type HtmlToken =
  | { kind: 'open'; name: string; selfClosing: boolean; attributes: number }
  | { kind: 'close'; name: string }
  /** Text from `start` to `end`, entities not yet decoded; `raw` is the raw-text element it is inside (script, style, title, textarea, xmp). */
  | { kind: 'text'; start: number; end: number; raw: string | null }
  /** A comment, declaration, processing instruction or CDATA section. */
  | { kind: 'other' }

/** htmlparser2's raw-text elements: their content runs to their end tag and holds no markup. */
const RAW_TEXT = new Set(['script', 'style', 'title', 'textarea', 'xmp'])

const isSpace = (code: number) => code === 32 || code === 10 || code === 9 || code === 12 || code === 13
const isAlpha = (code: number) => (code >= 97 && code <= 122) || (code >= 65 && code <= 90)
/** Where a tag name ends: white space, `/` or `>`. */
const endsName = (code: number) => code === 47 || code === 62 || isSpace(code)

export function* htmlTokens(html: string): Generator<HtmlToken> {
  const length = html.length
  let at = 0
  // Each branch either moves `at` past what it read or returns: nothing is read twice.
  while (at < length) {
    const lt = html.indexOf('<', at)
    if (lt < 0) {
      yield { kind: 'text', start: at, end: length, raw: null }
      return
    }
    if (lt > at) yield { kind: 'text', start: at, end: lt, raw: null }
    const next = html.charCodeAt(lt + 1)
    if (next === 33 /* ! */) {
      // `<!-->` and `<!--->` are whole comments: the `--` of the opener counts toward the closer.
      const end = html.startsWith('--', lt + 2)
        ? endAfter(html, '-->', lt + 2)
        : html.startsWith('[CDATA[', lt + 2)
          ? endAfter(html, ']]>', lt + 9)
          : endAfter(html, '>', lt + 2)
      if (end < 0) return
      yield { kind: 'other' }
      at = end
    } else if (next === 63 /* ? */) {
      const end = endAfter(html, '>', lt + 2)
      if (end < 0) return
      yield { kind: 'other' }
      at = end
    } else if (next === 47 /* / */) {
      let cursor = lt + 2
      while (cursor < length && isSpace(html.charCodeAt(cursor))) cursor++
      if (cursor >= length) return
      const first = html.charCodeAt(cursor)
      if (first === 62) {
        at = cursor + 1
        continue
      }
      if (isAlpha(first)) {
        let nameEnd = cursor
        while (nameEnd < length && html.charCodeAt(nameEnd) !== 62 && !isSpace(html.charCodeAt(nameEnd))) nameEnd++
        if (nameEnd >= length) return
        yield { kind: 'close', name: html.slice(cursor, nameEnd).toLowerCase() }
      } else yield { kind: 'other' }
      const end = endAfter(html, '>', cursor)
      if (end < 0) return
      at = end
    } else if (isAlpha(next)) {
      const tag = openTag(html, lt + 1)
      if (!tag) return
      yield { kind: 'open', name: tag.name, selfClosing: tag.selfClosing, attributes: tag.attributes }
      at = tag.end
      if (RAW_TEXT.has(tag.name) && !tag.selfClosing) {
        const close = rawTextEnd(html, tag.name, at)
        yield { kind: 'text', start: at, end: close < 0 ? length : close, raw: tag.name }
        if (close < 0) return
        at = close
      }
    } else {
      // A `<` that opens nothing is text.
      yield { kind: 'text', start: lt, end: lt + 1, raw: null }
      at = lt + 1
    }
  }
}

/** The index just past the first `needle` at or after `from`, or -1 (the rest of the page is inside). */
function endAfter(html: string, needle: string, from: number): number {
  const found = html.indexOf(needle, from)
  return found < 0 ? -1 : found + needle.length
}

/** The tag that starts at `from` (its name's first letter): its name, whether it ends in `/>`, how many attributes it has, and the index past its `>`. */
function openTag(html: string, from: number): { name: string; selfClosing: boolean; attributes: number; end: number } | null {
  const length = html.length
  let cursor = from
  while (cursor < length && !endsName(html.charCodeAt(cursor))) cursor++
  const name = html.slice(from, cursor).toLowerCase()
  let selfClosing = false
  let attributes = 0
  while (cursor < length) {
    const code = html.charCodeAt(cursor)
    if (code === 62) return { name, selfClosing, attributes, end: cursor + 1 }
    if (isSpace(code)) {
      cursor++
      continue
    }
    if (code === 47) {
      // `/` then `>` (white space between allowed) closes the tag; anything else starts an attribute.
      selfClosing = true
      cursor++
      continue
    }
    selfClosing = false
    attributes++
    // An attribute name runs to `=`, white space, `/` or `>`.
    while (cursor < length) {
      const inName = html.charCodeAt(cursor)
      if (inName === 61 || endsName(inName)) break
      cursor++
    }
    while (cursor < length && isSpace(html.charCodeAt(cursor))) cursor++
    if (html.charCodeAt(cursor) !== 61) continue
    cursor++
    while (cursor < length && isSpace(html.charCodeAt(cursor))) cursor++
    const quote = html.charCodeAt(cursor)
    if (quote === 34 || quote === 39) {
      const close = html.indexOf(quote === 34 ? '"' : "'", cursor + 1)
      if (close < 0) return null
      cursor = close + 1
    } else {
      while (cursor < length && html.charCodeAt(cursor) !== 62 && !isSpace(html.charCodeAt(cursor))) cursor++
    }
  }
  return null
}

/** Where the raw text of `name` that starts at `from` ends: its `</name` followed by `>` or white space, or -1. */
function rawTextEnd(html: string, name: string, from: number): number {
  let cursor = from
  for (;;) {
    const found = html.indexOf('</', cursor)
    if (found < 0) return -1
    const after = html.charCodeAt(found + 2 + name.length)
    if (html.slice(found + 2, found + 2 + name.length).toLowerCase() === name && (after === 62 || isSpace(after))) return found
    cursor = found + 1
  }
}
