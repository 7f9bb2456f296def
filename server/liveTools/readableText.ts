/**
 * The main text of a web page, as Firefox's Reader View finds it (@mozilla/readability over a
 * linkedom document: no script runs, nothing is fetched). The only module that imports either.
 *
 * Both take time that grows faster than the page: linkedom's with the square of the nesting depth,
 * Readability's with depth and element count together, so a small page can be built to keep them
 * busy for as long as it likes. A page past READABLE_LIMITS gets its plain text instead, read in
 * one pass without building a document. This runs in a worker thread that is ended at the
 * time-out (readableTextInWorker.ts, docs/live-tools.md "Hostile pages").
 */
import { Readability } from '@mozilla/readability'
import { parseHTML } from 'linkedom'
import { htmlShape, type HtmlShape } from './htmlShape'
import { htmlTokens } from './htmlTokens'

export interface ReadableText {
  title: string
  text: string
  /** How the text was found: the article (Readability), the whole document's text, or the plain text of a page too deep or too large for a document. */
  method: 'article' | 'document' | 'plain'
}

/** The largest page that gets a document and Readability (past either limit: plain text). */
export const READABLE_LIMITS: HtmlShape = { depth: 128, nodes: 20_000 }

/** Paragraph breaks kept, runs of blank space folded. */
function tidy(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

export function readableText(html: string): ReadableText {
  const shape = htmlShape(html, READABLE_LIMITS)
  if (shape.depth > READABLE_LIMITS.depth || shape.nodes > READABLE_LIMITS.nodes) return plainText(html)
  try {
    return documentText(html)
  } catch {
    // A page whose root is not <html> (a lone <script>, say) leaves linkedom's document without the body Readability reads.
    return plainText(html)
  }
}

function documentText(html: string): ReadableText {
  const { document } = parseHTML(html)
  const title = tidy(document.querySelector('title')?.textContent ?? '')
  // Readability changes the document it reads; it gets its own copy of nothing else.
  const article = new Readability(document, { charThreshold: 100 }).parse()
  if (article?.textContent && article.textContent.trim())
    return { title: tidy(article.title || title), text: tidy(article.textContent), method: 'article' }
  const { document: fresh } = parseHTML(html)
  for (const element of fresh.querySelectorAll('script, style, noscript, template')) element.remove()
  return { title, text: tidy(fresh.body?.textContent ?? fresh.documentElement?.textContent ?? ''), method: 'document' }
}

/** Elements whose text is not the page's. */
const HIDDEN = new Set(['noscript', 'template'])
/** Elements that start a new line. */
const BLOCKS = new Set(
  'address article aside blockquote br dd details div dl dt fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section summary table td th tr ul'.split(
    ' ',
  ),
)

/** The text of `html` in one pass, in time linear in the page: no document, no Readability. */
export function plainText(html: string): ReadableText {
  const parts: string[] = []
  let title: string | null = null
  let hidden = 0
  for (const token of htmlTokens(html)) {
    if (token.kind === 'open' || token.kind === 'close') {
      if (HIDDEN.has(token.name)) hidden = Math.max(0, hidden + (token.kind === 'open' ? 1 : -1))
      if (BLOCKS.has(token.name) && parts[parts.length - 1] !== '\n') parts.push('\n')
    } else if (token.kind === 'text') {
      if (token.raw === 'title') title ??= html.slice(token.start, token.end)
      else if (token.raw !== 'script' && token.raw !== 'style' && hidden === 0) parts.push(html.slice(token.start, token.end))
    }
  }
  return { title: tidy(decodeEntities(title ?? '')), text: tidy(decodeEntities(parts.join(''))), method: 'plain' }
}

/**
 * `&amp;`, `&#233;` and every other character reference, decoded by the HTML parser. As an
 * attribute's value the text is one string however many references it holds (in text each one
 * would be a node of its own).
 */
function decodeEntities(text: string): string {
  if (!text.includes('&')) return text
  const { document } = parseHTML(`<html data-text="${text.replace(/"/g, '&quot;')}"></html>`)
  return document.documentElement?.getAttribute('data-text') ?? text
}
