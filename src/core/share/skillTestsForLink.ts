/**
 * A one-skill link carries that skill's tests (issue 35 defect 10, docs/share-links.md): the
 * routing test cases that expect it and the eval cases of evals.yaml that expect it, each file cut
 * down to those cases (an eval case's YAML kept as written, comments inside it included). On
 * arrival the eval cases join the recipient's evals.yaml case by case, as routing cases do.
 */
import { EVALS_FILE } from '../evals/evalSuite'
import { appendRoutingCase, parseRoutingTests, ROUTING_TESTS_FILE } from '../routingSuite'
import { parseYamlText, type SkillFile } from '../skill'

/** The routing tests and eval cases that expect `skill`, as files a link can carry (none when it has none). */
export function skillTestsForLink(files: readonly SkillFile[], skill: string): SkillFile[] {
  const out: SkillFile[] = []
  const suite = files.find((file) => file.path === ROUTING_TESTS_FILE)
  if (suite) {
    const cases = parseRoutingTests(suite.text).cases.filter((item) => item.expect === skill)
    if (cases.length > 0) {
      let text: string | undefined
      for (const item of cases) text = appendRoutingCase(text, item.utterance, item.expect)
      out.push({ path: ROUTING_TESTS_FILE, text: text ?? '' })
    }
  }
  const evals = files.find((file) => file.path === EVALS_FILE)
  const items = evals ? evalItems(evals.text) : null
  const own = items?.filter((item) => item.skill === skill) ?? []
  if (own.length > 0) out.push({ path: EVALS_FILE, text: `${EVALS_HEADER}${own.map((item) => item.text).join('')}` })
  return out
}

const EVALS_HEADER = '# Behaviour evals (docs/evals.md).\ncases:\n'

interface EvalItem {
  name: string | undefined
  skill: string | null | undefined
  /** The item's lines, its dash at two spaces (as under `cases:`). */
  text: string
}

/** The cases of an evals.yaml as their own text, or null when the file does not read as a list of cases. */
function evalItems(text: string): EvalItem[] | null {
  const { value, errors, positions } = parseYamlText(text)
  if (errors.length > 0) return null
  const list = Array.isArray(value) ? value : isObject(value) ? value.cases : undefined
  if (!Array.isArray(list)) return null
  const prefix = Array.isArray(value) ? '' : 'cases.'
  const lines = text.replace(/\r\n?/g, '\n').split('\n')
  const lineOf = (offset: number) => text.slice(0, offset).split(/\r\n?|\n/).length - 1
  const starts = list.map((_, index) => positions.get(`${prefix}${index}`))
  if (starts.some((start) => start === undefined)) return null
  const firstLines = (starts as number[]).map(lineOf)
  return list.map((item: unknown, index) => {
    const from = firstLines[index] ?? 0
    const dash = (lines[from] ?? '').search(/\S/)
    // An item ends where the next begins, or (the last) at the first line left of its dash.
    const to = endOfItem(lines, from, dash, index === list.length - 1 ? lines.length : (firstLines[index + 1] ?? lines.length))
    const shift = 2 - dash
    const body = lines
      .slice(from, to)
      .map((line) => (shift >= 0 ? ' '.repeat(shift) + line : line.slice(Math.min(-shift, line.search(/\S|$/)))))
      .join('\n')
    const record = isObject(item) ? item : {}
    const expect = isObject(record.expect) ? record.expect : {}
    return {
      name: typeof record.name === 'string' ? record.name.trim() : undefined,
      skill: typeof expect.skill === 'string' || expect.skill === null ? expect.skill : undefined,
      text: `${body}\n`,
    }
  })
}

/**
 * Adds the incoming evals.yaml's cases to one's own, after its last case, the rest of the file
 * kept byte for byte: a case already there (same name, same text) once. Null when the two cannot be
 * merged case by case (either file does not read as a list of cases, one's own is not written
 * under `cases:`, or a case of the same name differs): the caller then keeps the incoming file
 * beside one's own, so nothing is lost.
 */
export function mergeEvalFiles(mine: string, theirs: string): { text: string; added: number } | null {
  const own = evalItems(mine)
  const incoming = evalItems(theirs)
  if (!own || !incoming || !/^cases:\s*(#.*)?$/m.test(mine)) return null
  const byName = new Map(own.map((item) => [item.name, item.text]))
  const adding: EvalItem[] = []
  for (const item of incoming) {
    if (item.name === undefined) return null
    const same = byName.get(item.name)
    if (same === undefined) adding.push(item)
    else if (same.trim() !== item.text.trim()) return null
  }
  if (adding.length === 0) return { text: mine, added: 0 }
  // Item texts have their dash at two spaces; own cases written at another indentation take them at theirs.
  const lines = mine.replace(/\r\n?/g, '\n').split('\n')
  const shift = (own.length > 0 ? dashOf(mine, own.length - 1) : 2) - 2
  const addition = adding
    .map((item) =>
      item.text
        .split('\n')
        .map((line) => (shift >= 0 ? ' '.repeat(line === '' ? 0 : shift) + line : line.slice(Math.min(-shift, line.search(/\S|$/)))))
        .join('\n'),
    )
    .join('')
  const end = endOfList(mine, own.length)
  if (end === null) return null
  const before = lines.slice(0, end).join('\n')
  const after = lines.slice(end).join('\n')
  return { text: `${before}${before.endsWith('\n') || before === '' ? '' : '\n'}${addition}${after ? after : ''}`, added: adding.length }
}

/** The indentation of the dash of own case `index`. */
function dashOf(text: string, index: number): number {
  const { value, positions } = parseYamlText(text)
  const prefix = Array.isArray(value) ? '' : 'cases.'
  const offset = positions.get(`${prefix}${index}`) ?? 0
  const line =
    text
      .slice(0, offset)
      .split(/\r\n?|\n/)
      .at(-1) ?? ''
  return line.search(/\S/)
}

/** The line index just after the list's last case (its trailing blank and comment lines left after it), or null. */
function endOfList(text: string, count: number): number | null {
  const { value, positions } = parseYamlText(text)
  const prefix = Array.isArray(value) ? '' : 'cases.'
  const lines = text.replace(/\r\n?/g, '\n').split('\n')
  if (count === 0) {
    const at = lines.findIndex((line) => /^cases:\s*(#.*)?$/.test(line))
    return at < 0 ? null : at + 1
  }
  const offset = positions.get(`${prefix}${count - 1}`)
  if (offset === undefined) return null
  const from = text.slice(0, offset).split(/\r\n?|\n/).length - 1
  return endOfItem(lines, from, (lines[from] ?? '').search(/\S/), lines.length)
}

/**
 * Where the list item whose dash is on line `from` (at column `dash`) ends: at `next` (the next
 * item's line), or for the last item at the first line left of its dash. Trailing blank and
 * comment lines belong to what follows.
 */
function endOfItem(lines: readonly string[], from: number, dash: number, next: number): number {
  let to = next
  if (next === lines.length)
    for (let at = from + 1; at < lines.length; at++) {
      const line = lines[at] ?? ''
      if (line.trim() === '' || line.trimStart().startsWith('#')) continue
      if (line.search(/\S/) <= dash) {
        to = at
        break
      }
    }
  while (to - 1 > from && /^\s*(#.*)?$/.test(lines[to - 1] ?? '')) to--
  return to
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
