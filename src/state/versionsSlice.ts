import type { StateCreator } from 'zustand'
import type { SkillVersion } from '../core/workspace'
import type { PlaygroundState, StoreDependencies } from './createPlaygroundStore'

export type { SkillVersion }

/** The label of the version a restore keeps of the text it replaces (stored in English; the page shows it through `restoredFrom`). */
export const beforeRestoringLabel = (label: string): string => `Before restoring “${label}”`

/** The restored version's label when `label` is one `beforeRestoringLabel` wrote, else null. */
export function restoredFrom(label: string): string | null {
  return /^Before restoring “(.*)”$/s.exec(label)?.[1] ?? null
}

export interface VersionsSlice {
  /** Saved versions per skill path, oldest first. */
  versions: Record<string, SkillVersion[]>
  saveVersion: (path: string, label: string) => SkillVersion | null
  restoreVersion: (path: string, id: string) => void
}

export const createVersionsSlice =
  ({ now, randomId }: StoreDependencies): StateCreator<PlaygroundState, [], [], VersionsSlice> =>
  (set, get) => ({
    versions: {},
    saveVersion: (path, label) => {
      const file = get().files.find((candidate) => candidate.path === path)
      if (!file) return null
      const existing = get().versions[path] ?? []
      const version: SkillVersion = {
        id: `v${now().getTime().toString(36)}${randomId()}`,
        label: label.trim() || `Version ${existing.length + 1}`,
        savedAt: now().toISOString(),
        text: file.text,
      }
      set((state) => ({ versions: { ...state.versions, [path]: [...existing, version] } }))
      return version
    },
    restoreVersion: (path, id) => {
      const version = get().versions[path]?.find((candidate) => candidate.id === id)
      const current = get().files.find((candidate) => candidate.path === path)
      if (!version || !current) return
      // Restoring never loses the text it replaces: that becomes a version too.
      if (current.text !== version.text && !(get().versions[path] ?? []).some((v) => v.text === current.text))
        get().saveVersion(path, beforeRestoringLabel(version.label))
      get().updateText(path, version.text)
    },
  })
