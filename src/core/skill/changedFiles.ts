import { changedPlaces } from '../lib/changedPlaces'
import type { SkillFile } from './types'

/**
 * The files of `after` that are not the same objects as in `before`, when both hold the same
 * paths in the same places (a keystroke, a form edit, a save from another tab): derived data can
 * then redo only those files. Null when a path was added, removed or moved, or when more than
 * `limit` files changed (an import, a restore): redo it all. Costs one identity check per file.
 */
export function changedFiles(before: readonly SkillFile[], after: readonly SkillFile[], limit = 32): SkillFile[] | null {
  const places = changedPlaces(before, after, limit)
  if (!places) return null
  const changed = places.map((i) => after[i] as SkillFile)
  return places.every((i, n) => changed[n]?.path === before[i]?.path) ? changed : null
}
