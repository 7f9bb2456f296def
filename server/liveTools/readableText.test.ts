import { parseHTML } from 'linkedom'
import { describe, expect, it } from 'vitest'
import { htmlShape } from './htmlShape'
import { plainText, READABLE_LIMITS, readableText } from './readableText'

const NO_LIMIT = { depth: Infinity, nodes: Infinity }
const nested = (depth: number, inner = 'deep text') => `<html><body>${'<div>'.repeat(depth)}${inner}${'</div>'.repeat(depth)}</body></html>`

/** The depth and node count of the document linkedom really builds. */
function builtShape(html: string) {
  const { document } = parseHTML(html)
  let depth = 0
  let nodes = 0
  const walk = (node: { childNodes: ArrayLike<unknown> }, level: number) => {
    for (const child of Array.from(node.childNodes) as {
      nodeType: number
      attributes?: ArrayLike<unknown>
      childNodes: ArrayLike<unknown>
    }[]) {
      nodes++
      if (child.nodeType !== 1) continue
      nodes += child.attributes?.length ?? 0
      depth = Math.max(depth, level + 1)
      walk(child, level + 1)
    }
  }
  walk(document, 0)
  return { depth, nodes }
}

describe('the shape of a page, measured before linkedom builds it', () => {
  // htmlparser2's rules, which the scan replays: implied ends, void elements, `/>` only in svg and
  // math, raw text, comments, CDATA, quoted attributes holding `>` and `<!--`.
  const pages = [
    '<!doctype html><html><head><title>A &amp; B</title><meta charset="utf-8"><link rel=stylesheet href=x.css></head><body><p>one<p>two<div>three</div></body></html>',
    '<ul><li>a<li>b<li><ul><li>c<li>d</ul></ul><ol><li>x</li><li>y</ol>',
    '<table><thead><tr><th>h<th>i<tbody><tr><td>1<td>2<tr><td>3<td>4<tfoot><tr><td>f</table>',
    '<dl><dt>t<dd>d<dt>u<dd>e</dl><select><option>a<option>b<optgroup><option>c</select>',
    '<div><br><img src=x><input><hr><wbr>text</br></p></div><p>after',
    '<svg><path d="M0 0"/><g><circle r=1 /><title>icon</title></g><foreignObject><div/><div>x</div></foreignObject></svg><div/><span>still inside the div</span>',
    '<math><mi>x</mi><mo>=</mo><mn>1</mn></math>',
    '<div title=">" data-x=\'<!--\' class=a>text<!-- <div><div> --><![CDATA[ <div> ]]><?pi <div>?><!decl <div>></div>',
    '<script>if (a < b) document.write("<div><div><div>")</script><style>div > p { }</style><textarea><div></textarea><xmp><div></xmp>',
    '<DIV CLASS=x><P>Upper<SPAN>case</SPAN></DIV><div/ ><div / x><span></span>',
    '<p>a &amp; b &lt; c &copy; d &#233; e & f</p><p>plain</p>',
    '<div><span><b><i>unclosed',
    '<div></span></b></i>stray ends</div></div></div>',
    '< notatag <3 a<b <!-- unterminated',
  ]
  for (const page of pages)
    it(`agrees with linkedom on ${JSON.stringify(page.slice(0, 60))}`, () => {
      const built = builtShape(page)
      const measured = htmlShape(page, NO_LIMIT)
      expect(measured.depth).toBe(built.depth)
      // Never fewer nodes than the document has: that would let a heavy page through.
      expect(measured.nodes).toBeGreaterThanOrEqual(built.nodes)
    })

  it('is not fooled by markup that hides its nesting inside a quoted attribute', () => {
    const page = `<html><body><div title=">x<!--">${'<div>'.repeat(500)}--></body></html>`
    expect(builtShape(page).depth).toBeGreaterThan(500)
    expect(htmlShape(page, READABLE_LIMITS).depth).toBeGreaterThan(READABLE_LIMITS.depth)
  })
})

describe('readableText on hostile pages (each froze the server)', () => {
  const timed = (html: string) => {
    const started = performance.now()
    const result = readableText(html)
    return { ...result, ms: performance.now() - started }
  }

  it('2,000 nested divs (10 KB): plain text, at once', () => {
    const page = timed(nested(2000))
    expect(page).toMatchObject({ method: 'plain', text: 'deep text' })
    expect(page.ms).toBeLessThan(1000)
  })

  it('350,000 nested divs: plain text, in time linear in the page', () => {
    const page = timed(nested(350_000))
    expect(page).toMatchObject({ method: 'plain', text: 'deep text' })
    expect(page.ms).toBeLessThan(5000)
  })

  it('a quarter of a million attributes on one element: plain text', () => {
    const names = Array.from({ length: 250_000 }, (_, i) => `a${i}`).join(' ')
    const page = timed(`<html><body><div ${names}>attributes</div></body></html>`)
    expect(page).toMatchObject({ method: 'plain', text: 'attributes' })
    expect(page.ms).toBeLessThan(5000)
  })

  it('a 2 MB page of 130,000 paragraphs: plain text', () => {
    const page = timed(`<html><body>${'<p>word word</p>'.repeat(131_072)}</body></html>`)
    expect(page.method).toBe('plain')
    expect(page.text.startsWith('word word\nword word')).toBe(true)
    expect(page.ms).toBeLessThan(5000)
  })

  it('a page just inside the limits still gets Readability', () => {
    const page = readableText(nested(READABLE_LIMITS.depth - 3, `<p>${'A sentence of the article, with a comma. '.repeat(10)}</p>`))
    expect(page.method).toBe('article')
    expect(page.text).toContain('A sentence of the article')
  })

  it('a page without an <html> root (a lone script, bare text) gives its text, not an exception', () => {
    expect(readableText('<script>'.repeat(1000))).toMatchObject({ text: '' })
    expect(readableText('just words')).toMatchObject({ text: 'just words' })
  })
})

describe('plainText', () => {
  it('keeps the words and the title, decodes references, drops scripts, styles and hidden templates', () => {
    expect(
      plainText(
        '<title>A &amp; B</title><style>p{}</style><h1>Head</h1><p>x &lt;y&gt; &eacute; &#233; &#x41;</p><script>var a = "<p>"</script><noscript>no</noscript><template><p>t</p></template><div>z</div>',
      ),
    ).toEqual({ title: 'A & B', text: 'Head\nx <y> é é A\nz', method: 'plain' })
  })
})
