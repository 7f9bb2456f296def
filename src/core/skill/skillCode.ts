/**
 * A skill's code (docs/skill-code.md): the Python files in its folder, the entry the playground
 * calls (`skill.py` → `run(args)`, or `main.py` → `execute(params)`), and its parameters (the
 * frontmatter's `parameters`, or `schema.json`). Every entry path (list, editor, agent, Run code,
 * CLI `exec`) reads a skill's code through here.
 */
import { readParameters } from './parametersSchema'
import { isToolSchemaPath } from './toolFolderSkill'
import type { JsonSchema, Skill, SkillFile } from './types'

/** The files that make a skill runnable, in the order they are looked for, with the function each must define. */
export const CODE_ENTRIES = [
  { file: 'skill.py', function: 'run' },
  { file: 'main.py', function: 'execute' },
] as const

export const SCHEMA_FILE = 'schema.json'

/** The largest code file the playground runs or lists (a skill's code is a few modules, not data). */
export const MAX_CODE_FILE_CHARS = 500_000

export interface SkillCode {
  /** The skill's folder (`add_calc` for `add_calc/SKILL.md`). */
  folder: string
  /** The entry file, relative to the folder (`skill.py` or `main.py`). */
  entry: string
  /** The function the entry must define (`run` or `execute`). */
  function: string
  /** Every code file of the skill (`.py`, `schema.json`), paths relative to the folder, sorted. */
  files: SkillFile[]
  /** The arguments' schema: `parameters` from the frontmatter, else `schema.json`'s. */
  parameters: JsonSchema | undefined
  /** Where the parameters come from, for the form's caption. */
  parametersFrom: 'frontmatter' | 'schema.json' | null
  /** What is wrong with schema.json, when it is there but unusable. */
  schemaProblem: string | null
}

/** The folder a file is in (`a/b` for `a/b/SKILL.md`), or null at the root: a flat `<name>.md` has no folder for code. */
export function folderOf(skillPath: string): string | null {
  const slash = skillPath.lastIndexOf('/')
  return slash < 0 ? null : skillPath.slice(0, slash)
}

/** The folder a skill owns (`a/b` for `a/b/SKILL.md`), or null for a flat `<name>.md` or a file that is no skill. */
export function skillFolderOf(path: string): string | null {
  return /^(.+)\/SKILL\.md$/i.exec(path)?.[1] ?? null
}

/** Whether a workspace file is code the editor lists under its skill: a `.py` file or a `schema.json`. */
export function isCodeFile(path: string): boolean {
  return path.endsWith('.py') || path === SCHEMA_FILE || path.endsWith(`/${SCHEMA_FILE}`)
}

/**
 * Every skill folder's code files, by folder. One pass over the paths; a file belongs to the
 * nearest folder that holds a SKILL.md (a nested skill keeps its own code).
 */
export function codeFilesByFolder(files: readonly SkillFile[], skills: readonly { path: string }[]): Map<string, SkillFile[]> {
  // Built on the first code file: a keystroke in a large workspace without code pays for one scan.
  let folders: Set<string> | null = null
  const byFolder = new Map<string, SkillFile[]>()
  for (const file of files) {
    if (!isCodeFile(file.path)) continue
    folders ??= new Set(skills.map((skill) => folderOf(skill.path)).filter((folder): folder is string => folder !== null))
    let folder = folderOf(file.path)
    while (folder !== null && !folders.has(folder)) folder = folderOf(folder)
    if (folder === null) continue
    const list = byFolder.get(folder) ?? []
    list.push(file)
    byFolder.set(folder, list)
  }
  for (const list of byFolder.values()) list.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
  return byFolder
}

/**
 * The skill whose code `path` belongs to (its SKILL.md, or a file in its folder), from
 * `workspaceCode`'s map; the nearest folder wins, as a nested skill keeps its own code.
 */
export function codeOwnerOf(codes: ReadonlyMap<string, SkillCode>, path: string): { skillPath: string; code: SkillCode } | null {
  let owner: { skillPath: string; code: SkillCode } | null = null
  for (const [skillPath, code] of codes)
    if ((path === skillPath || path.startsWith(`${code.folder}/`)) && (!owner || code.folder.length > owner.code.folder.length))
      owner = { skillPath, code }
  return owner
}

/**
 * Whether `path` belongs to a skill with code (`codeOwnerOf(workspaceCode(…), path) !== null`),
 * from `codeFilesByFolder` alone: no skill is parsed, so a keystroke in a skill can ask it.
 */
export function belongsToCode(byFolder: ReadonlyMap<string, readonly SkillFile[]>, path: string): boolean {
  for (let folder = folderOf(path); folder !== null; folder = folderOf(folder)) if (entryIn(folder, byFolder.get(folder))) return true
  return false
}

/** The entry among a skill folder's code files (paths from the workspace root), if it has one. */
function entryIn(folder: string, folderFiles: readonly SkillFile[] | undefined): (typeof CODE_ENTRIES)[number] | undefined {
  return CODE_ENTRIES.find((candidate) => folderFiles?.some((file) => file.path === `${folder}/${candidate.file}`))
}

/** The skill's code, or null when its folder has no entry file (a prompt-only skill). */
export function skillCodeOf(skill: Skill, folderFiles: readonly SkillFile[] | undefined): SkillCode | null {
  const folder = folderOf(skill.path)
  if (folder === null || !folderFiles || folderFiles.length === 0) return null
  const entry = entryIn(folder, folderFiles)
  if (!entry) return null
  const files = folderFiles.map((file) => ({ path: file.path.slice(folder.length + 1), text: file.text }))
  const schema = files.find((file) => file.path === SCHEMA_FILE)
  const fromSchema = schema ? readSchemaFile(schema.text) : null
  // A tool folder's skill (seed 001) is its schema.json: its parameters are schema.json's.
  const own = isToolSchemaPath(skill.path) ? undefined : skill.parameters
  const parameters = own ?? fromSchema?.parameters
  return {
    folder,
    entry: entry.file,
    function: entry.function,
    files,
    parameters,
    parametersFrom: own ? 'frontmatter' : fromSchema?.parameters ? 'schema.json' : null,
    schemaProblem: fromSchema?.problem ?? null,
  }
}

/** Every skill with code in a workspace, by the skill's path. */
export function workspaceCode(
  files: readonly SkillFile[],
  skills: readonly Skill[],
  byFolder: ReadonlyMap<string, SkillFile[]> = codeFilesByFolder(files, skills),
): Map<string, SkillCode> {
  const codes = new Map<string, SkillCode>()
  if (byFolder.size === 0) return codes
  for (const skill of skills) {
    const folder = folderOf(skill.path)
    const code = folder === null ? null : skillCodeOf(skill, byFolder.get(folder))
    if (code) codes.set(skill.path, code)
  }
  return codes
}

/**
 * `schema.json` as seed 001 writes it (`{name, description, parameters: {...}}`) or a bare JSON
 * Schema object (`{type: "object", properties: ...}`).
 */
export function readSchemaFile(text: string): { parameters: JsonSchema | undefined; problem: string | null } {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    return { parameters: undefined, problem: `schema.json is not valid JSON: ${error instanceof Error ? error.message : String(error)}` }
  }
  if (!isRecord(value)) return { parameters: undefined, problem: 'schema.json must be a JSON object.' }
  if (isRecord(value.parameters)) return { parameters: readParameters(value.parameters).schema, problem: null }
  if (value.type === 'object' || isRecord(value.properties)) return { parameters: readParameters(value).schema, problem: null }
  return { parameters: undefined, problem: 'schema.json has no "parameters" object (and is not itself a JSON Schema with "properties").' }
}

/** A first skill.py for a skill without code: run(args) with its parameters named, returning plain data. */
export function starterSkillCode(skill: Pick<Skill, 'name' | 'parameters'>): string {
  const properties = Object.keys(skill.parameters?.properties ?? {})
  const reads = properties
    .filter((key) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(key))
    .map((key) => `    ${key} = args.get(${JSON.stringify(key)})\n`)
    .join('')
  const quote = '"'.repeat(3)
  return `${quote}${skill.name.replace(/"/g, "'")}'s code: the playground calls run(args) with arguments checked against
the skill's parameters, and shows (or hands the model) what it returns: dicts, lists, numbers,
strings, booleans or None. A "user_message" in the result is shown to the user as such.
${quote}


def run(args: dict):
${reads}    return {"received": args, "user_message": "Done."}
`
}

/** A name fit for a model's function list (OpenAI allows letters, digits, _ and -, up to 64). */
export function codeToolName(skill: Pick<Skill, 'name'>): string {
  const name = skill.name.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64)
  return /[a-zA-Z0-9]/.test(name) ? name : `skill_${hashName(skill.name)}`
}

function hashName(text: string): string {
  let hash = 5381
  for (let index = 0; index < text.length; index++) hash = ((hash * 33) ^ text.charCodeAt(index)) >>> 0
  return hash.toString(36)
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
