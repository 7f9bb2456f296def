import type { StateCreator } from 'zustand'
import { appendRoutingCase, ROUTING_TESTS_FILE } from '../core/routingSuite'
import {
  checkSkillName,
  defaultSkillName,
  newSkillTemplate,
  pathForName,
  setSkillName,
  uniqueSkillName,
  type SkillFile,
} from '../core/skill'
import type { PlaygroundState } from './createPlaygroundStore'

export interface WorkspaceSlice {
  /** The workspace's files as the user wrote them: the only source of truth for skills. */
  files: SkillFile[]
  selectedPath: string | null
  /** The last deleted file, so a delete can be undone. */
  lastDeleted: { file: SkillFile; index: number } | null
  selectSkill: (path: string) => void
  updateText: (path: string, text: string) => void
  addSkill: () => string
  duplicateSkill: (path: string) => string | null
  /** Renames the skill (its folder or file, and its `name` field); returns an error message or null. */
  renameSkill: (path: string, name: string) => string | null
  deleteSkill: (path: string) => void
  undoDelete: () => void
  /** Adds a routing test case (creating routing-tests.yaml if needed). */
  addRoutingCase: (utterance: string, expect: string | null) => void
}

function moveKey<T>(record: Record<string, T>, from: string, to: string): Record<string, T> {
  if (!(from in record)) return record
  const { [from]: value, ...rest } = record
  return { ...rest, [to]: value as T }
}

export const createWorkspaceSlice: StateCreator<PlaygroundState, [], [], WorkspaceSlice> = (set, get) => ({
  files: [],
  selectedPath: null,
  lastDeleted: null,
  selectSkill: (path) => set({ selectedPath: path }),
  updateText: (path, text) =>
    set((state) => ({ files: state.files.map((file) => (file.path === path && file.text !== text ? { path, text } : file)) })),
  addSkill: () => {
    const name = uniqueSkillName('new_skill', get().files)
    const path = pathForName(name)
    set((state) => ({ files: [...state.files, { path, text: newSkillTemplate(name) }], selectedPath: path }))
    return path
  },
  duplicateSkill: (path) => {
    const source = get().files.find((file) => file.path === path)
    if (!source) return null
    const name = uniqueSkillName(`${defaultSkillName(path)}-copy`, get().files)
    const copy = { path: pathForName(name, path), text: setSkillName(source.text, name) }
    set((state) => ({ files: [...state.files, copy], selectedPath: copy.path }))
    return copy.path
  },
  renameSkill: (path, rawName) => {
    if (!get().files.some((file) => file.path === path)) return 'That skill no longer exists.'
    const check = checkSkillName(rawName, path, get().files)
    if (!check.ok) return check.error
    const { name, path: target } = check
    set((state) => {
      const { [path]: origin, ...origins } = state.sharedOrigins
      return {
        files: state.files.map((file) => (file.path === path ? { path: target, text: setSkillName(file.text, name) } : file)),
        selectedPath: state.selectedPath === path ? target : state.selectedPath,
        sharedOrigins: origin === undefined ? state.sharedOrigins : { ...origins, [target]: origin },
        versions: moveKey(state.versions, path, target),
        sharedDraft: state.sharedDraft && { ...state.sharedDraft, paths: state.sharedDraft.paths.map((p) => (p === path ? target : p)) },
      }
    })
    return null
  },
  deleteSkill: (path) =>
    set((state) => {
      const index = state.files.findIndex((file) => file.path === path)
      const file = state.files[index]
      if (!file) return {}
      const files = state.files.filter((other) => other !== file)
      const neighbour = files[Math.min(index, files.length - 1)]
      return {
        files,
        sharedDraft: state.sharedDraft && { ...state.sharedDraft, paths: state.sharedDraft.paths.filter((p) => p !== path) },
        lastDeleted: { file, index },
        selectedPath: state.selectedPath === path ? (neighbour?.path ?? null) : state.selectedPath,
      }
    }),
  addRoutingCase: (utterance, expect) =>
    set((state) => {
      const existing = state.files.find((file) => file.path === ROUTING_TESTS_FILE)
      const text = appendRoutingCase(existing?.text, utterance, expect)
      if (!existing) return { files: [...state.files, { path: ROUTING_TESTS_FILE, text }] }
      return { files: state.files.map((file) => (file === existing ? { ...file, text } : file)) }
    }),
  undoDelete: () =>
    set((state) => {
      const deleted = state.lastDeleted
      if (!deleted || state.files.some((file) => file.path === deleted.file.path)) return { lastDeleted: null }
      const files = [...state.files]
      files.splice(Math.min(deleted.index, files.length), 0, deleted.file)
      return { files, lastDeleted: null, selectedPath: deleted.file.path }
    }),
})
