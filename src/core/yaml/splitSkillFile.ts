/**
 * Splits a SKILL.md into its frontmatter and body, and reads the frontmatter as YAML 1.2 with
 * source positions, safely. The only module that touches gray-matter:
 * - gray-matter's `---js` engine runs `eval` (CVE-2022-25863), so every non-YAML engine is
 *   replaced by one that refuses;
 * - an options object is always passed, which also bypasses gray-matter's content-keyed cache
 *   (it caches unparsed text after a YAML error and then stops reporting the error);
 * - the block is read within the limits of yamlLimits.ts (aliases capped, so a 400-byte alias
 *   bomb cannot freeze the tab).
 */
import { Buffer } from 'buffer'
import matter from 'gray-matter'
import { readFrontmatterYaml } from './readFrontmatterYaml'
import { readPlainYaml } from './readPlainYaml'
import type { FieldLocation, FrontmatterProblem, OutsideStrictYaml, Span } from './types'
import { MAX_FRONTMATTER_CHARS, yamlTooComplex } from './yamlLimits'
import { errorMessage } from './yamlMessages'

// gray-matter calls the Node global `Buffer.from` on every parse; browsers have no such global.
const runtime = globalThis as { Buffer?: unknown }
runtime.Buffer ??= Buffer

export interface SplitSkillFile {
  /** True when the file opens with a `---` frontmatter block. */
  hasFrontmatter: boolean
  /** Where the YAML block starts and ends in the file (empty when there is none). */
  frontmatterSpan: Span
  /** The YAML value, or undefined when there is none or it could not be parsed. */
  data: unknown
  body: string
  bodyOffset: number
  fields: Map<string, FieldLocation>
  /** Every place the frontmatter steps outside the reference validator's YAML subset. */
  outsideStrictYaml: OutsideStrictYaml[]
  errors: FrontmatterProblem[]
  warnings: FrontmatterProblem[]
}

const OPENING = '---'

/**
 * `plain: false` always goes through gray-matter and the full YAML parser; by default the common
 * shapes are read directly (tests compare the two paths on every shape).
 */
export function splitSkillFile(original: string, { plain = true }: { plain?: boolean } = {}): SplitSkillFile {
  // Old Mac files break lines with a lone CR, which neither gray-matter nor YAML reads as a line
  // break. Replacing each with LF keeps every offset (one character for one), so spans stay valid.
  const text = original.replace(/\r(?!\n)/g, '\n')
  const errors: FrontmatterProblem[] = []
  const warnings: FrontmatterProblem[] = []
  const fields = new Map<string, FieldLocation>()
  const outsideStrictYaml: OutsideStrictYaml[] = []
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0
  const afterOpening = text.slice(bom + OPENING.length)
  const languageRaw = text.startsWith(OPENING, bom) ? matter.language(afterOpening).raw : ''
  const matterStart = bom + OPENING.length + languageRaw.length
  let data: unknown

  const refuse = (language: string) => () => {
    errors.push({
      message: `"---${language}" frontmatter is not allowed: only YAML is read (other engines can run code).`,
      span: [bom, matterStart],
    })
    return {}
  }
  const parseYaml = (source: string) => {
    if (source.length > MAX_FRONTMATTER_CHARS) {
      errors.push({
        message: `Frontmatter is ${source.length.toLocaleString('en')} characters; the limit is ${MAX_FRONTMATTER_CHARS.toLocaleString('en')}.`,
        span: [bom, matterStart],
      })
      return {}
    }
    const tooComplex = yamlTooComplex(source)
    if (tooComplex) {
      errors.push({ message: tooComplex, span: [bom, matterStart] })
      return {}
    }
    // With CRLF line breaks the block ends in the "\r" before the closing "---"; YAML would keep
    // it as part of the last value.
    const yaml = source.replace(/\r$/, '')
    const simple = plain ? readPlainYaml(yaml, matterStart) : null
    if (simple) {
      data = simple.value
      for (const [key, location] of simple.fields) fields.set(key, location)
      outsideStrictYaml.push(...simple.outsideStrictYaml)
    } else data = readFrontmatterYaml(yaml, matterStart, fields, outsideStrictYaml, errors, warnings)
    return {}
  }
  const denied = ['js', 'javascript', 'coffee', 'coffeescript', 'cson', 'json', 'toml']
  const engines: Record<string, (source: string) => object> = { yaml: parseYaml, yml: parseYaml }
  for (const name of denied) engines[name] = refuse(name)

  let content = text
  let hasFrontmatter = false
  const direct = plain ? splitPlainBlock(text, bom, parseYaml) : null
  if (direct !== null) {
    hasFrontmatter = true
    content = direct
  } else {
    try {
      const file = matter(text, { engines } as never) as { content: string; matter?: string }
      // gray-matter always sets `matter` (to '' without frontmatter); it reads frontmatter only
      // when the text opens with --- not followed by another -.
      hasFrontmatter = text.startsWith(OPENING, bom) && text[bom + OPENING.length] !== '-'
      content = file.content
    } catch (error) {
      // An unknown language after `---` (e.g. `---ruby`): gray-matter has no engine for it.
      errors.push({ message: errorMessage(error), span: [bom, matterStart] })
      hasFrontmatter = true
      content = ''
    }
  }

  if (hasFrontmatter && !/\n---/.test(afterOpening.slice(languageRaw.length))) {
    errors.push({
      message: 'The frontmatter is never closed: add a line with --- after the last field.',
      span: [bom, bom + OPENING.length],
    })
    // Nothing of the block is read: no value, and so no field either (the lint reports the
    // opening line, not each field as missing or wrong).
    data = undefined
    fields.clear()
  }
  const closing = hasFrontmatter ? text.indexOf('\n---', matterStart - 1) : -1
  return {
    hasFrontmatter,
    frontmatterSpan: hasFrontmatter ? [matterStart, closing < 0 ? text.length : closing + 1] : [0, 0],
    data,
    body: content,
    bodyOffset: text.length - content.length,
    fields,
    outsideStrictYaml,
    errors,
    warnings,
  }
}

/**
 * The body after a frontmatter block that opens with a bare `---` line, read as gray-matter reads
 * it (the block ends at the first line that starts with ---; a block of only blanks and comments
 * is not parsed), with `parse` given the block as gray-matter gives it to its YAML engine. Null
 * for any other opening (no block, `---yaml`, `----`): gray-matter decides those. Skips its
 * per-call set-up and the copy of every text it makes, a third of the time a folder of a
 * thousand skills takes to parse.
 */
function splitPlainBlock(text: string, bom: number, parse: (block: string) => unknown): string | null {
  const after = bom + OPENING.length
  if (!text.startsWith(OPENING, bom) || !(text[after] === '\n' || (text[after] === '\r' && text[after + 1] === '\n'))) return null
  const rest = text.slice(after)
  const close = rest.indexOf('\n---')
  const block = close < 0 ? rest : rest.slice(0, close)
  if (hasContent(block)) parse(block)
  if (close < 0) return ''
  let body = rest.slice(close + '\n---'.length)
  if (body.startsWith('\r')) body = body.slice(1)
  if (body.startsWith('\n')) body = body.slice(1)
  return body
}

/**
 * Whether a block holds more than blank lines and comments (gray-matter parses it only then). A
 * line-by-line look: the pattern gray-matter's test amounts to (`/^\s*#[^\n]+/gm` removed, then
 * trimmed) backtracks over every blank line and cost a thousand-skill folder more than reading it.
 */
function hasContent(block: string): boolean {
  for (const line of block.split('\n')) {
    const text = line.trimStart()
    if (text !== '' && !(text.startsWith('#') && text.length > 1)) return true
  }
  return false
}
