/**
 * What names a skill, besides its own `name` (docs/renaming.md): the one rule every rename path
 * (the form's Name field, the skill list's Rename, and Undo of either) follows, so a renamed skill
 * keeps its tests, its evals and the skills that point at it.
 *
 * - `routing-tests.yaml`: a case's `expect`.
 * - `evals.yaml`: a case's `expect.skill` and `expect.not_skill`; a tool list item that is the
 *   skill (its code counts as a tool under its name: `tools_called`, `tools_not_called`,
 *   `tool_order`); a `tool_args` / `tool_results` key; a bundled-file path with the skill's name in
 *   front (`files_read`, `files_not_read`, `scripts_run`, `scripts_not_run`: `pdf/reference.md`).
 * - skill-creator's `<skill>/evals/evals.json`: `skill_name`.
 * - waza's `<skill>/eval.yaml` (or `tests/eval.yaml`): `skill`.
 * - Other skills: `fallback`, and an explicit `group` named after the skill.
 *
 * Each file is edited in place (the value's own characters replaced, quoting kept where the new
 * name allows it): comments, order and layout stay as they were. A name another skill still has
 * is not rewritten: what named it still names that skill.
 */
import { EVALS_FILE, SKILL_CREATOR_EVALS, WAZA_EVAL } from '../evals'
import { ROUTING_TESTS_FILE } from '../routingSuite'
import { isSkillPath, locateYamlStrings, parseSkill, setFrontmatterValue, splitSkillFile, type SkillFile, type YamlString } from '../skill'

/** How many of each kind of reference a rename rewrote (what the page's toast says). */
export interface RenameCounts {
  /** Routing test cases that expect the skill. */
  routingTests: number
  /** Eval cases that name it (in evals.yaml, skill-creator's evals.json, waza's eval.yaml). */
  evalCases: number
  /** Other skills whose `fallback` is the skill. */
  fallbacks: number
  /** Other skills whose `group` is named after it. */
  groups: number
}

export interface RenamedReferences {
  /** The files whose text changed, with their new text (paths as given). */
  files: SkillFile[]
  counts: RenameCounts
}

export const NO_REFERENCES: RenameCounts = Object.freeze({ routingTests: 0, evalCases: 0, fallbacks: 0, groups: 0 })

const TOOL_LISTS = new Set(['tools_called', 'tools_not_called', 'tool_order'])
const TOOL_MAPS = new Set(['tool_args', 'tool_results'])
const FILE_LISTS = new Set(['files_read', 'files_not_read', 'scripts_run', 'scripts_not_run'])

/**
 * The files of `files` that name skill `from`, rewritten to name `to`. `renamed` is the path of the
 * renamed skill itself (its own `name` is the caller's to set; its `fallback` is left alone).
 */
export function renameReferences(files: readonly SkillFile[], from: string, to: string, renamed: string): RenamedReferences {
  return renameManyReferences(files, [{ from, to, path: renamed }])
}

/**
 * `renameReferences` for several skills at once, each file read once (a link whose skills arrive
 * renamed by the hundred). The renames apply together, each value by what it named before: a skill
 * renamed to another one's old name (`x` → `x-shared` while `x-shared` → `x-shared-shared`) is not
 * renamed twice. A name another skill of `files` still has is left alone, as in `renameReferences`.
 */
export function renameManyReferences(
  files: readonly SkillFile[],
  renames: readonly { from: string; to: string; path: string }[],
): RenamedReferences {
  const counts: RenameCounts = { ...NO_REFERENCES }
  const wanted = renames.filter(({ from, to }) => from !== to && from !== '')
  if (wanted.length === 0) return { files: [], counts }
  // Another skill still called `from`: every reference keeps meaning that one.
  const renamedPaths = new Set(wanted.map((rename) => rename.path))
  const stillNamed = new Set<string>()
  const olds = new Set(wanted.map((rename) => rename.from))
  for (const file of files)
    if (isSkillPath(file.path) && !renamedPaths.has(file.path)) {
      const name = parseSkill(file.path, file.text).name
      if (olds.has(name)) stillNamed.add(name)
    }
  const names = new Map(wanted.filter((rename) => !stillNamed.has(rename.from)).map((rename) => [rename.from, rename.to]))
  if (names.size === 0) return { files: [], counts }
  // A renamed skill's own fallback and group stay as they are for its own rename, and follow the others.
  const ownOld = new Map(wanted.map((rename) => [rename.path, rename.from]))
  const changed: SkillFile[] = []
  for (const file of files) {
    const next = rewrite(file, names, ownOld, counts)
    if (next !== null && next !== file.text) changed.push({ path: file.path, text: next })
  }
  return { files: changed, counts }
}

/** Old names to new ones. */
type Names = ReadonlyMap<string, string>

function rewrite(file: SkillFile, names: Names, ownOld: ReadonlyMap<string, string>, counts: RenameCounts): string | null {
  if (file.path === ROUTING_TESTS_FILE) return rewriteRoutingTests(file.text, names, counts)
  if (file.path === EVALS_FILE) return rewriteEvals(file.text, names, counts)
  if (SKILL_CREATOR_EVALS.test(file.path)) return rewriteTopLevel(file.text, 'skill_name', 'evals', names, counts)
  if (WAZA_EVAL.test(file.path)) return rewriteTopLevel(file.text, 'skill', 'tasks', names, counts)
  if (!isSkillPath(file.path)) return null
  const own = ownOld.get(file.path)
  if (own === undefined) return rewriteSkill(file, names, counts)
  if (names.size === 1 && names.has(own)) return null
  const others = new Map(names)
  others.delete(own)
  return rewriteSkill(file, others, counts)
}

/** The list of cases: the document itself, or its `cases:`; `offset` is how many path parts lead to it. */
function caseIndex(path: readonly (string | number)[]): { index: number; rest: readonly (string | number)[] } | null {
  const at = path[0] === 'cases' ? 1 : 0
  const index = path[at]
  return typeof index === 'number' ? { index, rest: path.slice(at + 1) } : null
}

function rewriteRoutingTests(text: string, names: Names, counts: RenameCounts): string | null {
  const strings = locateYamlStrings(text)
  if (!strings) return null
  const edits = strings.filter((item) => {
    const place = caseIndex(item.path)
    return !item.key && names.has(item.value) && place !== null && place.rest.length === 1 && place.rest[0] === 'expect'
  })
  counts.routingTests += edits.length
  return applyEdits(
    text,
    edits.map((item) => ({ item, value: names.get(item.value)! })),
  )
}

function rewriteEvals(text: string, names: Names, counts: RenameCounts): string | null {
  const strings = locateYamlStrings(text)
  if (!strings) return null
  const edits: { item: YamlString; value: string }[] = []
  const cases = new Set<number>()
  for (const item of strings) {
    const place = caseIndex(item.path)
    if (!place || place.rest[0] !== 'expect') continue
    const [, field, third] = place.rest
    if (typeof field !== 'string') continue
    let value: string | null = null
    const to = names.get(item.value)
    if (item.key) {
      // A tool_args / tool_results key: the path ends with the key itself.
      if (TOOL_MAPS.has(field) && place.rest.length === 3 && to !== undefined) value = to
    } else if ((field === 'skill' || field === 'not_skill') && place.rest.length === 2 && to !== undefined) value = to
    else if (TOOL_LISTS.has(field) && typeof third === 'number' && place.rest.length === 3 && to !== undefined) value = to
    else if (FILE_LISTS.has(field) && typeof third === 'number' && place.rest.length === 3) {
      const folder = item.value.slice(0, item.value.indexOf('/'))
      const moved = item.value.includes('/') ? names.get(folder) : undefined
      if (moved !== undefined) value = moved + item.value.slice(folder.length)
    }
    if (value === null) continue
    edits.push({ item, value })
    cases.add(place.index)
  }
  counts.evalCases += cases.size
  return applyEdits(text, edits)
}

/** A file of one skill's evals (skill-creator's evals.json, waza's eval.yaml): its top-level skill field; counts its cases. */
function rewriteTopLevel(text: string, field: string, list: string, names: Names, counts: RenameCounts): string | null {
  const strings = locateYamlStrings(text)
  if (!strings) return null
  const target = strings.find((item) => !item.key && item.path.length === 1 && item.path[0] === field && names.has(item.value))
  if (!target) return null
  const items = new Set(strings.filter((item) => item.path[0] === list && typeof item.path[1] === 'number').map((item) => item.path[1]))
  counts.evalCases += Math.max(1, items.size)
  return applyEdits(text, [{ item: target, value: names.get(target.value)! }])
}

function rewriteSkill(file: SkillFile, names: Names, counts: RenameCounts): string | null {
  const split = splitSkillFile(file.text)
  if (!split.hasFrontmatter || split.errors.length > 0) return null
  const skill = parseSkill(file.path, file.text)
  let text = file.text
  const fallback = skill.fallback === undefined ? undefined : names.get(skill.fallback)
  if (fallback !== undefined) {
    text = setFrontmatterValue(text, 'fallback', fallback) ?? text
    counts.fallbacks += 1
  }
  // Only a group written in the file: one that comes from the folder moves with the folder.
  const group = split.fields.has('group') && skill.group !== undefined ? names.get(skill.group) : undefined
  if (group !== undefined) {
    text = setFrontmatterValue(text, 'group', group) ?? text
    counts.groups += 1
  }
  return text
}

/** Words YAML reads as something other than a string when written plain. */
const NOT_PLAIN = /^(?:true|false|null|yes|no|on|off|y|n|~)$/i

/** `value` written in the place of `item`, in the same style when the new value allows it. */
function written(item: YamlString, value: string, json: boolean): string {
  if (item.style === 'QUOTE_SINGLE' && !json) return `'${value.replaceAll("'", "''")}'`
  if (item.style === 'PLAIN' && !json && /^[\p{L}_][\p{L}\p{N}_./-]*$/u.test(value) && !NOT_PLAIN.test(value)) return value
  return JSON.stringify(value)
}

function applyEdits(text: string, edits: readonly { item: YamlString; value: string }[]): string {
  const json = /^\s*[[{]/.test(text) && !/^\s*#/m.test(text)
  return [...edits]
    .sort((a, b) => b.item.span[0] - a.item.span[0])
    .reduce((result, { item, value }) => result.slice(0, item.span[0]) + written(item, value, json) + result.slice(item.span[1]), text)
}
