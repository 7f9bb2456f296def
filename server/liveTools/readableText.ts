/**
 * The main text of a web page, as Firefox's Reader View finds it (@mozilla/readability over a
 * linkedom document: no script runs, nothing is fetched). The only module that imports either.
 */
import { Readability } from '@mozilla/readability'
import { parseHTML } from 'linkedom'

export interface ReadableText {
  title: string
  text: string
}

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
  const { document } = parseHTML(html)
  const title = tidy(document.querySelector('title')?.textContent ?? '')
  // Readability changes the document it reads; it gets its own copy of nothing else.
  const article = new Readability(document, { charThreshold: 100 }).parse()
  if (article?.textContent && article.textContent.trim()) return { title: tidy(article.title || title), text: tidy(article.textContent) }
  const { document: fresh } = parseHTML(html)
  for (const element of fresh.querySelectorAll('script, style, noscript, template')) element.remove()
  return { title, text: tidy(fresh.body?.textContent ?? fresh.documentElement?.textContent ?? '') }
}
