/**
 * An eval file read by what it holds, not by its name (`--evals <file>`, docs/evals.md):
 * skill-creator's evals.json (`{"skill_name", "evals": [...]}`), waza's eval.yaml (`skill`,
 * `tasks`), or this app's evals.yaml (a list of cases, or `cases:`). A trigger eval set
 * (`[{"query", "should_trigger"}]`) is named as such, with where it runs.
 */
import { LineIndex } from '../lib/text'
import { formatMessage, message, type Message } from '../messages'
import { parseYamlText } from '../skill'
import { importSkillCreatorEvals, parseEvalSuite, type EvalSuite, type SkillFolderReader } from './evalSuite'
import { importWazaEval, looksLikeWaza, type WazaFiles } from './wazaEval'

export interface EvalFileContext {
  /** The skill whose folder holds the file (skill-creator's layout), when it is in one. */
  folderSkill?: string
  /** skill-creator's `files`, relative to the skill's folder. */
  readSkillFile?: SkillFolderReader
  /** waza's task files and fixtures, relative to the eval.yaml's folder. */
  waza?: WazaFiles
}

export type EvalFormat = 'evals.yaml' | 'skill-creator' | 'waza' | 'trigger-set' | 'unknown'

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Which format `text` is in, from its content. */
export function evalFormatOf(text: string): EvalFormat {
  const trimmed = text.trimStart()
  let value: unknown
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      value = JSON.parse(trimmed)
    } catch {
      value = undefined
    }
  }
  if (value === undefined) {
    const parsed = parseYamlText(text)
    if (parsed.errors.length > 0) return 'evals.yaml'
    value = parsed.value
  }
  if (isObject(value) && Array.isArray(value.evals)) return 'skill-creator'
  const queries = Array.isArray(value) ? value : isObject(value) && Array.isArray(value.queries) ? value.queries : null
  if (queries && queries.length > 0 && queries.every((item) => isObject(item) && 'query' in item)) return 'trigger-set'
  if (looksLikeWaza(value)) return 'waza'
  if (Array.isArray(value) || (isObject(value) && Array.isArray(value.cases))) return 'evals.yaml'
  return 'unknown'
}

export function readEvalFile(path: string, text: string, context: EvalFileContext = {}): EvalSuite {
  const fail = (said: Message): EvalSuite => ({
    cases: [],
    problems: [{ file: path, message: formatMessage(said), text: said, range: new LineIndex(text).lineRange(1) }],
  })
  switch (evalFormatOf(text)) {
    case 'skill-creator': {
      const folder = path.includes('/') ? path.slice(0, path.lastIndexOf('/')).replace(/\/evals$/, '') : ''
      return importSkillCreatorEvals(path, text, context.folderSkill ?? folder.split('/').pop() ?? 'skill', context.readSkillFile)
    }
    case 'waza':
      return importWazaEval(path, text, context.waza ?? { read: () => undefined, list: () => [] })
    case 'trigger-set':
      return fail(message('evals.triggerSet'))
    case 'unknown':
      return fail(message('evals.unknownFormat'))
    case 'evals.yaml':
      return parseEvalSuite(text, path)
  }
}
