import type { StateCreator } from 'zustand'
import type { Message } from '../core/messages'
import type { PlaygroundState } from './createPlaygroundStore'

export type SaveStatus = 'saved' | 'pending' | 'saving' | 'failed'

export interface StatusSlice {
  /** Why the workspace could not be loaded or saved, shown until the next successful save. */
  storageProblem: Message | null
  setStorageProblem: (problem: Message | null) => void
  /** Another tab saved while this one had unsaved changes: the user chooses whose to keep. */
  tabConflict: boolean
  setTabConflict: (conflict: boolean) => void
  /** Where autosave is: everything saved, a change waiting or being written, or saving failed. */
  saveStatus: SaveStatus
  setSaveStatus: (status: SaveStatus) => void
  /** Said briefly after this tab took in another tab's changes. */
  tabNotice: Message | null
  setTabNotice: (notice: Message | null) => void
}

export const createStatusSlice: StateCreator<PlaygroundState, [], [], StatusSlice> = (set) => ({
  storageProblem: null,
  setStorageProblem: (storageProblem) => set({ storageProblem }),
  tabConflict: false,
  setTabConflict: (tabConflict) => set({ tabConflict }),
  saveStatus: 'saved',
  setSaveStatus: (saveStatus) => set({ saveStatus }),
  tabNotice: null,
  setTabNotice: (tabNotice) => set({ tabNotice }),
})
