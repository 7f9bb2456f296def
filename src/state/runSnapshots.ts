/**
 * What a run ran with, kept beside it for "Share run" (docs/share-links.md): the workspace's files
 * and the settings when it started, so a link carries the skills as they were, not as they are now.
 * Not saved: after a reload a run is shared with the skills as they are.
 */
import type { SkillFile } from '../core/skill'
import type { SharedRun } from '../core/share'
import { KEPT_RUNS } from './runSlice'

export interface RunSnapshot {
  files: readonly SkillFile[]
  settings: SharedRun['settings']
}

const snapshots = new Map<string, RunSnapshot>()

export function rememberRun(id: string, snapshot: RunSnapshot): void {
  snapshots.set(id, snapshot)
  // The store keeps the last few runs; so does this.
  for (const key of snapshots.keys()) if (snapshots.size > KEPT_RUNS) snapshots.delete(key)
}

export function snapshotOf(id: string): RunSnapshot | undefined {
  return snapshots.get(id)
}
