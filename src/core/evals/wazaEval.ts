/**
 * microsoft/waza's `eval.yaml` (its schemas/eval.schema.json and task.schema.json): `skill`,
 * `config.trials_per_task`, eval-wide `graders`, and `tasks` — task files by glob
 * ("tasks/*.yaml") or tasks written inline — each with `inputs.prompt`, `inputs.files` (from
 * `context_dir`, else `fixtures/` beside the eval.yaml), `expected` and its own `graders`
 * (`validators` too). The graders this app shares become assertions (docs/evals.md); every other
 * one is named as unsupported on its case and as a warning, never silently skipped.
 */
import { LineIndex } from '../lib/text'
import { formatMessage, message, type Message } from '../messages'
import { parseYamlText } from '../skill'
import type { EvalCase, EvalExpect, EvalProblem, EvalSuite } from './evalSuite'

/** The eval's files, by path relative to the eval.yaml's folder. */
export interface WazaFiles {
  read: (relativePath: string) => string | undefined
  /** Every file path below the eval.yaml's folder (for task globs). */
  list: () => readonly string[]
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : typeof value === 'string' ? [value] : []

/** Whether a parsed YAML document is a waza eval: a `tasks` list and a `skill` or waza's `config`, and no `cases`. */
export function looksLikeWaza(value: unknown): boolean {
  return (
    isObject(value) &&
    Array.isArray(value.tasks) &&
    value.cases === undefined &&
    (typeof value.skill === 'string' || isObject(value.config))
  )
}

/** A waza regex (Go's syntax, `(?i)` for case-insensitive) as this app's "/…/flags". */
export function wazaRegex(pattern: string): string {
  const flags = /^\(\?([ims]+)\)/.exec(pattern)
  return flags ? `/${pattern.slice(flags[0].length)}/${[...new Set(flags[1])].join('')}` : `/${pattern}/`
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

/** A glob of waza's task list (`*` within a folder, `**` across folders) as a regex over relative paths. */
function globRegex(glob: string): RegExp {
  const body = glob
    .replace(/^\.\//, '')
    .split(/(\*\*\/?|\*|\?)/)
    .map((part) =>
      part === '**/' ? '(?:.*/)?' : part === '**' ? '.*' : part === '*' ? '[^/]*' : part === '?' ? '[^/]' : escapeRegex(part),
    )
    .join('')
  return new RegExp(`^${body}$`)
}

export function importWazaEval(path: string, text: string, files: WazaFiles): EvalSuite {
  const lines = new LineIndex(text)
  const problems: EvalProblem[] = []
  const say = (file: string, text: Message, line = 1, warning = false) =>
    problems.push({
      ...(warning ? { severity: 'warning' as const } : {}),
      file,
      message: formatMessage(text),
      text,
      range: lines.lineRange(line),
    })
  const { value, errors, positions } = parseYamlText(text)
  if (errors.length > 0) {
    for (const error of errors) say(path, message('evals.yaml', { message: error.message }), lines.position(error.span[0]).line)
    return { cases: [], problems }
  }
  if (!looksLikeWaza(value) || !isObject(value)) {
    say(path, message('evals.wazaShape'))
    return { cases: [], problems }
  }
  const skill = typeof value.skill === 'string' && value.skill.trim() ? value.skill.trim() : undefined
  const config = isObject(value.config) ? value.config : {}
  const trialsValue = config.trials_per_task ?? value.trials_per_task
  const trials =
    typeof trialsValue === 'number' && Number.isInteger(trialsValue) && trialsValue >= 1 && trialsValue <= 100 ? trialsValue : undefined
  const globalGraders = Array.isArray(value.graders) ? value.graders : []
  const folder = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '.'

  // Tasks: inline objects, or globs of task files beside the eval.yaml.
  const tasks: { task: Record<string, unknown>; file: string; line: number }[] = []
  const taskList = value.tasks as unknown[]
  taskList.forEach((entry, index) => {
    if (isObject(entry))
      return void tasks.push({ task: entry, file: path, line: lines.position(positions.get(`tasks.${index}`) ?? 0).line })
    if (typeof entry !== 'string') return
    const pattern = globRegex(entry)
    const matched = files
      .list()
      .filter((file) => pattern.test(file))
      .sort()
    if (matched.length === 0)
      return void say(
        path,
        message('evals.wazaTaskFile', { pattern: entry }),
        lines.position(positions.get(`tasks.${index}`) ?? 0).line,
        true,
      )
    for (const file of matched) {
      const parsed = parseYamlText(files.read(file) ?? '')
      const where = `${folder}/${file}`
      if (parsed.errors.length > 0 || !isObject(parsed.value))
        say(where, message('evals.wazaTaskYaml', { file, message: parsed.errors[0]?.message ?? 'not a mapping' }))
      else tasks.push({ task: parsed.value, file: where, line: 1 })
    }
  })

  const cases: EvalCase[] = []
  for (const [index, { task, file, line }] of tasks.entries()) {
    if (task.enabled === false) continue
    const name = String(task.name ?? task.id ?? `task ${index + 1}`)
    const inputs = isObject(task.inputs) ? task.inputs : {}
    const prompt = typeof inputs.prompt === 'string' ? inputs.prompt : typeof task.prompt === 'string' ? task.prompt : undefined
    if (!prompt) {
      say(file, message('evals.wazaTask', { task: name }), line)
      continue
    }
    const unsupported: string[] = []
    const expect: EvalExpect = {}
    const add = <K extends keyof EvalExpect>(key: K, items: NonNullable<EvalExpect[K]>) => {
      const previous = expect[key]
      expect[key] = (Array.isArray(previous) && Array.isArray(items) ? [...previous, ...items] : items) as EvalExpect[K]
    }
    if (skill) expect.skill = skill
    const expected = task.expected
    if (typeof expected === 'string' && expected.trim()) add('rubric', [`The answer matches this description: ${expected.trim()}`])
    else if (isObject(expected)) readExpected(expected, add, expect, skill, unsupported)
    for (const grader of [
      ...globalGraders,
      ...(Array.isArray(task.graders) ? task.graders : []),
      ...(Array.isArray(task.validators) ? task.validators : []),
    ])
      if (isObject(grader)) readGrader(grader, add, unsupported, (schemaFile) => files.read(schemaFile.replace(/^\.\//, '')))
    // Files: by path from the task's context_dir, else fixtures/ beside the eval.yaml; or inline content.
    const caseFiles: Record<string, string> = {}
    const contextDir = (typeof task.context_dir === 'string' ? task.context_dir : 'fixtures').replace(/^\.\//, '').replace(/\/+$/, '')
    for (const [at, ref] of (Array.isArray(inputs.files) ? inputs.files : []).entries()) {
      if (!isObject(ref)) continue
      const refPath = typeof ref.path === 'string' ? ref.path.replace(/^\.\//, '') : undefined
      if (typeof ref.content === 'string') caseFiles[refPath ?? `input-${at + 1}.txt`] = ref.content
      else if (refPath) {
        const content = refPath.split('/').includes('..') ? undefined : files.read(`${contextDir}/${refPath}`)
        if (content === undefined) say(file, message('evals.wazaFile', { task: name, file: refPath, folder: contextDir }), line)
        else caseFiles[refPath] = content
      }
    }
    for (const what of unsupported) say(file, message('evals.wazaUnsupported', { task: name, what }), line, true)
    cases.push({ name, turns: [prompt], files: caseFiles, expect, file, line, ...(unsupported.length > 0 ? { unsupported } : {}) })
  }
  return { cases, problems, ...(trials ? { trials } : {}) }
}

type Add = <K extends keyof EvalExpect>(key: K, items: NonNullable<EvalExpect[K]>) => void

/** A task's `expected`: output_contains / output_not_contains / output_contains_any, behavior, should_trigger. */
function readExpected(expected: Record<string, unknown>, add: Add, expect: EvalExpect, skill: string | undefined, unsupported: string[]) {
  for (const [key, entry] of Object.entries(expected)) {
    if (key === 'output_contains') add('answer_contains', strings(entry))
    else if (key === 'output_not_contains') add('answer_not_contains', strings(entry))
    else if (key === 'output_contains_any' && strings(entry).length > 0)
      add('answer_matches_all', [`/${strings(entry).map(escapeRegex).join('|')}/i`])
    else if (key === 'behavior' && isObject(entry)) readBehavior(entry, add, unsupported, (key) => `expected.behavior.${key}`)
    else if (key === 'should_trigger' && typeof entry === 'boolean' && skill) {
      if (entry) expect.skill = skill
      else {
        delete expect.skill
        expect.not_skill = skill
      }
    } else unsupported.push(`expected.${key}`)
  }
}

function readBehavior(config: Record<string, unknown>, add: Add, unsupported: string[], named: (key: string) => string) {
  for (const [key, entry] of Object.entries(config)) {
    if (key === 'max_tool_calls' && typeof entry === 'number') add('max_tool_calls', entry)
    else if (key === 'max_iterations' && typeof entry === 'number') add('max_rounds', entry)
    else if (key === 'required_tools') add('tools_called', strings(entry))
    else if (key === 'forbidden_tools') add('tools_not_called', strings(entry))
    else unsupported.push(named(key))
  }
}

/** One grader: the types this app runs become assertions; the rest (and unknown options) are named. */
function readGrader(grader: Record<string, unknown>, add: Add, unsupported: string[], read: (path: string) => string | undefined) {
  const type = String(grader.type ?? '')
  const label = `${type || 'grader'} grader${typeof grader.name === 'string' ? ` "${grader.name}"` : ''}`
  const config = isObject(grader.config) ? grader.config : {}
  const other = (key: string) => unsupported.push(`${label}: ${key}`)
  switch (type) {
    case 'text':
      for (const [key, entry] of Object.entries(config)) {
        if (key === 'contains') add('answer_contains', strings(entry))
        else if (key === 'not_contains') add('answer_not_contains', strings(entry))
        else if (key === 'contains_cs')
          add(
            'answer_matches_all',
            strings(entry).map((item) => `/${escapeRegex(item)}/`),
          )
        else if (key === 'not_contains_cs')
          add(
            'answer_not_matches',
            strings(entry).map((item) => `/${escapeRegex(item)}/`),
          )
        else if (key === 'regex_match') add('answer_matches_all', strings(entry).map(wazaRegex))
        else if (key === 'regex_not_match') add('answer_not_matches', strings(entry).map(wazaRegex))
        else other(key)
      }
      return
    case 'behavior':
      return readBehavior(config, add, unsupported, (key) => `${label}: ${key}`)
    case 'action_sequence': {
      const actions = strings(config.expected_actions)
      if (config.matching_mode === 'in_order_match') add('tool_order', actions)
      else if (config.matching_mode === 'any_order_match') add('tools_called', actions)
      else other(`matching_mode ${String(config.matching_mode)}`)
      return
    }
    case 'skill_invocation': {
      const required = strings(config.required_skills)
      // One activated skill per run here: "this one skill is invoked" is what can be checked.
      if (required.length === 1 && config.mode !== 'exact_match') add('skill', required[0]!)
      else other(`${String(config.mode)} of ${required.join(', ')}`)
      return
    }
    case 'json_schema': {
      const schemaText = typeof config.schema_file === 'string' ? read(config.schema_file) : undefined
      let schema: unknown = config.schema
      try {
        if (schemaText !== undefined) schema = JSON.parse(schemaText)
      } catch {
        schema = undefined
      }
      if (isObject(schema)) add('answer_schema', schema)
      else other(typeof config.schema_file === 'string' ? `schema_file ${config.schema_file}` : 'schema')
      return
    }
    case 'prompt': {
      const statement = [config.prompt, grader.rubric].find((part): part is string => typeof part === 'string' && part.trim() !== '')
      if (statement) add('rubric', [statement.trim()])
      else other('prompt')
      return
    }
    default:
      unsupported.push(label)
  }
}
