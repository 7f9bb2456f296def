/**
 * How deep and how large the document linkedom would build from a page is, found without
 * building it: htmlparser2's rules for which open elements a tag closes, replayed over
 * htmlTokens. Parsing a deeply nested page takes linkedom time that grows with the square of the
 * depth, and Readability more, so readableText measures first and stops counting past its limits
 * (docs/live-tools.md, "Hostile pages").
 */
import { htmlTokens } from './htmlTokens'

export interface HtmlShape {
  /** The most elements open at once. */
  depth: number
  /** Elements, their attributes, text runs and comments. */
  nodes: number
}

const P = new Set(['p'])
const FORM = new Set(['input', 'option', 'optgroup', 'select', 'button', 'datalist', 'textarea'])
const TABLE_SECTIONS = new Set(['thead', 'tbody'])
const DD_DT = new Set(['dd', 'dt'])
const RT_RP = new Set(['rt', 'rp'])
/** htmlparser2's openImpliesClose: opening the key closes open elements of the set while one is innermost. */
const OPEN_IMPLIES_CLOSE = new Map<string, Set<string>>([
  ['tr', new Set(['tr', 'th', 'td'])],
  ['th', new Set(['th'])],
  ['td', new Set(['thead', 'th', 'td'])],
  ['body', new Set(['head', 'link', 'script'])],
  ['li', new Set(['li'])],
  ...['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((name): [string, Set<string>] => [name, P]),
  ...['select', 'input', 'output', 'button', 'datalist', 'textarea'].map((name): [string, Set<string>] => [name, FORM]),
  ['option', new Set(['option'])],
  ['optgroup', new Set(['optgroup', 'option'])],
  ['dd', DD_DT],
  ['dt', DD_DT],
  ...[
    'address',
    'article',
    'aside',
    'blockquote',
    'details',
    'div',
    'dl',
    'fieldset',
    'figcaption',
    'figure',
    'footer',
    'form',
    'header',
    'hr',
    'main',
    'nav',
    'ol',
    'pre',
    'section',
    'table',
    'ul',
  ].map((name): [string, Set<string>] => [name, P]),
  ['rt', RT_RP],
  ['rp', RT_RP],
  ['tbody', TABLE_SECTIONS],
  ['tfoot', TABLE_SECTIONS],
])
const VOID = new Set([
  'area',
  'base',
  'basefont',
  'br',
  'col',
  'command',
  'embed',
  'frame',
  'hr',
  'img',
  'input',
  'isindex',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
])
const FOREIGN = new Set(['math', 'svg'])
const HTML_INTEGRATION = new Set(['mi', 'mo', 'mn', 'ms', 'mtext', 'annotation-xml', 'foreignobject', 'desc', 'title'])

/**
 * The shape of `html`'s document, counted until `limits.depth` or `limits.nodes` is passed (then
 * the answer is just over that limit: the rest of the page is not read).
 */
export function htmlShape(html: string, limits: HtmlShape): HtmlShape {
  const open: string[] = []
  // Whether `/>` closes an element here: inside svg or math, and not in an HTML island in them.
  const foreign: boolean[] = [false]
  let depth = 0
  let nodes = 0
  // The next `&` of the page, found once: the searches only move forward.
  let amp = -1
  const openElement = (name: string) => {
    const closes = OPEN_IMPLIES_CLOSE.get(name)
    if (closes) while (open.length > 0 && closes.has(open[open.length - 1]!)) open.pop()
    nodes++
    if (VOID.has(name)) return
    open.push(name)
    depth = Math.max(depth, open.length)
    if (FOREIGN.has(name)) foreign.push(true)
    else if (HTML_INTEGRATION.has(name)) foreign.push(false)
  }
  for (const token of htmlTokens(html)) {
    if (token.kind === 'open') {
      openElement(token.name)
      nodes += token.attributes
      if (token.selfClosing && foreign[foreign.length - 1] && open[open.length - 1] === token.name) open.pop()
    } else if (token.kind === 'close') {
      const { name } = token
      if (FOREIGN.has(name) || HTML_INTEGRATION.has(name)) foreign.pop()
      if (VOID.has(name)) {
        // `</br>` is a `<br>`; other void end tags are ignored.
        if (name === 'br') nodes++
      } else {
        const index = open.lastIndexOf(name)
        if (index >= 0) open.length = index
        else if (name === 'p') {
          // `</p>` with no open p is an empty p.
          openElement('p')
          open.pop()
        }
      }
    } else if (token.kind === 'text') {
      // A character reference in text (and in a title) is a text node of its own, and so is the text after it.
      nodes++
      if (token.raw === null || token.raw === 'title') {
        if (amp < token.start) amp = nextAmpersand(html, token.start)
        while (amp < token.end) {
          nodes += 2
          amp = nextAmpersand(html, amp + 1)
        }
      }
    } else nodes++
    if (depth > limits.depth || nodes > limits.nodes) break
  }
  return { depth, nodes }
}

const nextAmpersand = (html: string, from: number) => {
  const found = html.indexOf('&', from)
  return found < 0 ? Infinity : found
}
