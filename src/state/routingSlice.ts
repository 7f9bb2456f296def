import type { StateCreator } from 'zustand'
import type { LintProfile } from '../core/lint'
import { DEFAULT_THRESHOLD, normalizeThreshold, normalizeUtterance } from '../core/routing'
import type { PlaygroundState } from './createPlaygroundStore'

export interface RoutingSlice {
  utterance: string
  threshold: number
  /** The table row the pointer or keyboard is on: its covered spans are highlighted. */
  focusedSkillPath: string | null
  setUtterance: (utterance: string) => void
  setThreshold: (threshold: number) => void
  focusSkillRow: (path: string | null) => void
  /** Which lint rules apply, and how hard (docs/skill-format.md). */
  lintProfile: LintProfile
  setLintProfile: (profile: LintProfile) => void
  /** A place in a file the editor should show (from the problems list). */
  revealRequest: { path: string; line: number; column: number; id: number } | null
  reveal: (path: string, line: number, column: number) => void
  /** Writes a trigger set (docs/evals.md, "Trigger evals") as `path`, replacing the file there or adding it. */
  saveTriggerSet: (path: string, text: string) => void
}

export const DEFAULT_UTTERANCE = '计算一下 2^20 是多少'

export const createRoutingSlice: StateCreator<PlaygroundState, [], [], RoutingSlice> = (set) => ({
  utterance: DEFAULT_UTTERANCE,
  threshold: DEFAULT_THRESHOLD,
  focusedSkillPath: null,
  setUtterance: (utterance) => set({ utterance: normalizeUtterance(utterance) }),
  setThreshold: (threshold) => set({ threshold: normalizeThreshold(threshold) }),
  focusSkillRow: (path) => set({ focusedSkillPath: path }),
  lintProfile: 'app',
  setLintProfile: (lintProfile) => set({ lintProfile }),
  revealRequest: null,
  reveal: (path, line, column) =>
    set((state) => ({ selectedPath: path, revealRequest: { path, line, column, id: (state.revealRequest?.id ?? 0) + 1 } })),
  saveTriggerSet: (path, text) =>
    set((state) => {
      const at = state.files.findIndex((file) => file.path === path)
      if (at >= 0 && state.files[at]?.text === text) return state
      const files = state.files.slice()
      if (at >= 0) files[at] = { path, text }
      else files.push({ path, text })
      return { files }
    }),
})
