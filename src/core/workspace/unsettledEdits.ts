/**
 * The page's edits to a folder on disk that disk has not taken yet (a write waiting for typing to
 * pause, one the server could not take while it was gone, a file changed on both sides that the
 * person has not settled), kept over a reload and brought back against the folder as it then is
 * (docs/open-folder.md, "Reloading with edits unsettled").
 */
import { planDiskChanges, type DiskConflict, type DiskFileState } from './diskFolder'
import type { SkillFile } from '../skill/types'

export interface UnsettledEdit {
  path: string
  /** The page's text (null: the page deleted the file). */
  mine: string | null
  /** What disk and page last agreed the file holds (null: it was not there). */
  base: string | null
  /** The file changed on both sides and the person was asked which to keep. */
  conflict: boolean
}

/** The edits of `files` that disk (last agreed as `agreed`) does not hold, the files in conflict among them. */
export function unsettledEdits(
  agreed: ReadonlyMap<string, string>,
  files: readonly SkillFile[],
  conflicts: readonly DiskConflict[],
): UnsettledEdit[] {
  const inConflict = new Set(conflicts.map((conflict) => conflict.path))
  const textOf = new Map(files.map((file) => [file.path, file.text]))
  const edits: UnsettledEdit[] = conflicts.map((conflict) => ({
    path: conflict.path,
    // The page's text as it is now: typing may have gone on in that file since the question.
    mine: textOf.get(conflict.path) ?? conflict.mine,
    base: agreed.get(conflict.path) ?? null,
    conflict: true,
  }))
  // A rename is kept as its two halves (the new file written, the old one removed): each is checked on its own after the reload.
  for (const change of planDiskChanges(agreed, files, { moves: false })) {
    if (change.kind === 'move' || inConflict.has(change.path)) continue
    edits.push({
      path: change.path,
      mine: change.kind === 'write' ? change.text : null,
      base: agreed.get(change.path) ?? null,
      conflict: false,
    })
  }
  return edits
}

/** Kept edits read back: anything that is not a list of well-formed edits reads as none. */
export function readUnsettledEdits(value: unknown): UnsettledEdit[] {
  if (!Array.isArray(value)) return []
  const textOrNull = (entry: unknown): entry is string | null => typeof entry === 'string' || entry === null
  return value.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return []
    const { path, mine, base, conflict } = entry as Record<string, unknown>
    if (typeof path !== 'string' || !textOrNull(mine) || !textOrNull(base) || typeof conflict !== 'boolean') return []
    return [{ path, mine, base, conflict }]
  })
}

export interface RestoredEdits {
  /** Edits disk has not changed under since: the page takes them again (and writes them as usual). */
  apply: { path: string; text: string | null }[]
  /** Files disk changed meanwhile, or that were already in conflict: asked again. */
  conflicts: DiskConflict[]
}

/**
 * Kept edits against the folder as it is after the reload: one disk already holds is done; one
 * whose file disk left as both last agreed is the page's again; any other is a conflict for the
 * person to settle, the page's text beside the disk's, as before the reload.
 */
export function restoreUnsettledEdits(edits: readonly UnsettledEdit[], disk: readonly DiskFileState[]): RestoredEdits {
  const onDisk = new Map(disk.map((file) => [file.path, file]))
  const restored: RestoredEdits = { apply: [], conflicts: [] }
  for (const edit of edits) {
    const file = onDisk.get(edit.path)
    const theirs = file?.text ?? null
    if (theirs === edit.mine) continue
    if (!edit.conflict && theirs === edit.base) restored.apply.push({ path: edit.path, text: edit.mine })
    else restored.conflicts.push({ path: edit.path, mine: edit.mine, theirs, theirsVersion: file?.version ?? null })
  }
  return restored
}
