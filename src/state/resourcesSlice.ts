import type { StateCreator } from 'zustand'
import { EXAMPLE_FILES, EXAMPLE_KNOWLEDGE } from '../core/tools/exampleData'
import { DEFAULT_MOCKS } from '../core/tools/mockTools'
import type { ServerTools, ToolMode } from '../core/tools/liveTools'
import type { KnowledgeDocument, MockRule } from '../core/tools/types'
import type { PlaygroundState } from './createPlaygroundStore'

/** What the in-page tools work on: mock responses, knowledge documents, the virtual files. */
export interface ResourcesSlice {
  toolMocks: Record<string, MockRule[]>
  knowledge: KnowledgeDocument[]
  virtualFiles: Record<string, string>
  setToolMocks: (tool: string, rules: MockRule[]) => void
  /** Per tool, Mock or Live; a tool not listed is mocked. Saved with the workspace. */
  toolModes: Record<string, ToolMode>
  setToolMode: (tool: string, mode: ToolMode) => void
  /** What the server offers to run live; 'unknown' until it answers, null on a static host. Not saved. */
  serverTools: ServerTools | null | 'unknown'
  setServerTools: (tools: ServerTools | null) => void
  setKnowledge: (documents: KnowledgeDocument[]) => void
  writeVirtualFile: (path: string, content: string) => void
  deleteVirtualFile: (path: string) => void
}

export const createResourcesSlice: StateCreator<PlaygroundState, [], [], ResourcesSlice> = (set) => ({
  toolMocks: DEFAULT_MOCKS,
  knowledge: EXAMPLE_KNOWLEDGE,
  virtualFiles: EXAMPLE_FILES,
  setToolMocks: (tool, rules) => set((state) => ({ toolMocks: { ...state.toolMocks, [tool]: rules } })),
  toolModes: {},
  setToolMode: (tool, mode) => set((state) => ({ toolModes: { ...state.toolModes, [tool]: mode } })),
  serverTools: 'unknown',
  setServerTools: (serverTools) => set({ serverTools }),
  setKnowledge: (knowledge) => set({ knowledge }),
  writeVirtualFile: (path, content) => set((state) => ({ virtualFiles: { ...state.virtualFiles, [path]: content } })),
  deleteVirtualFile: (path) =>
    set((state) => {
      const { [path]: _removed, ...rest } = state.virtualFiles
      return { virtualFiles: rest }
    }),
})
