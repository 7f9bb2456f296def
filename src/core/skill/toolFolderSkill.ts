/**
 * Seed 001's layout: a tool folder with `schema.json` (`{name, description, parameters}`) and
 * `main.py` with `execute(params)`, and no SKILL.md. Such a folder is a skill whose file is its
 * `schema.json`: the name and description come from it, and so do the parameters, which are
 * enforced before `execute(params)` runs (docs/skill-code.md). A folder that holds a SKILL.md
 * is a skill of that file, whose `schema.json` only gives parameters.
 */
import { LineIndex } from '../lib/text'
import { readParameters } from './parametersSchema'
import { SKILL_DEFAULTS, type Diagnostic, type Skill } from './types'

const SCHEMA = 'schema.json'
const ENTRY = 'main.py'

/** Whether `path` could be a tool folder's skill file: `<folder>/schema.json` (whether it is one depends on its siblings). */
export function isToolSchemaPath(path: string): boolean {
  return path.endsWith(`/${SCHEMA}`)
}

/**
 * Whether `path` is a tool folder's skill file, given a lookup of the workspace's paths: its
 * folder holds `main.py` and no SKILL.md.
 */
export function isToolSkillPath(path: string, has: (path: string) => boolean): boolean {
  if (!isToolSchemaPath(path)) return false
  const folder = path.slice(0, -SCHEMA.length - 1)
  return has(`${folder}/${ENTRY}`) && !has(`${folder}/SKILL.md`) && !has(`${folder}/skill.md`)
}

/** The tool folders' skill files among `paths` (each a `<folder>/schema.json`). */
export function toolSkillPaths(paths: readonly string[]): string[] {
  let all: Set<string> | null = null
  const found: string[] = []
  for (const path of paths) {
    if (!isToolSchemaPath(path)) continue
    all ??= new Set(paths)
    const known = all
    if (isToolSkillPath(path, (candidate) => known.has(candidate))) found.push(path)
  }
  return found
}

/** A tool folder's skill, read from its schema.json. Never throws: problems are diagnostics at the line they are on. */
export function parseToolSchema(path: string, text: string): Skill {
  const lines = new LineIndex(text)
  const folder = path.slice(0, -SCHEMA.length - 1)
  const diagnostics: Diagnostic[] = []
  const report = (message: string, at = 0, end = Math.min(text.length, at + 1)) =>
    diagnostics.push({ severity: 'error', code: 'schema-json', message, range: lines.range(at, end) })
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    const problem = error instanceof Error ? error.message : String(error)
    const at = Number(/position (\d+)/.exec(problem)?.[1] ?? 0)
    report(`schema.json is not valid JSON: ${problem}`, Math.min(at, text.length))
    value = null
  }
  const data = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null
  if (value !== null && !data) report('schema.json must be a JSON object: {"name", "description", "parameters"}.')
  const where = (key: string): number => {
    const at = text.indexOf(`"${key}"`)
    return at < 0 ? 0 : at
  }
  const text_ = (key: string): string | undefined => {
    const entry = data?.[key]
    if (entry === undefined) return undefined
    if (typeof entry === 'string') return entry
    report(`"${key}" in schema.json must be text.`, where(key), where(key) + key.length + 2)
    return undefined
  }
  const name = text_('name')?.trim() || folder.split('/').pop() || folder
  let parameters: Skill['parameters']
  const raw = data?.parameters
  if (raw !== undefined) {
    if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) parameters = readParameters(raw as Record<string, unknown>).schema
    else report('"parameters" in schema.json must be a JSON Schema object.', where('parameters'), where('parameters') + 12)
  } else if (data && (data.type === 'object' || typeof data.properties === 'object')) parameters = readParameters(data).schema
  const parts = folder.split('/')
  return {
    path,
    name,
    description: text_('description') ?? SKILL_DEFAULTS.description,
    triggerKeywords: [],
    requiredTools: [],
    maxRounds: SKILL_DEFAULTS.maxRounds,
    entryMode: SKILL_DEFAULTS.entryMode,
    tags: [],
    parameters,
    tools: {},
    version: undefined,
    group: parts.length >= 2 ? parts[parts.length - 2] : undefined,
    fallback: undefined,
    extraFields: {},
    body: '',
    fieldRanges: {},
    bodyStartLine: lines.position(text.length).line,
    diagnostics,
  }
}
