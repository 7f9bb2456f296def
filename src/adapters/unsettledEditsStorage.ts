/**
 * The page's edits to a folder on disk that disk had not taken when the page went away (a conflict
 * not settled yet, writes still waiting), kept in localStorage per folder so that a reload, or the
 * next `open` of the folder, brings them back (docs/open-folder.md). The folder's files themselves
 * stay on disk; only what the page alone held is kept here.
 */
import { readUnsettledEdits, type UnsettledEdit } from '../core/workspace'

const keyOf = (root: string) => `skill-playground:folder-unsettled:${root}`

export function keepUnsettledEdits(root: string, edits: readonly UnsettledEdit[]): void {
  try {
    if (edits.length === 0) localStorage.removeItem(keyOf(root))
    else localStorage.setItem(keyOf(root), JSON.stringify(edits))
  } catch {
    // Storage refused or full: the page asked before it went away (beforeunload), which is all it can do then.
  }
}

/** The edits kept for this folder, taken out of storage (what is still unsettled is kept again when the page goes). */
export function takeUnsettledEdits(root: string): UnsettledEdit[] {
  try {
    const raw = localStorage.getItem(keyOf(root))
    if (raw === null) return []
    localStorage.removeItem(keyOf(root))
    return readUnsettledEdits(JSON.parse(raw))
  } catch {
    return []
  }
}
