import type { StateCreator } from 'zustand'
import { DEFAULT_THRESHOLD } from '../core/routing'
import type { PlaygroundState } from './createPlaygroundStore'

export interface RoutingSlice {
  utterance: string
  threshold: number
  /** The table row the pointer or keyboard is on: its covered spans are highlighted. */
  focusedSkillPath: string | null
  setUtterance: (utterance: string) => void
  setThreshold: (threshold: number) => void
  focusSkillRow: (path: string | null) => void
}

export const DEFAULT_UTTERANCE = '计算一下 2^20 是多少'

export const createRoutingSlice: StateCreator<PlaygroundState, [], [], RoutingSlice> = (set) => ({
  utterance: DEFAULT_UTTERANCE,
  threshold: DEFAULT_THRESHOLD,
  focusedSkillPath: null,
  setUtterance: (utterance) => set({ utterance }),
  setThreshold: (threshold) => set({ threshold: Number.isFinite(threshold) ? Math.min(Math.max(threshold, 0), 2) : DEFAULT_THRESHOLD }),
  focusSkillRow: (path) => set({ focusedSkillPath: path }),
})
