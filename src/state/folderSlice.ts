import type { StateCreator } from 'zustand'
import type { DiskConflict } from '../core/workspace'
import type { PlaygroundState } from './createPlaygroundStore'

/** The folder on disk the page edits in place (`skill-playground open <dir>`); null: the browser keeps the workspace. */
export interface OpenFolder {
  root: string
  /** Whether the serving process is there: writes wait (and the text stays in the page) while it is not. */
  connected: boolean
  /** Files that changed on both sides since they last agreed: the person picks, one at a time. */
  conflicts: DiskConflict[]
  /** The last write the folder refused (a path it will not take, a disk error), in its own words. */
  problem: string | null
  /** The page is served on a folder it may not use yet (the server wants the team token, or cannot read it): nothing is edited. */
  blocked?: 'token' | 'unreadable'
}

export interface FolderSlice {
  folder: OpenFolder | null
  setFolder: (folder: OpenFolder | null) => void
  updateFolder: (change: Partial<OpenFolder>) => void
  /** A file as disk has it now (null: deleted on disk), without touching anything else. */
  applyDiskFile: (path: string, text: string | null) => void
}

export const createFolderSlice: StateCreator<PlaygroundState, [], [], FolderSlice> = (set) => ({
  folder: null,
  setFolder: (folder) => set({ folder }),
  updateFolder: (change) => set((state) => (state.folder ? { folder: { ...state.folder, ...change } } : {})),
  applyDiskFile: (path, text) =>
    set((state) => {
      const index = state.files.findIndex((file) => file.path === path)
      if (text === null) {
        if (index < 0) return {}
        const files = state.files.filter((file) => file.path !== path)
        const neighbour = files[Math.min(index, files.length - 1)]
        return { files, selectedPath: state.selectedPath === path ? (neighbour?.path ?? null) : state.selectedPath }
      }
      if (index < 0) return { files: [...state.files, { path, text }] }
      if (state.files[index]?.text === text) return {}
      return { files: state.files.map((file, i) => (i === index ? { path, text } : file)) }
    }),
})
