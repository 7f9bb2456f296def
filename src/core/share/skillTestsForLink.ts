/**
 * A one-skill link carries that skill's tests (issue 35 defect 10, docs/share-links.md): the
 * routing test cases that expect it and the eval cases of evals.yaml that expect it, each file cut
 * down to those cases (an eval case's YAML kept as written, comments inside it included; the
 * file's lines before `cases:`, such as `trials:` or an anchor the cases use, kept too). On arrival
 * the eval cases join the recipient's evals.yaml case by case, as routing cases do. Every text
 * spliced here is read back before it is used: one that does not read back as the cases it should
 * hold is not used (the link leaves the file out; a merge brings the file in beside).
 */
import { EVALS_FILE } from '../evals/evalSuite'
import { appendRoutingCases, parseRoutingTests, ROUTING_TESTS_FILE } from '../routingSuite'
import { locateListItems, parseYamlText, type SkillFile } from '../skill'

/** The routing tests and eval cases that expect `skill`, as files a link can carry (none when it has none). */
export function skillTestsForLink(files: readonly SkillFile[], skill: string): SkillFile[] {
  const out: SkillFile[] = []
  const suite = files.find((file) => file.path === ROUTING_TESTS_FILE)
  if (suite) {
    const cases = parseRoutingTests(suite.text).cases.filter((item) => item.expect === skill)
    if (cases.length > 0) out.push({ path: ROUTING_TESTS_FILE, text: appendRoutingCases(undefined, cases) })
  }
  const evals = files.find((file) => file.path === EVALS_FILE)
  const read = evals ? evalItems(evals.text) : null
  const own = read?.items.filter((item) => item.skill === skill) ?? []
  if (evals && read && own.length > 0) {
    const newline = newlineOf(evals.text)
    const text = `${read.head ?? EVALS_HEADER}${own.map((item) => item.text).join('')}`.replace(/\r?\n/g, newline)
    // A case that leans on something the cut left out (an anchor defined in another case) would not read back as itself.
    if (readsBackAs(text, own)) out.push({ path: EVALS_FILE, text })
  }
  return out
}

const EVALS_HEADER = '# Behaviour evals (docs/evals.md).\ncases:\n'

interface EvalItem {
  name: string | undefined
  skill: string | null | undefined
  /** The case as read, to check that a spliced text reads back the same. */
  value: unknown
  /** The item's lines, its dash at two spaces (as under `cases:`), each line ending in `\n`. */
  text: string
  /** The column of its dash in the file. */
  column: number
  /** Where its text ends in the file: the end of its last line, before the line break. */
  end: number
}

interface EvalItems {
  items: EvalItem[]
  /** The file's lines up to and including `cases:` (`\n` line breaks); null for a file that is a bare list. */
  head: string | null
}

/** The cases of an evals.yaml as their own text, or null when the file does not read as a list of cases. */
function evalItems(text: string): EvalItems | null {
  const { value, errors } = parseYamlText(text)
  if (errors.length > 0) return null
  const list = Array.isArray(value) ? value : isObject(value) ? value.cases : undefined
  if (!Array.isArray(list)) return null
  // Where each case is written, from the YAML owner (core/yaml): the same document, node by node.
  const located = locateListItems(text)
  if (!located || located.length !== list.length) return null
  const items: EvalItem[] = []
  for (const [index, item] of located.entries()) {
    // The item's dash, first on its line; the item may start on the line after it (`-` alone).
    const dash = text.lastIndexOf('-', item.span[0] - 1)
    const lineStart = text.lastIndexOf('\n', dash - 1) + 1
    if (dash < 0 || text.slice(lineStart, dash).trim() !== '') return null
    let end = item.span[1]
    while (end > item.span[0] && /\s/.test(text[end - 1] ?? '')) end--
    const lineEnd = text.indexOf('\n', end)
    const stop = lineEnd < 0 ? text.length : text[lineEnd - 1] === '\r' ? lineEnd - 1 : lineEnd
    const column = dash - lineStart
    const body = text
      .slice(lineStart, stop)
      .split(/\r?\n/)
      .map((line) => shiftLine(line, 2 - column))
      .join('\n')
    const record: Record<string, unknown> = isObject(list[index]) ? list[index] : {}
    const expect = isObject(record.expect) ? record.expect : {}
    items.push({
      name: typeof record.name === 'string' ? record.name.trim() : undefined,
      skill: typeof expect.skill === 'string' || expect.skill === null ? expect.skill : undefined,
      value: list[index],
      text: `${body}\n`,
      column,
      end: stop,
    })
  }
  let head: string | null = null
  if (!Array.isArray(value)) {
    const lines = text.split(/\r?\n/)
    const at = lines.findIndex((line) => /^cases:\s*(#.*)?$/.test(line))
    if (at < 0) return { items, head: null }
    head = `${lines.slice(0, at + 1).join('\n')}\n`
  }
  return { items, head }
}

/** A line moved right by `shift` columns, or left by as much of `-shift` as it has spaces. */
function shiftLine(line: string, shift: number): string {
  if (line === '') return line
  return shift >= 0 ? ' '.repeat(shift) + line : line.slice(Math.min(-shift, line.search(/\S|$/)))
}

/** Whether `text` reads as exactly these cases, in this order, each with the value it had where it came from. */
function readsBackAs(text: string, expected: readonly { value: unknown }[]): boolean {
  const back = evalItems(text)
  return (
    back !== null &&
    back.items.length === expected.length &&
    back.items.every((item, index) => JSON.stringify(item.value) === JSON.stringify(expected[index]?.value))
  )
}

const newlineOf = (text: string) => (text.includes('\r\n') ? '\r\n' : '\n')

/** What `mergeEvalFiles` made: the merged text, how many cases it added, and the incoming cases it left out for one's own. */
export interface EvalFilesMerge {
  text: string
  added: number
  /** Names of incoming cases whose name one's own file already has with another text: one's own is kept. */
  conflicts: string[]
}

/**
 * Adds the incoming evals.yaml's cases to one's own, after its last case, the rest of the file
 * kept byte for byte (its line breaks included): a case already there (same name, same text)
 * once; a case of the same name that differs stays as one's own and is named in `conflicts`, as
 * a routing case with another expectation is, so the other cases still join. Null when the two
 * cannot be merged case by case (either file does not read as a list of cases, an incoming case
 * has no name, one's own is not written under `cases:` or has none, or the merged file would not
 * read back as one's own cases and the added ones): the caller then keeps the incoming file
 * beside one's own, so nothing is lost.
 */
export function mergeEvalFiles(mine: string, theirs: string): EvalFilesMerge | null {
  const own = evalItems(mine)
  const incoming = evalItems(theirs)
  const last = own?.items.at(-1)
  if (!own || !incoming || own.head === null || !last) return null
  const byName = new Map(own.items.map((item) => [item.name, item.text]))
  const adding: EvalItem[] = []
  const conflicts: string[] = []
  for (const item of incoming.items) {
    if (item.name === undefined) return null
    const same = byName.get(item.name)
    if (same === undefined) adding.push(item)
    else if (same.trim() !== item.text.trim() && !conflicts.includes(item.name)) conflicts.push(item.name)
  }
  if (adding.length === 0) return { text: mine, added: 0, conflicts }
  // Item texts have their dash at two spaces; own cases written at another indentation take them at theirs.
  const newline = newlineOf(mine)
  const addition = adding
    .flatMap((item) =>
      item.text
        .slice(0, -1)
        .split('\n')
        .map((line) => shiftLine(line, last.column - 2)),
    )
    .join(newline)
  const text = `${mine.slice(0, last.end)}${newline}${addition}${mine.slice(last.end)}`
  return readsBackAs(text, [...own.items, ...adding]) ? { text, added: adding.length, conflicts } : null
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
