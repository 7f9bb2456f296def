import { compareCodePoints } from '../lib/text'
import { changedFiles } from './changedFiles'
import { parseSkill } from './parseSkill'
import { isToolSchemaPath, toolSkillPaths } from './toolFolderSkill'
import type { Skill, SkillFile } from './types'

/**
 * Whether a path (relative to the skills root, `/`-separated) holds a skill: `<folder>/SKILL.md`
 * at any depth, or a flat `<name>.md` directly in the root (a root README.md is documentation).
 * A tool folder's `schema.json` (seed 001) is a skill's file too, which depends on the paths
 * around it: `isToolSkillPath` / `toolSkillPaths`.
 */
export function isSkillPath(path: string): boolean {
  let known = skillPaths.get(path)
  if (known === undefined) {
    known = readSkillPath(path)
    if (skillPaths.size > 100_000) skillPaths.clear()
    skillPaths.set(path, known)
  }
  return known
}

/** Paths already judged: a keystroke in a 5,000-skill workspace asks about every path several times. */
const skillPaths = new Map<string, boolean>()

function readSkillPath(path: string): boolean {
  const parts = path.split('/')
  const file = parts[parts.length - 1] ?? ''
  // The Agent Skills reference reads a lowercase skill.md too.
  if (parts.length > 1) return file === 'SKILL.md' || file === 'skill.md'
  return /\.md$/i.test(file) && !ROOT_DOCUMENTS.has(file.toLowerCase())
}

/** Markdown at a workspace's root that documents the repository rather than being a skill. */
const ROOT_DOCUMENTS = new Set([
  'readme.md',
  'claude.md',
  'agents.md',
  'contributing.md',
  'changelog.md',
  'license.md',
  'security.md',
  'code_of_conduct.md',
])

export interface Workspace {
  /** Skills in load order: relative paths in code-point order (docs/skill-format.md). */
  skills: Skill[]
}

export type SkillParser = (path: string, text: string) => Skill

/**
 * Parses every skill file and orders them. One broken file only affects itself. `parse` lets the
 * UI pass a memoised parser so a keystroke re-parses one file, not all of them. Problems across
 * files (duplicate names, shared keywords) are lint rules: see src/core/lint.
 */
export function loadWorkspace(files: readonly SkillFile[], parse: SkillParser = parseSkill): Workspace {
  return { skills: loadOrder(files).map((index) => parse(files[index]!.path, files[index]!.text)) }
}

/**
 * `loadWorkspace(files)`, from the workspace `previous.files` loaded, when only a few texts
 * changed (`changedFiles`): only the changed skills are parsed, the rest keep their place, and
 * the same workspace comes back when no skill changed (an edit to a test file). Null when paths
 * changed or many files did: load the files whole.
 */
export function reloadWorkspace(
  previous: { files: readonly SkillFile[]; workspace: Workspace },
  files: readonly SkillFile[],
  parse: SkillParser = parseSkill,
): Workspace | null {
  const changed = changedFiles(previous.files, files)
  if (!changed) return null
  let skills: Skill[] | null = null
  for (const file of changed) {
    const tool = isToolSchemaPath(file.path)
    if (!isSkillPath(file.path) && !tool) continue
    const at = placeOf(skills ?? previous.workspace.skills, file.path)
    // A schema.json that is no skill's file (its folder has a SKILL.md) changes no skill.
    if (at < 0 && tool) continue
    if (at < 0) return null
    skills ??= previous.workspace.skills.slice()
    skills[at] = parse(file.path, file.text)
  }
  return skills ? { skills } : previous.workspace
}

/** Where `path` is among skills in load order (code-point order of paths), found by halving; -1 when absent. */
function placeOf(skills: readonly Skill[], path: string): number {
  let low = 0
  let high = skills.length - 1
  while (low <= high) {
    const middle = (low + high) >>> 1
    const order = compareCodePoints((skills[middle] as Skill).path, path)
    if (order === 0) return middle
    if (order < 0) low = middle + 1
    else high = middle - 1
  }
  return -1
}

let orderedPaths: readonly string[] = []
let order: number[] = []

/**
 * The indexes of the skill files in load order. A keystroke changes a text, not the paths, so the
 * order of the last call is reused while the paths are the same ones in the same places.
 */
function loadOrder(files: readonly SkillFile[]): number[] {
  if (files.length === orderedPaths.length && files.every((file, index) => file.path === orderedPaths[index])) return order
  orderedPaths = files.map((file) => file.path)
  const tools = new Set(toolSkillPaths(orderedPaths))
  order = files
    .map((file, index) => index)
    .filter((index) => isSkillPath(files[index]!.path) || tools.has(files[index]!.path))
    .sort((a, b) => compareCodePoints(files[a]!.path, files[b]!.path))
  return order
}
