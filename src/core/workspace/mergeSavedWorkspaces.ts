import type { SkillFile } from '../skill'
import { mergeText } from './mergeText'
import { SAVED_FIELDS, type SavedWorkspace } from './savedWorkspace'

export interface WorkspaceMerge {
  merged: SavedWorkspace
  /** What both sides changed differently: file paths, or the names of other saved fields. */
  conflicts: string[]
}

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b)

/** Whether two saves hold the same content (files by path and text, in order; the other fields by value). */
export function sameSavedWorkspace(a: SavedWorkspace, b: SavedWorkspace): boolean {
  if (a === b) return true
  if (a.files !== b.files) {
    if (a.files.length !== b.files.length) return false
    for (let i = 0; i < a.files.length; i++) {
      const [x, y] = [a.files[i]!, b.files[i]!]
      if (x !== y && (x.path !== y.path || x.text !== y.text)) return false
    }
  }
  return SAVED_FIELDS.every((field) => field === 'files' || same(a[field], b[field]))
}

/**
 * A three-way merge of two tabs' saves against the save both started from: whatever only one side
 * changed is taken from that side, file by file and field by field, so two tabs editing different
 * skills (or one editing while the other records a run) never conflict; a file both changed is
 * merged line by line (mergeText), and only changes to the same lines conflict. See
 * docs/saved-workspace.md.
 */
export function mergeSavedWorkspaces(base: SavedWorkspace, mine: SavedWorkspace, theirs: SavedWorkspace): WorkspaceMerge {
  const conflicts: string[] = []
  const merged: Record<string, unknown> = {}
  for (const field of SAVED_FIELDS) {
    if (field === 'files') continue
    const [b, m, t] = [base[field], mine[field], theirs[field]]
    if (same(m, b)) merged[field] = t
    else if (same(t, b) || same(m, t)) merged[field] = m
    else {
      conflicts.push(field)
      merged[field] = m
    }
  }
  const byPath = (files: SkillFile[]) => new Map(files.map((file) => [file.path, file.text]))
  const [b, m, t] = [byPath(base.files), byPath(mine.files), byPath(theirs.files)]
  const files: SkillFile[] = []
  // Mine first, in my order, then files only they have: the list keeps the order this tab shows.
  const paths = [...new Set([...m.keys(), ...t.keys(), ...b.keys()])]
  for (const path of paths) {
    const [was, mineText, theirText] = [b.get(path), m.get(path), t.get(path)]
    let text: string | undefined
    if (mineText === was) text = theirText
    else if (theirText === was || mineText === theirText) text = mineText
    else {
      // Both changed it: different lines merge; a deletion against a change, or the same lines, is a question.
      const lines = was !== undefined && mineText !== undefined && theirText !== undefined ? mergeText(was, mineText, theirText) : null
      if (lines?.ok) text = lines.text
      else {
        conflicts.push(path)
        text = mineText ?? theirText
      }
    }
    if (text !== undefined) files.push({ path, text })
  }
  return { merged: { ...(merged as Omit<SavedWorkspace, 'files'>), files }, conflicts }
}
