/**
 * Where skills live in a workspace, and the naming rules every entry path shares: adding,
 * duplicating, renaming, importing and opening a shared link all place files through here.
 */
import { message, type Message } from '../messages'
import { isSkillPath } from './loadWorkspace'
import { defaultSkillName } from './parseSkill'
import { setSkillName } from './editSkillText'
import type { SkillFile } from './types'

/** The path a skill named `name` gets, keeping the layout (folder or flat file) of `like`. */
export function pathForName(name: string, like?: string): string {
  const flat = like !== undefined && !like.includes('/')
  return flat ? `${name}.md` : `${name}/SKILL.md`
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

export interface Placement {
  placed: SkillFile[]
  /** What was renamed to avoid a clash (or not added: `to` says why). */
  renamed: { from: string; to: string }[]
}

/**
 * Gives incoming files paths (and names) that do not collide with the workspace's: a clashing
 * skill becomes `<name>-<suffix>` (then `-2`, …), with its `name` field to match.
 */
export function placeIncoming(existing: readonly SkillFile[], incoming: readonly SkillFile[], suffix: string): Placement {
  const taken = new Set(existing.map((file) => file.path))
  const names = new Set(existing.map((file) => defaultSkillName(file.path)))
  const placed: SkillFile[] = []
  const renamed: { from: string; to: string }[] = []
  for (const file of incoming) {
    let path = file.path
    let text = file.text
    if (taken.has(path) && !isSkillPath(path)) {
      // A second routing-tests.yaml has nowhere to go: the user's own suite stays.
      renamed.push({ from: file.path, to: '(not added: you have one)' })
      continue
    }
    // A taken path, or a taken name in the other layout (calculator.md beside calculator/SKILL.md).
    if (taken.has(path) || names.has(defaultSkillName(path))) {
      const base = `${defaultSkillName(path)}-${suffix}`
      let name = base
      for (let n = 2; names.has(name) || taken.has(pathForName(name, path)); n++) name = `${base}-${n}`
      path = pathForName(name, file.path)
      text = setSkillName(text, name)
      names.add(name)
      renamed.push({ from: file.path, to: path })
    }
    taken.add(path)
    placed.push({ path, text })
  }
  return { placed, renamed }
}
