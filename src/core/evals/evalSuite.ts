/**
 * Behaviour evals (docs/evals.md): `evals.yaml` in the workspace, and `<skill>/evals/evals.json` in
 * the format of Anthropic's skill-creator, read into one list of cases. Unknown keys, wrong types and
 * bad regexes are reported at their line, like every other file.
 */
import { LineIndex, type TextRange } from '../lib/text'
import { formatMessage, message, type Message } from '../messages'
import { parseYamlText, type JsonSchema } from '../skill'
import { compileRegex, isRegexLiteral } from './compileRegex'

export const EVALS_FILE = 'evals.yaml'
/** skill-creator keeps a skill's evals here, inside the skill's folder. */
export const SKILL_CREATOR_EVALS = /^(.+)\/evals\/evals\.json$/

export interface EvalExpect {
  /** The skill that must activate; null: none may. */
  skill?: string | null
  /** A skill that must not activate (waza's `should_trigger: false`). */
  not_skill?: string
  tools_called?: string[]
  tools_not_called?: string[]
  /** Per tool: a subset of the arguments of at least one call; a string "/…/flags" is a regex the value must match. */
  tool_args?: Record<string, Record<string, unknown>>
  /** Per tool (a skill's code too): a subset of the result of at least one call that succeeded; "/…/" strings are regexes. */
  tool_results?: Record<string, unknown>
  /** Tools that must be called in this order (other calls may come between). */
  tool_order?: string[]
  answer_contains?: string[]
  answer_not_contains?: string[]
  answer_matches?: string
  /** Regexes the answer must each match (waza's `regex_match`). */
  answer_matches_all?: string[]
  /** Regexes the answer must not match (waza's `regex_not_match`). */
  answer_not_matches?: string[]
  answer_schema?: JsonSchema
  max_rounds?: number
  max_tool_calls?: number
  /** Bundled files the agent must (not) read with read_skill_file, relative to the skill's folder (`reference.md`). */
  files_read?: string[]
  files_not_read?: string[]
  /** Bundled scripts the agent must (not) run with run_skill_script (`scripts/fill_form.py`). */
  scripts_run?: string[]
  scripts_not_run?: string[]
  /** Statements a grader model judges against the transcript. */
  rubric?: string[]
}

export interface EvalCase {
  /** The case's `name:`, or "case N" (its place in the list) when the file gives it none. */
  name: string
  /**
   * The file gives the case no name: "case N" is its place, not an identity (it passes to the next
   * case when one above is deleted), so a form editing it tells it by its line and content instead.
   */
  unnamed?: true
  /** One user message per turn; a plain `utterance` is one turn. */
  turns: string[]
  /** Put in the virtual file system before the run. */
  files: Record<string, string>
  /** The routing mode for this case, whatever the run's (e.g. progressive for a skill without keywords). */
  mode?: 'keyword' | 'grouped' | 'progressive' | 'llm' | 'none'
  expect: EvalExpect
  /** Where the case is: the file and its 1-based line. */
  file: string
  line: number
  /**
   * What the case's file asked for and this app does not check (a waza grader of a type it does
   * not run): named in the report, never silently skipped.
   */
  unsupported?: string[]
}

export interface EvalProblem {
  /** A warning does not stop the run (a grader that is not supported); absent: an error. */
  severity?: 'warning'
  file: string
  message: string
  text: Message
  range: TextRange
}

export interface EvalSuite {
  cases: EvalCase[]
  problems: EvalProblem[]
  /** Trials per case the file asks for (`trials:` at the top), if any. */
  trials?: number
}

const CASE_KEYS = ['name', 'utterance', 'turns', 'files', 'mode', 'expect']
const MODES = ['keyword', 'grouped', 'progressive', 'llm', 'none'] as const
const EXPECT_KEYS = [
  'skill',
  'not_skill',
  'tools_called',
  'tools_not_called',
  'tool_args',
  'tool_results',
  'tool_order',
  'answer_contains',
  'answer_not_contains',
  'answer_matches',
  'answer_matches_all',
  'answer_not_matches',
  'answer_schema',
  'max_rounds',
  'max_tool_calls',
  'rubric',
  'files_read',
  'files_not_read',
  'scripts_run',
  'scripts_not_run',
]

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string')

export function parseEvalSuite(text: string, file: string = EVALS_FILE): EvalSuite {
  const lines = new LineIndex(text)
  const { value, errors, positions } = parseYamlText(text)
  const problems: EvalProblem[] = errors.map((error) => ({
    file,
    message: error.message,
    text: message('evals.yaml', { message: error.message }),
    range: lines.range(error.span[0], error.span[1]),
  }))
  if (errors.length > 0 || value === null || value === undefined) return { cases: [], problems }
  const at = (path: string) => lines.lineRange(lines.position(positions.get(path) ?? 0).line)
  const report = (path: string, text: Message) => problems.push({ file, message: formatMessage(text), text, range: at(path) })
  const list = Array.isArray(value) ? value : isObject(value) ? value.cases : undefined
  const prefix = Array.isArray(value) ? '' : 'cases.'
  if (!Array.isArray(list)) {
    report('', message('evals.notList'))
    return { cases: [], problems }
  }
  const trialsValue = isObject(value) ? value.trials : undefined
  let trials: number | undefined
  if (trialsValue !== undefined) {
    if (typeof trialsValue === 'number' && Number.isInteger(trialsValue) && trialsValue >= 1 && trialsValue <= 100) trials = trialsValue
    else report('trials', message('evals.badTrials'))
  }
  const cases: EvalCase[] = []
  list.forEach((item: unknown, index) => {
    const path = `${prefix}${index}`
    const line = lines.position(positions.get(path) ?? 0).line
    if (!isObject(item)) return void report(path, message('evals.caseShape', { case: index + 1 }))
    const written = typeof item.name === 'string' && item.name.trim() !== ''
    const name = written ? (item.name as string).trim() : `case ${index + 1}`
    for (const key of Object.keys(item))
      if (!CASE_KEYS.includes(key)) report(`${path}.${key}`, message('evals.unknownKey', { key, known: CASE_KEYS.join(', ') }))
    const turns =
      typeof item.utterance === 'string' ? [item.utterance] : isStringList(item.turns) && item.turns.length > 0 ? item.turns : null
    if (!turns) return void report(path, message('evals.needsUtterance', { case: name }))
    let files: Record<string, string> = {}
    if (item.files !== undefined) {
      if (isObject(item.files) && Object.values(item.files).every((content) => typeof content === 'string'))
        files = item.files as Record<string, string>
      else report(`${path}.files`, message('evals.badFiles'))
    }
    let mode: EvalCase['mode']
    if (item.mode !== undefined) {
      if (MODES.includes(item.mode as (typeof MODES)[number])) mode = item.mode as EvalCase['mode']
      else report(`${path}.mode`, message('evals.badMode', { modes: MODES.join(', ') }))
    }
    const expect = readExpect(item.expect, `${path}.expect`, report)
    if (!expect) return
    cases.push({ name, ...(written ? {} : { unnamed: true as const }), turns, files, ...(mode ? { mode } : {}), expect, file, line })
  })
  const seen = new Set<string>()
  for (const testCase of cases) {
    if (seen.has(testCase.name))
      problems.push({ file, ...said(message('evals.duplicateName', { name: testCase.name })), range: lines.lineRange(testCase.line) })
    seen.add(testCase.name)
  }
  return { cases, problems, ...(trials ? { trials } : {}) }
}

const said = (text: Message) => ({ message: formatMessage(text), text })

function readExpect(value: unknown, path: string, report: (path: string, text: Message) => void): EvalExpect | null {
  if (value === undefined) return {}
  if (!isObject(value)) {
    report(path, message('evals.expectShape'))
    return null
  }
  const expect: EvalExpect = {}
  let ok = true
  const bad = (key: string, what: 'skill' | 'list' | 'regex' | 'toolArgs' | 'schema' | 'count') => {
    report(`${path}.${key}`, message(`evals.badValue.${what}`, { key }))
    ok = false
  }
  for (const [key, entry] of Object.entries(value)) {
    switch (key) {
      case 'skill':
        if (entry === null || typeof entry === 'string') expect.skill = entry
        else bad(key, 'skill')
        break
      case 'not_skill':
        if (typeof entry === 'string') expect.not_skill = entry
        else bad(key, 'skill')
        break
      case 'answer_matches_all':
      case 'answer_not_matches': {
        const listed = typeof entry === 'string' ? [entry] : entry
        if (!isStringList(listed)) bad(key, 'list')
        else {
          for (const regex of listed)
            if (!compileRegex(regex)) {
              report(`${path}.${key}`, message('evals.badRegex', { regex }))
              ok = false
            }
          expect[key] = listed
        }
        break
      }
      case 'tools_called':
      case 'tools_not_called':
      case 'tool_order':
      case 'answer_contains':
      case 'answer_not_contains':
      case 'files_read':
      case 'files_not_read':
      case 'scripts_run':
      case 'scripts_not_run':
      case 'rubric': {
        const listed = typeof entry === 'string' ? [entry] : entry
        if (isStringList(listed)) expect[key] = listed
        else bad(key, 'list')
        break
      }
      case 'answer_matches':
        if (typeof entry !== 'string') bad(key, 'regex')
        else if (!compileRegex(entry)) {
          report(`${path}.${key}`, message('evals.badRegex', { regex: entry }))
          ok = false
        } else expect.answer_matches = entry
        break
      case 'tool_args':
        if (!isObject(entry) || !Object.values(entry).every(isObject)) bad(key, 'toolArgs')
        else {
          for (const [tool, args] of Object.entries(entry as Record<string, Record<string, unknown>>))
            for (const [arg, wanted] of Object.entries(args))
              if (isRegexLiteral(wanted) && !compileRegex(wanted)) {
                report(`${path}.${key}.${tool}.${arg}`, message('evals.badRegex', { regex: wanted }))
                ok = false
              }
          expect.tool_args = entry as Record<string, Record<string, unknown>>
        }
        break
      case 'tool_results':
        if (!isObject(entry)) bad(key, 'toolArgs')
        else expect.tool_results = entry
        break
      case 'answer_schema':
        if (isObject(entry)) expect.answer_schema = entry
        else bad(key, 'schema')
        break
      case 'max_rounds':
      case 'max_tool_calls':
        if (typeof entry === 'number' && Number.isInteger(entry) && entry >= 0) expect[key] = entry
        else bad(key, 'count')
        break
      default:
        report(`${path}.${key}`, message('evals.unknownKey', { key, known: EXPECT_KEYS.join(', ') }))
        ok = false
    }
  }
  return ok ? expect : null
}

/**
 * Reads a file of the skill's folder by its path relative to that folder ("evals/files/sales.csv"):
 * its text, or undefined when there is no such (text) file.
 */
export type SkillFolderReader = (relativePath: string) => string | undefined

/**
 * A skill's `evals/evals.json` as skill-creator writes it (references/schemas.md):
 * `{"skill_name", "evals": [{"id", "prompt", "expected_output", "files", "expectations": [...]}]}`
 * (`assertions` too, as its SKILL.md calls them). Each eval becomes a case that expects the skill
 * to activate, with the expectations (and the expected output) as rubric statements for the
 * grader. `files` are paths relative to the skill's folder: read through `readFile`, they are put
 * in the run's file system under the same path; one that is not there is a problem at its line.
 * Without `readFile` (a view that only lists the cases) they are not read.
 */
export function importSkillCreatorEvals(path: string, text: string, folderSkill: string, readFile?: SkillFolderReader): EvalSuite {
  const lines = new LineIndex(text)
  const fail = (text: Message): EvalSuite => ({ cases: [], problems: [{ file: path, ...said(text), range: lines.lineRange(1) }] })
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    return fail(message('evals.badJson', { message: error instanceof Error ? error.message : String(error) }))
  }
  if (!isObject(value) || !Array.isArray(value.evals)) return fail(message('evals.skillCreatorShape'))
  const skill = typeof value.skill_name === 'string' && value.skill_name.trim() ? value.skill_name.trim() : folderSkill
  const problems: EvalProblem[] = []
  const cases: EvalCase[] = []
  value.evals.forEach((entry: unknown, index) => {
    const line = lineOf(text, `"prompt"`, index)
    if (!isObject(entry) || typeof entry.prompt !== 'string') {
      problems.push({ file: path, ...said(message('evals.needsPrompt', { case: index + 1 })), range: lines.lineRange(line) })
      return
    }
    const files: Record<string, string> = {}
    if (entry.files !== undefined && !isStringList(entry.files))
      problems.push({ file: path, ...said(message('evals.skillCreatorFiles', { case: index + 1 })), range: lines.lineRange(line) })
    if (readFile && isStringList(entry.files))
      for (const wanted of entry.files) {
        const relative = wanted.replace(/^\.\//, '')
        const content = relative.split('/').includes('..') ? undefined : readFile(relative)
        if (content === undefined)
          problems.push({
            file: path,
            ...said(message('evals.skillCreatorMissingFile', { file: wanted, case: index + 1 })),
            range: lines.lineRange(lineOf(text, JSON.stringify(wanted), 0)),
          })
        else files[relative] = content
      }
    const rubric = [
      ...statementsOf(entry.expectations),
      ...statementsOf(entry.assertions),
      ...(typeof entry.expected_output === 'string' && entry.expected_output.trim()
        ? [`The answer matches this description: ${entry.expected_output.trim()}`]
        : []),
    ]
    const id = typeof entry.id === 'number' || typeof entry.id === 'string' ? String(entry.id) : String(index + 1)
    cases.push({
      name: `${skill} #${id}`,
      turns: [entry.prompt],
      files,
      expect: { skill, ...(rubric.length > 0 ? { rubric } : {}) },
      file: path,
      line,
    })
  })
  return { cases, problems }
}

/** skill-creator's expectations or assertions: statements, or objects naming one (`text`, `description`, `name`). */
function statementsOf(value: unknown): string[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((item: unknown) => {
    if (typeof item === 'string') return item.trim() ? [item] : []
    if (!isObject(item)) return []
    const statement = [item.text, item.description, item.name].find((part) => typeof part === 'string' && part.trim())
    return typeof statement === 'string' ? [statement] : []
  })
}

/** The line of the `index`-th occurrence of `needle` (1-based), for pointing at an entry of a JSON file. */
function lineOf(text: string, needle: string, index: number): number {
  let at = -1
  for (let i = 0; i <= index; i++) {
    at = text.indexOf(needle, at + 1)
    if (at < 0) return 1
  }
  return text.slice(0, at).split('\n').length
}

/** A first evals.yaml: one case for `skill` (or for "no skill"), with comments showing the other assertions. */
export function starterEvals(skill: string | null, utterance: string): string {
  const quoted = JSON.stringify(utterance.trim() || 'hello')
  return [
    '# Behaviour evals: what a user says, and what the agent must then do (docs/evals.md).',
    '# Each case runs `trials` times and reports a pass rate with its 95% interval.',
    'cases:',
    `  - name: ${skill ? `${skill} handles its request` : 'small talk uses no skill'}`,
    `    utterance: ${quoted}`,
    '    expect:',
    `      skill: ${skill ?? 'null'}`,
    '      # tools_called: [calculator]',
    '      # answer_contains: ["1048576"]',
    '      # rubric: ["The answer states the result plainly."]',
    '',
  ].join('\n')
}
