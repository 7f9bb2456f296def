import type { SkillFile } from '../core/skill'
import type { WorkspaceSnapshot } from '../core/workspace'

/**
 * The snapshot a store made for its files, by that array: a reader handed only the store's files
 * (`state.files` in a selector) finds the store's snapshot. Only stores remember theirs here, so
 * two derivations never share work by it. Weak: a files array nobody holds takes its snapshot with it.
 */
const byFiles = new WeakMap<readonly SkillFile[], WorkspaceSnapshot>()

/** Remembers `snapshot` for `files` (its own files, or an array of the same files in the same order). */
export function rememberSnapshot(snapshot: WorkspaceSnapshot, files: readonly SkillFile[] = snapshot.files): void {
  byFiles.set(files, snapshot)
}

export function snapshotOfFiles(files: readonly SkillFile[]): WorkspaceSnapshot | undefined {
  return byFiles.get(files)
}
