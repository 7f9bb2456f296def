import type { SkillFile } from './types'

/**
 * The files of `after` that are not the same objects as in `before`, when both hold the same
 * paths in the same places (a keystroke, a form edit, a save from another tab): derived data can
 * then redo only those files. Null when a path was added, removed or moved, or when more than
 * `limit` files changed (an import, a restore): redo it all. Costs one identity check per file.
 */
export function changedFiles(before: readonly SkillFile[], after: readonly SkillFile[], limit = 32): SkillFile[] | null {
  if (before.length !== after.length) return null
  const changed: SkillFile[] = []
  for (let i = 0; i < after.length; i++) {
    const file = after[i] as SkillFile
    const old = before[i] as SkillFile
    if (file === old) continue
    if (file.path !== old.path || changed.push(file) > limit) return null
  }
  return changed
}
