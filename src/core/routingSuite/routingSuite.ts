import { LineIndex, type TextRange } from '../lib/text'
import { formatMessage, message, type Message } from '../messages'
import { scoreOf, type RoutingResult } from '../routing'
import { finishSteps } from '../lib/finishSteps'
import { recentByText } from '../lib/recentByText'
import { locateListItems, parseYamlTextInSteps } from '../skill'

export const ROUTING_TESTS_FILE = 'routing-tests.yaml'

export interface RoutingCase {
  utterance: string
  /** The skill that should win, or null for "no skill". */
  expect: string | null
  /** 1-based line of the case in the file, for jumping to it. */
  line: number
  /** Its position in the file's list (what editing and deleting refer to). */
  index: number
}

export interface CaseProblem {
  message: string
  /** The message as a catalog entry (absent for the YAML parser's own messages). */
  text?: Message
  range: TextRange
}

const problem = (text: Message, range: TextRange): CaseProblem => ({ message: formatMessage(text), text, range })

/** Reads `routing-tests.yaml`: a list of `{utterance, expect}` (expect a skill name or null). */
export function parseRoutingTests(text: string): ParsedRoutingTests {
  return recentSuites.get(text) ?? finishSteps(parseRoutingTestsInSteps(text))
}

/**
 * The last few suites read, by text. A long suite is parsed a slice at a time ahead of the render
 * or the click that needs it (src/state/derive.ts); the click (adding a case, merging an import's
 * suite) then finds it here instead of parsing it again in one task. The results are shared, so
 * they are frozen.
 */
const recentSuites = recentByText<ParsedRoutingTests>(4)

function remember(text: string, parsed: ParsedRoutingTests): ParsedRoutingTests {
  const frozen = { cases: Object.freeze(parsed.cases.map((item) => Object.freeze(item))), problems: Object.freeze(parsed.problems) }
  return recentSuites.remember(text, frozen as ParsedRoutingTests)
}

export interface ParsedRoutingTests {
  cases: RoutingCase[]
  problems: CaseProblem[]
}

/**
 * `parseRoutingTests`, yielding every few dozen cases: a suite of hundreds takes the YAML parser
 * longer than a task of the page should last (an import, a restore), so the page spreads it.
 */
export function* parseRoutingTestsInSteps(text: string): Generator<void, ParsedRoutingTests> {
  return recentSuites.get(text) ?? remember(text, yield* readSuite(text))
}

function* readSuite(text: string): Generator<void, ParsedRoutingTests> {
  const lines = new LineIndex(text)
  const { value, errors } = yield* parseYamlTextInSteps(text)
  const problems: CaseProblem[] = errors.map((error) => ({ message: error.message, range: lines.range(error.span[0], error.span[1]) }))
  if (errors.length > 0 || value === null || value === undefined) return { cases: [], problems }
  const list = Array.isArray(value) ? value : (value as { cases?: unknown }).cases
  if (!Array.isArray(list))
    return {
      cases: [],
      problems: [problem(message('suite.notList'), lines.range(0, 0))],
    }
  // Lines of "- utterance:" entries, in order, to anchor each case.
  const starts = [...text.matchAll(/^\s*-\s/gm)].map((match) => lines.position(match.index ?? 0).line)
  const cases: RoutingCase[] = []
  list.forEach((item: unknown, index) => {
    const line = starts[index] ?? 1
    const entry = item as { utterance?: unknown; expect?: unknown }
    if (typeof entry !== 'object' || entry === null || typeof entry.utterance !== 'string') {
      problems.push(problem(message('suite.needsUtterance', { case: index + 1 }), lines.lineRange(line)))
      return
    }
    if (entry.expect !== null && entry.expect !== undefined && typeof entry.expect !== 'string') {
      problems.push(problem(message('suite.badExpect', { case: index + 1 }), lines.lineRange(line)))
      return
    }
    cases.push({ utterance: entry.utterance, expect: typeof entry.expect === 'string' ? entry.expect : null, line, index })
  })
  return { cases, problems }
}

export interface CaseResult {
  case: RoutingCase
  got: string | null
  pass: boolean
  /** The expected skill's final score (null when it had none), and the best score overall. */
  expectedFinal: number | null
  bestFinal: number | null
  routing: RoutingResult
}

export interface SuiteResult {
  results: CaseResult[]
  passed: number
  failed: number
  /** Expected → got → count, over every case. */
  confusion: Map<string, Map<string, number>>
  /** Names the cases expect that are not skills of the workspace. */
  unknownExpectations: string[]
}

export const NO_SKILL = '(none)'

export function runRoutingTests(
  cases: readonly RoutingCase[],
  router: (utterance: string, threshold: number) => RoutingResult,
  threshold: number,
  /** The workspace's skills in load order: a name the cases expect means the first skill of that name. */
  skills: readonly { name: string; path: string }[],
): SuiteResult {
  const pathOf = new Map<string, string>()
  for (const skill of [...skills].reverse()) pathOf.set(skill.name, skill.path)
  const results = cases.map((testCase): CaseResult => {
    // scoreOf describes the one skill, not all of them: a 300-case suite over 1,000 skills.
    const routing = router(testCase.utterance, threshold)
    const got = routing.winner?.skill ?? null
    return {
      case: testCase,
      got,
      pass: got === testCase.expect,
      expectedFinal: scoreOf(routing, pathOf.get(testCase.expect ?? '') ?? '')?.final ?? null,
      bestFinal: routing.best?.final ?? null,
      routing,
    }
  })
  const confusion = new Map<string, Map<string, number>>()
  for (const result of results) {
    const expected = result.case.expect ?? NO_SKILL
    const row = confusion.get(expected) ?? new Map<string, number>()
    row.set(result.got ?? NO_SKILL, (row.get(result.got ?? NO_SKILL) ?? 0) + 1)
    confusion.set(expected, row)
  }
  const unknownExpectations = [...new Set(cases.map((c) => c.expect).filter((name): name is string => name !== null && !pathOf.has(name)))]
  const passed = results.filter((result) => result.pass).length
  return { results, passed, failed: results.length - passed, confusion, unknownExpectations }
}

export interface SweepPoint {
  threshold: number
  accuracy: number
}

/**
 * Suite accuracy for thresholds from 0 to 1, read off a suite's results (run at any threshold)
 * without routing again. The threshold only decides whether the best skill passes
 * (docs/routing.md, step 7), and the best skill of a case is the first (in load order) with the
 * highest final score, whatever the threshold.
 */
export function sweepFromResults(results: readonly CaseResult[], steps = 100): SweepPoint[] {
  const outcomes = results.map(({ case: testCase, routing }) => ({
    best: routing.best?.final ?? null,
    skill: routing.best?.skill ?? null,
    expect: testCase.expect,
  }))
  return sweepOutcomes(outcomes, steps)
}

function sweepOutcomes(
  outcomes: readonly { best: number | null; skill: string | null; expect: string | null }[],
  steps: number,
): SweepPoint[] {
  return Array.from({ length: steps + 1 }, (_, i) => {
    const threshold = i / steps
    const correct = outcomes.filter(({ best, skill, expect }) => (best !== null && best > threshold ? skill : null) === expect).length
    return { threshold, accuracy: outcomes.length === 0 ? 0 : correct / outcomes.length }
  })
}

/**
 * The suite file's text with one more case at the end, the rest kept byte for byte (comments
 * included); a missing file starts with a comment that says what it is.
 */
export function appendRoutingCase(text: string | undefined, utterance: string, expect: string | null): string {
  return appendRoutingCases(text, [{ utterance, expect }])
}

/** `appendRoutingCase` for several cases at once: the text is copied once, not once per case. */
export function appendRoutingCases(text: string | undefined, cases: readonly { utterance: string; expect: string | null }[]): string {
  const entries = cases
    .map(({ utterance, expect }) => `- utterance: ${JSON.stringify(utterance)}\n  expect: ${caseValue(expect)}\n`)
    .join('')
  if (text === undefined) return `# Routing tests: what a user types, and the skill that should win (null: none).\n${entries}`
  return (text.endsWith('\n') || text === '' ? text : `${text}\n`) + entries
}

const caseValue = (expect: string | null) => (expect === null ? 'null' : JSON.stringify(expect))

/** Whether the suite already has this utterance (compared as typed, ignoring surrounding spaces). */
export function hasRoutingCase(cases: readonly RoutingCase[], utterance: string): boolean {
  return cases.some((item) => item.utterance.trim() === utterance.trim())
}

/** The suite's text with case `index` changed; every other byte (comments included) as it was. Null when the file does not parse. */
export function updateRoutingCase(text: string, index: number, next: { utterance: string; expect: string | null }): string | null {
  const item = locateListItems(text)?.[index]
  const utterance = item?.fields.get('utterance')
  if (!item || !utterance) return null
  const expect = item.fields.get('expect')
  const edits: { span: readonly [number, number]; text: string }[] = [{ span: utterance.value, text: JSON.stringify(next.utterance) }]
  if (expect && expect.value !== expect.key) edits.push({ span: expect.value, text: caseValue(next.expect) })
  else if (expect)
    edits.push({
      span: [expect.key[1], expect.key[1] + (text.slice(expect.key[1]).match(/^\s*:/)?.[0].length ?? 0)],
      text: `: ${caseValue(next.expect)}`,
    })
  else {
    const lineStart = text.lastIndexOf('\n', utterance.key[0] - 1) + 1
    const column = utterance.key[0] - lineStart
    const lineEnd = text.indexOf('\n', utterance.value[1])
    const at = lineEnd < 0 ? text.length : lineEnd
    edits.push({ span: [at, at], text: `\n${' '.repeat(column)}expect: ${caseValue(next.expect)}` })
  }
  return edits
    .sort((a, b) => b.span[0] - a.span[0])
    .reduce((result, edit) => result.slice(0, edit.span[0]) + edit.text + result.slice(edit.span[1]), text)
}

/** The suite's text without case `index` (its lines removed); null when the file does not parse. */
export function removeRoutingCase(text: string, index: number): string | null {
  const item = locateListItems(text)?.[index]
  if (!item) return null
  const start = text.lastIndexOf('\n', item.span[0] - 1) + 1
  const end = text.indexOf('\n', Math.max(item.span[0], item.span[1] - 1))
  return text.slice(0, start) + text.slice(end < 0 ? text.length : end + 1)
}

export interface SuiteConflict {
  utterance: string
  /** What the recipient's suite expects, and what the incoming one does. */
  mine: string | null
  theirs: string | null
}

/** An incoming suite that did not all read: how many problems, the first one's line in it, and where the merge kept it. */
export interface UnreadableSuite {
  problems: number
  line: number
  /** The line of the merged file where the commented copy starts. */
  keptAtLine: number
}

export interface SuiteMerge {
  text: string
  added: number
  conflicts: SuiteConflict[]
  /** Set when the incoming suite had parts that could not be read: its text is kept, commented out, at the end. */
  unreadable: UnreadableSuite | null
}

/**
 * Merges an incoming suite into one's own: a case both have (same utterance, same expectation)
 * once; a case with a different expectation is not changed but listed as a conflict to decide;
 * new cases are appended (the rest of the file kept byte for byte). Nothing is dropped silently:
 * an incoming suite with parts that do not read (a YAML error, a case without an utterance) gives
 * what it can, and its whole text follows as comments, to be fixed and taken in by hand.
 */
export function mergeRoutingSuites(mine: string | undefined, theirs: string): SuiteMerge {
  const read = parseRoutingTests(theirs)
  const incoming = read.cases
  if (mine === undefined) return { text: theirs, added: incoming.length, conflicts: [], unreadable: null }
  // The first case with each utterance, as `find` would meet it; cases added here join it.
  const own = new Map<string, RoutingCase>()
  for (const item of parseRoutingTests(mine).cases) if (!own.has(item.utterance.trim())) own.set(item.utterance.trim(), item)
  const added: RoutingCase[] = []
  const conflicts: SuiteConflict[] = []
  for (const item of incoming) {
    const same = own.get(item.utterance.trim())
    if (same && same.expect === item.expect) continue
    if (same) conflicts.push({ utterance: same.utterance, mine: same.expect, theirs: item.expect })
    else {
      added.push(item)
      own.set(item.utterance.trim(), item)
    }
  }
  const text = added.length > 0 ? appendRoutingCases(mine, added) : mine
  const first = read.problems[0]
  if (!first) return { text, added: added.length, conflicts, unreadable: null }
  // The incoming text follows one's own, every line a comment, so one's own still reads.
  const base = text.endsWith('\n') || text === '' ? text : `${text}\n`
  const line = first.range.startLine
  const header = `# Imported ${ROUTING_TESTS_FILE}, kept as comments because it does not all read (first problem at its line ${line}):`
  const copy = theirs.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n')
  return {
    text: `${base}\n${header}\n${copy.map((row) => (row === '' ? '#' : `# ${row}`)).join('\n')}\n`,
    added: added.length,
    conflicts,
    unreadable: { problems: read.problems.length, line, keptAtLine: base.split('\n').length + 1 },
  }
}
