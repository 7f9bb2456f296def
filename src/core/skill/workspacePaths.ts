/**
 * Where skills live in a workspace, and the naming rules every entry path shares: adding,
 * duplicating, renaming, importing and opening a shared link all place files through here.
 */
import { BULK_STEP } from '../lib/bulkStep'
import { finishSteps } from '../lib/finishSteps'
import { message, type Message } from '../messages'
import { isSkillPath } from './loadWorkspace'
import { defaultSkillName } from './parseSkill'
import { setSkillName } from './editSkillText'
import { folderOf } from './skillCode'
import type { SkillFile } from './types'

/**
 * The path a skill named `name` gets, keeping the layout (folder or flat file) of `like` and the
 * folder its skill folder is in: a skill in `.claude/skills/` (docs/clients.md) or a group stays there.
 */
export function pathForName(name: string, like?: string): string {
  const flat = like !== undefined && !like.includes('/')
  if (flat) return `${name}.md`
  const folder = like === undefined ? null : folderOf(like)
  const parent = folder === null ? null : folderOf(folder)
  return parent === null ? `${name}/SKILL.md` : `${parent}/${name}/SKILL.md`
}

/** `base`, or `base-2`, `base-3`, … : the first name no skill in `files` has. */
export function uniqueSkillName(base: string, files: readonly SkillFile[]): string {
  const taken = new Set(files.map((file) => defaultSkillName(file.path)))
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`
}

export type NameCheck = { ok: true; name: string; path: string } | { ok: false; error: Message }

/**
 * The name a person typed, made fit for a folder and a `name` field: spaces and punctuation
 * become "-", letters of any script are kept ("退款 助手" → "退款-助手", "My Skill" → "my-skill").
 */
export function slugSkillName(raw: string): string {
  return raw
    .trim()
    .replace(/[A-Z]/g, (letter) => letter.toLowerCase())
    .replace(/[^\p{L}\p{N}_-]+/gu, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '')
    .slice(0, 64)
}

/** Whether the skill at `path` may be renamed to `rawName` (slugged first), and the path it would then have. */
export function checkSkillName(rawName: string, path: string, files: readonly SkillFile[]): NameCheck {
  if (rawName.trim() === '') return { ok: false, error: message('skillName.empty') }
  const name = slugSkillName(rawName)
  if (name === '') return { ok: false, error: message('skillName.invalid') }
  const target = pathForName(name, path)
  if (!isSkillPath(target)) return { ok: false, error: message('skillName.unusable', { name }) }
  if (target !== path && files.some((file) => file.path === target)) return { ok: false, error: message('skillName.taken', { name }) }
  return { ok: true, name, path: target }
}

// Which names a workspace leaves alone is decided with the folders clients read (skillFolders.ts).
export { isLeftAlone } from './skillFolders'

/** The files of the skill at `path`: its SKILL.md and everything in its folder but nested skills' (a flat skill is one file). */
export function skillFolderFiles(files: readonly SkillFile[], path: string): SkillFile[] {
  const folder = folderOf(path)
  const own = files.filter((file) => file.path === path)
  if (folder === null || !isSkillPath(path)) return own
  const nested = new Set(files.filter((file) => isSkillPath(file.path) && file.path !== path).map((file) => folderOf(file.path)))
  const inFolder = files.filter((file) => {
    if (file.path === path || !file.path.startsWith(`${folder}/`)) return false
    for (let at = folderOf(file.path); at !== null && at !== folder; at = folderOf(at)) if (nested.has(at)) return false
    return !nested.has(folder) || !isSkillPath(file.path)
  })
  return [...own, ...inFolder]
}

/** `path` under the folder it moved to, when one of its folders was moved. */
function movedWithFolder(path: string, moves: ReadonlyMap<string, string>): string {
  if (moves.size === 0) return path
  for (let folder = folderOf(path); folder !== null; folder = folderOf(folder)) {
    const to = moves.get(folder)
    if (to !== undefined) return to + path.slice(folder.length)
  }
  return path
}

export interface Placement {
  placed: SkillFile[]
  /** What was renamed to avoid a clash. */
  renamed: { from: string; to: string }[]
}

/**
 * Where a file that is not a skill goes when its path is taken: `dir/name-<suffix>.ext` (then
 * `-2`, …), or null when one of those already holds the same text (imported before).
 */
function freeFilePath(path: string, text: string, suffix: string, textAt: ReadonlyMap<string, string>): string | null {
  const slash = path.lastIndexOf('/')
  const dot = path.lastIndexOf('.')
  const cut = dot > slash + 1 ? dot : path.length
  const base = `${path.slice(0, cut)}-${suffix}`
  for (let n = 1; ; n++) {
    const candidate = `${base}${n === 1 ? '' : `-${n}`}${path.slice(cut)}`
    const there = textAt.get(candidate)
    if (there === undefined) return candidate
    if (there === text) return null
  }
}

/**
 * Gives incoming files paths (and names) that do not collide with the workspace's: a clashing
 * skill becomes `<name>-<suffix>` (then `-2`, …), with its `name` field to match; any other
 * clashing file (evals.yaml, a script beside a skill) becomes `<file>-<suffix>.<ext>`, so
 * nothing incoming is dropped and nothing of the workspace's is overwritten.
 */
export function placeIncoming(existing: readonly SkillFile[], incoming: readonly SkillFile[], suffix: string): Placement {
  return finishSteps(placeIncomingInSteps(existing, incoming, suffix))
}

/** `placeIncoming` a few hundred files a step: the same placement, over several tasks (an import of twenty thousand files). */
export function* placeIncomingInSteps(
  existing: readonly SkillFile[],
  incoming: readonly SkillFile[],
  suffix: string,
): Generator<void, Placement> {
  const taken = new Set<string>()
  const textAt = new Map<string, string>()
  const names = new Set<string>()
  for (let index = 0; index < existing.length; index++) {
    if (index % BULK_STEP === BULK_STEP - 1) yield
    const file = existing[index] as SkillFile
    taken.add(file.path)
    textAt.set(file.path, file.text)
    names.add(defaultSkillName(file.path))
  }
  const placed: SkillFile[] = []
  const renamed: { from: string; to: string }[] = []
  // A renamed skill's folder moves with it: its code and references land beside its new SKILL.md.
  const folderMoves = new Map<string, string>()
  for (let index = 0; index < incoming.length; index++) {
    if (index % BULK_STEP === BULK_STEP - 1) yield
    const file = incoming[index] as SkillFile
    let path = movedWithFolder(file.path, folderMoves)
    let text = file.text
    if (taken.has(path) && !isSkillPath(path)) {
      if (textAt.get(path) === text) continue
      const free = freeFilePath(path, text, suffix, textAt)
      if (free === null) continue
      path = free
      renamed.push({ from: file.path, to: path })
    }
    // A taken path, or a taken name in the other layout (calculator.md beside calculator/SKILL.md).
    if (isSkillPath(path) && (taken.has(path) || names.has(defaultSkillName(path)))) {
      const base = `${defaultSkillName(path)}-${suffix}`
      let name = base
      for (let n = 2; names.has(name) || taken.has(pathForName(name, path)); n++) name = `${base}-${n}`
      path = pathForName(name, file.path)
      text = setSkillName(text, name)
      names.add(name)
      renamed.push({ from: file.path, to: path })
      const from = folderOf(file.path)
      const to = folderOf(path)
      if (from !== null && to !== null) folderMoves.set(from, to)
    }
    taken.add(path)
    textAt.set(path, text)
    placed.push({ path, text })
  }
  return { placed, renamed }
}
