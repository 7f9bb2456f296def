import type { StateCreator } from 'zustand'
import type { PlaygroundState } from './createPlaygroundStore'

export interface StatusSlice {
  /** Why the workspace could not be loaded or saved, shown until the next successful save. */
  storageProblem: string | null
  setStorageProblem: (problem: string | null) => void
}

export const createStatusSlice: StateCreator<PlaygroundState, [], [], StatusSlice> = (set) => ({
  storageProblem: null,
  setStorageProblem: (storageProblem) => set({ storageProblem }),
})
