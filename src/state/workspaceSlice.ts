import type { StateCreator } from 'zustand'
import { defaultSkillName, isSkillPath, newSkillTemplate, setSkillName, type SkillFile } from '../core/skill'
import { ROUTING_TESTS_FILE } from '../core/testing'
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

/** The path a skill named `name` gets, keeping the layout (folder or flat file) of `like`. */
export function pathForName(name: string, like?: string): string {
  const flat = like !== undefined && !like.includes('/')
  return flat ? `${name}.md` : `${name}/SKILL.md`
}

function moveKey<T>(record: Record<string, T>, from: string, to: string): Record<string, T> {
  if (!(from in record)) return record
  const { [from]: value, ...rest } = record
  return { ...rest, [to]: value as T }
}

function uniqueName(base: string, files: readonly SkillFile[]): string {
  const taken = new Set(files.map((file) => defaultSkillName(file.path)))
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`
}

export const createWorkspaceSlice: StateCreator<PlaygroundState, [], [], WorkspaceSlice> = (set, get) => ({
  files: [],
  selectedPath: null,
  lastDeleted: null,
  selectSkill: (path) => set({ selectedPath: path }),
  updateText: (path, text) =>
    set((state) => ({ files: state.files.map((file) => (file.path === path && file.text !== text ? { path, text } : file)) })),
  addSkill: () => {
    const name = uniqueName('new_skill', get().files)
    const path = pathForName(name)
    set((state) => ({ files: [...state.files, { path, text: newSkillTemplate(name) }], selectedPath: path }))
    return path
  },
  duplicateSkill: (path) => {
    const source = get().files.find((file) => file.path === path)
    if (!source) return null
    const name = uniqueName(`${defaultSkillName(path)}-copy`, get().files)
    const copy = { path: pathForName(name, path), text: setSkillName(source.text, name) }
    set((state) => ({ files: [...state.files, copy], selectedPath: copy.path }))
    return copy.path
  },
  renameSkill: (path, rawName) => {
    const name = rawName.trim()
    const source = get().files.find((file) => file.path === path)
    if (!source) return 'That skill no longer exists.'
    if (name === '') return 'A name cannot be empty.'
    if (/[/\\]/.test(name) || name.startsWith('.')) return 'A name cannot contain / or \\ or start with a dot.'
    const target = pathForName(name, path)
    if (!isSkillPath(target)) return `"${name}" cannot be used as a skill name.`
    if (target !== path && get().files.some((file) => file.path === target)) return `A skill named "${name}" already exists.`
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
      const entry = `- utterance: ${JSON.stringify(utterance)}\n  expect: ${expect === null ? 'null' : JSON.stringify(expect)}\n`
      const existing = state.files.find((file) => file.path === ROUTING_TESTS_FILE)
      if (!existing) return { files: [...state.files, { path: ROUTING_TESTS_FILE, text: `# Routing tests: what a user types, and the skill that should win (null: none).\n${entry}` }] }
      const text = existing.text.endsWith('\n') || existing.text === '' ? existing.text : `${existing.text}\n`
      return { files: state.files.map((file) => (file === existing ? { ...file, text: text + entry } : file)) }
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
