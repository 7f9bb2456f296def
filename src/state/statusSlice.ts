import type { StateCreator } from 'zustand'
import type { PlaygroundState } from './createPlaygroundStore'

export interface StatusSlice {
  /** Why the workspace could not be loaded or saved, shown until the next successful save. */
  storageProblem: string | null
  setStorageProblem: (problem: string | null) => void
  /** Another tab saved while this one had unsaved changes: the user chooses whose to keep. */
  tabConflict: boolean
  setTabConflict: (conflict: boolean) => void
  /** Said briefly after this tab took in another tab's changes. */
  tabNotice: string | null
  setTabNotice: (notice: string | null) => void
}

export const createStatusSlice: StateCreator<PlaygroundState, [], [], StatusSlice> = (set) => ({
  storageProblem: null,
  setStorageProblem: (storageProblem) => set({ storageProblem }),
  tabConflict: false,
  setTabConflict: (tabConflict) => set({ tabConflict }),
  tabNotice: null,
  setTabNotice: (tabNotice) => set({ tabNotice }),
})
