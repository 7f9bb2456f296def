/**
 * The third level of progressive disclosure (docs/agent-loop.md, "Bundled files"): a skill's own
 * files, read (`read_skill_file`) or run (`run_skill_script`) by the agent only when the task needs
 * them. Every rule about which file a call may reach lives here: the page, the CLI, the evals and
 * the offline model all go through it.
 */
import type { CodeRunRequest } from '../code/codeRun'
import { folderOf, isSkillPath, skillFolderFiles, type JsonSchema, type Skill, type SkillFile } from '../skill'
import { ToolRefusal } from './types'

export const READ_SKILL_FILE = 'read_skill_file'
export const RUN_SKILL_SCRIPT = 'run_skill_script'

/** A file longer than this reaches the model cut, with a mark saying how to read on. */
export const MAX_SKILL_FILE_CHARS = 40_000
/** Files listed to the model per skill in a tool's description; the rest are counted. */
export const MAX_LISTED_FILES = 60
/** Arguments a script may be given, and characters per argument. */
export const MAX_SCRIPT_ARGS = 50
export const MAX_SCRIPT_ARG_CHARS = 10_000

/** The languages `run_skill_script` runs, by file extension: the skill-code sandbox's Python. */
export const SCRIPT_LANGUAGES: readonly { extension: string; language: string }[] = [
  { extension: '.py', language: 'Python 3 (standard library, no network)' },
]

/** Extensions of files that are not text: refused by name, whatever the workspace holds for them. */
const BINARY_EXTENSIONS =
  /\.(png|jpe?g|gif|webp|bmp|ico|tiff?|pdf|zip|gz|tgz|bz2|xz|7z|rar|tar|jar|whl|exe|dll|so|dylib|wasm|bin|class|pyc|o|a|woff2?|ttf|otf|eot|mp[34]|mov|avi|wav|ogg|flac|docx|xlsx|pptx|odt|ods|sqlite|db)$/i

/** One skill's bundled files as the tools see them: paths relative to its folder, its SKILL.md left out. */
export interface SkillBundle {
  /** The skill's name, as the model names it. */
  skill: string
  /** The skill's folder in the workspace (`pdf` for `pdf/SKILL.md`). */
  folder: string
  files: SkillFile[]
  /** Folders inside this one that hold another skill (nested skills keep their own files). */
  nestedSkills: string[]
}

/** The files bundled with `skill` (everything in its folder but its SKILL.md and nested skills'), or null for a flat skill. */
export function skillBundle(skill: Pick<Skill, 'name' | 'path'>, workspace: readonly SkillFile[]): SkillBundle | null {
  const folder = folderOf(skill.path)
  if (folder === null || !isSkillPath(skill.path)) return null
  const prefix = `${folder}/`
  const files = skillFolderFiles(workspace, skill.path)
    .filter((file) => file.path !== skill.path)
    .map((file) => ({ path: file.path.slice(prefix.length), text: file.text }))
  const nestedSkills = workspace
    .filter((file) => file.path !== skill.path && file.path.startsWith(prefix) && isSkillPath(file.path))
    .map((file) => folderOf(file.path.slice(prefix.length)) ?? '')
    .filter((path) => path !== '')
  return { skill: skill.name, folder, files, nestedSkills }
}

/** Every skill's bundle that holds at least one file, by the skill's path. */
export function workspaceBundles(skills: readonly Skill[], workspace: readonly SkillFile[]): Map<string, SkillBundle> {
  const bundles = new Map<string, SkillBundle>()
  // Only folders that hold something besides SKILL.md are looked at: most skills are one file.
  const busy = new Set<string>()
  for (const file of workspace) if (!isSkillPath(file.path)) for (let at = folderOf(file.path); at !== null; at = folderOf(at)) busy.add(at)
  for (const skill of skills) {
    const folder = folderOf(skill.path)
    if (folder === null || !busy.has(folder)) continue
    const bundle = skillBundle(skill, workspace)
    if (bundle && bundle.files.length > 0) bundles.set(skill.path, bundle)
  }
  return bundles
}

/**
 * A path inside the skill's folder, or a refusal that says why: absolute paths, `..`, home and
 * drive letters, URLs, backslashes, percent-encoding, control characters, another skill's folder
 * and links are refused. The skill's own folder name in front (`pdf/reference.md`) is accepted.
 */
export function resolveSkillFilePath(bundle: SkillBundle, raw: unknown): string {
  if (typeof raw !== 'string' || raw.trim() === '')
    throw new ToolRefusal('A path is required, relative to the skill’s folder (e.g. "reference.md").')
  const path = raw.trim()
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(path)) throw new ToolRefusal('The path contains control characters.')
  if (/^[a-z][a-z0-9+.-]*:/i.test(path) && !/^[a-z]:[\\/]/i.test(path))
    throw new ToolRefusal(`"${path}" is an address, not a file of the skill: only files inside the skill's folder can be read.`)
  if (path.startsWith('/') || path.startsWith('~') || /^[a-z]:/i.test(path) || path.startsWith('\\'))
    throw new ToolRefusal(`"${path}" is an absolute path: paths are relative to the skill's folder (${bundle.folder}/).`)
  if (path.includes('\\')) throw new ToolRefusal('Use / to separate folders.')
  if (/%[0-9a-f]{2}/i.test(path)) throw new ToolRefusal('Percent-encoded paths are not accepted; write the path as plain text.')
  let parts = path.split('/').filter((part) => part !== '' && part !== '.')
  if (parts.some((part) => /^\.{2,}$/.test(part)))
    throw new ToolRefusal(`"${path}" leaves the skill's folder: ".." is not allowed; files outside ${bundle.folder}/ are not the skill's.`)
  const folderParts = bundle.folder.split('/')
  if (parts.length > folderParts.length && folderParts.every((part, index) => parts[index] === part)) {
    const inside = parts.slice(folderParts.length).join('/')
    // `pdf/reference.md` for the skill in `pdf/`, unless the skill really has a `pdf/` folder of its own.
    if (!bundle.files.some((file) => file.path === parts.join('/'))) parts = inside.split('/')
  }
  if (parts.length === 0) throw new ToolRefusal('A path is required, relative to the skill’s folder (e.g. "reference.md").')
  const resolved = parts.join('/')
  const nested = bundle.nestedSkills.find((folder) => resolved === folder || resolved.startsWith(`${folder}/`))
  if (nested !== undefined)
    throw new ToolRefusal(`"${resolved}" is in ${nested}/, another skill's folder: ${bundle.skill}'s tools read only its own files.`)
  if (/(^|\/)SKILL\.md$/i.test(resolved) && resolved.toLowerCase() !== 'skill.md')
    throw new ToolRefusal(`"${resolved}" is another skill's SKILL.md: ${bundle.skill}'s tools read only its own files.`)
  return resolved
}

/** The bundle's file at `path` (resolved), or a refusal naming the files there are. */
function fileAt(bundle: SkillBundle, path: string): SkillFile {
  if (path.toLowerCase() === 'skill.md')
    throw new ToolRefusal(
      `SKILL.md is ${bundle.skill}'s instructions, already in the conversation; read_skill_file reads the files beside it.`,
    )
  const file = bundle.files.find((candidate) => candidate.path === path)
  if (file) return file
  const folder = `${path}/`
  if (bundle.files.some((candidate) => candidate.path.startsWith(folder)))
    throw new ToolRefusal(
      `"${path}" is a folder. Its files: ${listed(bundle.files.filter((candidate) => candidate.path.startsWith(folder)))}.`,
    )
  throw new ToolRefusal(`${bundle.skill} has no file "${path}". Its files: ${listed(bundle.files) || 'none'}.`)
}

const listed = (files: readonly SkillFile[]) =>
  files
    .slice(0, MAX_LISTED_FILES)
    .map((file) => file.path)
    .join(', ') + (files.length > MAX_LISTED_FILES ? `, … (${files.length - MAX_LISTED_FILES} more)` : '')

/**
 * Whether a file's text is a link saved as text (Git writes a symbolic link as a one-line file
 * holding its target when links are off): such a file is refused, not followed.
 */
function looksLikeLink(text: string): boolean {
  return text.length < 512 && !text.includes('\n') && /^(\.\.?\/|\/|~\/)[^\s]*$/.test(text) && /(^|\/)\.\.(\/|$)|^\/|^~/.test(text)
}

/** Why a file cannot be read as text, or null when it can. */
function notText(file: SkillFile): string | null {
  if (BINARY_EXTENSIONS.test(file.path))
    return `"${file.path}" is not a text file (${/\.[^./]+$/.exec(file.path)?.[0] ?? 'binary'}); read_skill_file returns text only.`
  // A NUL or a run of replacement characters: bytes that were not UTF-8 text.
  if (file.text.includes('\u0000') || (file.text.match(/\uFFFD/g)?.length ?? 0) > 8)
    return `"${file.path}" is not a text file; read_skill_file returns text only.`
  if (looksLikeLink(file.text)) return `"${file.path}" is a link (to ${file.text.trim()}); links are not followed.`
  return null
}

export interface SkillFileRead {
  skill: string
  path: string
  /** The whole file's length in characters. */
  characters: number
  /** Where this piece starts, when the model asked for an offset. */
  offset?: number
  content: string
  truncated: boolean
}

/** Runs `read_skill_file` for one bundle: the file's text from `offset`, capped, with a visible mark when cut. */
export function readSkillFile(bundle: SkillBundle, args: Record<string, unknown>): SkillFileRead {
  const path = resolveSkillFilePath(bundle, args.path)
  const file = fileAt(bundle, path)
  const problem = notText(file)
  if (problem) throw new ToolRefusal(problem)
  const offset = typeof args.offset === 'number' && Number.isInteger(args.offset) && args.offset > 0 ? args.offset : 0
  if (offset > 0 && offset >= file.text.length)
    throw new ToolRefusal(`"${path}" has ${file.text.length.toLocaleString('en')} characters; offset ${offset} is past its end.`)
  const rest = file.text.slice(offset)
  const truncated = rest.length > MAX_SKILL_FILE_CHARS
  const content = truncated
    ? `${rest.slice(0, MAX_SKILL_FILE_CHARS)}\n[… cut: ${path} has ${file.text.length.toLocaleString('en')} characters; call read_skill_file with offset ${offset + MAX_SKILL_FILE_CHARS} to read on]`
    : rest
  return { skill: bundle.skill, path, characters: file.text.length, ...(offset > 0 ? { offset } : {}), content, truncated }
}

/** The sandbox request that runs a bundled script with `args` as its command line, or a refusal saying why not. */
export function scriptRunRequest(bundle: SkillBundle, args: Record<string, unknown>): CodeRunRequest {
  const path = resolveSkillFilePath(bundle, args.path)
  const file = fileAt(bundle, path)
  const language = SCRIPT_LANGUAGES.find((candidate) => path.toLowerCase().endsWith(candidate.extension))
  if (!language) {
    const extension = /\.[^./]+$/.exec(path)?.[0] ?? 'no extension'
    throw new ToolRefusal(
      `"${path}" (${extension}) cannot run here: run_skill_script runs ${SCRIPT_LANGUAGES.map((candidate) => `${candidate.language} files (${candidate.extension})`).join(', ')} only.`,
    )
  }
  const problem = notText(file)
  if (problem) throw new ToolRefusal(problem)
  const argv = args.args === undefined ? [] : args.args
  if (!Array.isArray(argv) || argv.some((arg) => typeof arg !== 'string'))
    throw new ToolRefusal('args must be a list of strings: the script’s command-line arguments.')
  return {
    // The whole folder is mounted read-only, so the script can read its references and import its siblings.
    files: bundle.files.filter((candidate) => notText(candidate) === null),
    entry: path,
    function: '',
    args: {},
    script: { argv: argv as string[] },
  }
}

const sizeOf = (file: SkillFile) =>
  file.text.length >= 1000 ? `${(file.text.length / 1000).toFixed(1)}k chars` : `${file.text.length} chars`

/** `read_skill_file` as the model sees it: described from the skills' own file lists. */
export function readSkillFileSpec(bundles: readonly SkillBundle[]): { name: string; description: string; parameters: JsonSchema } {
  const lines = bundles.map(
    (bundle) =>
      `- ${bundle.skill}: ${bundle.files
        .slice(0, MAX_LISTED_FILES)
        .map((file) => `${file.path} (${sizeOf(file)})`)
        .join(', ')}${bundle.files.length > MAX_LISTED_FILES ? `, … (${bundle.files.length - MAX_LISTED_FILES} more)` : ''}`,
  )
  return {
    name: READ_SKILL_FILE,
    description: `Read a file bundled with a skill (a reference, a form, a template, a script's source) when its instructions point to it and the task needs it. Text only; paths are relative to the skill's folder. Long files are cut at ${MAX_SKILL_FILE_CHARS.toLocaleString('en')} characters (read on with offset). Files:\n${lines.join('\n')}`,
    parameters: {
      type: 'object',
      properties: {
        skill: { type: 'string', enum: bundles.map((bundle) => bundle.skill), description: 'The skill the file belongs to' },
        path: {
          type: 'string',
          minLength: 1,
          maxLength: 1000,
          description: 'The file, relative to the skill’s folder, e.g. "reference.md"',
        },
        offset: { type: 'integer', minimum: 0, description: 'Characters to skip: for reading a long file on' },
      },
      required: ['skill', 'path'],
      additionalProperties: false,
    },
  }
}

/** Whether a bundle has something `run_skill_script` could run. */
export function hasScripts(bundle: SkillBundle): boolean {
  return bundle.files.some((file) => SCRIPT_LANGUAGES.some((language) => file.path.toLowerCase().endsWith(language.extension)))
}

/** `run_skill_script` as the model sees it. */
export function runSkillScriptSpec(bundles: readonly SkillBundle[]): { name: string; description: string; parameters: JsonSchema } {
  const lines = bundles.map(
    (bundle) =>
      `- ${bundle.skill}: ${bundle.files
        .filter((file) => SCRIPT_LANGUAGES.some((language) => file.path.toLowerCase().endsWith(language.extension)))
        .slice(0, MAX_LISTED_FILES)
        .map((file) => file.path)
        .join(', ')}`,
  )
  return {
    name: RUN_SKILL_SCRIPT,
    description: `Run a script bundled with a skill, as its instructions say, and get its standard output, standard error and exit status. Runs ${SCRIPT_LANGUAGES.map((language) => language.language).join(', ')} in a sandbox: the skill's folder is readable (read-only), there is no network and no access to the user's files, and it is stopped at the time limit. Scripts:\n${lines.join('\n')}`,
    parameters: {
      type: 'object',
      properties: {
        skill: { type: 'string', enum: bundles.map((bundle) => bundle.skill), description: 'The skill the script belongs to' },
        path: {
          type: 'string',
          minLength: 1,
          maxLength: 1000,
          description: 'The script, relative to the skill’s folder, e.g. "scripts/check.py"',
        },
        args: {
          type: 'array',
          items: { type: 'string', maxLength: MAX_SCRIPT_ARG_CHARS },
          maxItems: MAX_SCRIPT_ARGS,
          description: 'Command-line arguments (sys.argv[1:])',
        },
      },
      required: ['skill', 'path'],
      additionalProperties: false,
    },
  }
}
