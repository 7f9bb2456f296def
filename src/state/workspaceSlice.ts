import type { StateCreator } from 'zustand'
import { EVALS_FILE, parseEvalSuite, starterEvals } from '../core/evals'
import { DEFAULT_LANGUAGE, message, type Language, type Message } from '../core/messages'
import {
  appendRoutingCase,
  hasRoutingCase,
  parseRoutingTests,
  removeRoutingCase,
  ROUTING_TESTS_FILE,
  updateRoutingCase,
} from '../core/routingSuite'
import { blankSkillText, templateEvalDrafts, type TemplateEval } from '../core/templates'
import {
  addTriggerKeywords,
  checkSkillName,
  defaultSkillName,
  isSkillPath,
  parseSkill,
  pathForName,
  setSkillBody,
  setSkillField,
  setSkillName,
  skillFolderFiles,
  skillFolderOf,
  starterSkillCode,
  uniqueSkillName,
  type FormField,
  type SkillFile,
} from '../core/skill'
import type { PlaygroundState } from './createPlaygroundStore'
import { renameReferences, type RenameCounts, type SharedDraft } from '../core/workspace'
import {
  addEvalCase,
  addEvalCases,
  checkDraft,
  evalCaseIndexAt,
  findEvalCase,
  removeEvalCase,
  replaceEvalCase,
  type EvalCaseDraft,
  type EvalCaseIdentity,
  type OpenedEvalCase,
} from '../core/workspace'

/** The last rename, so that one Undo takes all of it back (docs/renaming.md). */
export interface LastRename {
  from: { path: string; name: string }
  to: { path: string; name: string }
  /** Every file the rename moved or rewrote: as it was, and as the rename left it. */
  changes: { before: SkillFile; after: SkillFile }[]
  /** Every file as the rename left them: what differs from these at Undo was edited or added since. */
  left: readonly SkillFile[]
  /** What else named the skill and now names it by its new name (the toast says it). */
  counts: RenameCounts
}

export interface WorkspaceSlice {
  /** The workspace's files as the user wrote them: the only source of truth for skills. */
  files: SkillFile[]
  selectedPath: string | null
  /**
   * What the last delete took, so it can be undone: the file, and for a folder skill the rest of its
   * folder (scripts, references), each with its place in the files array (ascending).
   */
  lastDeleted: {
    path: string
    removed: { file: SkillFile; index: number }[]
    /** The deleted files that came from the open link, so Undo hands them back to it (Discard takes them out again). */
    shared?: { draft: SharedDraft['previous']; paths: string[]; otherPaths: string[] }
  } | null
  selectSkill: (path: string) => void
  /** Sets a file's text; `origin` says which view made the edit (see `filesOrigin`). */
  updateText: (path: string, text: string, edit?: { origin?: EditOrigin }) => void
  /**
   * Which edit made `files` what they are: the origin `updateText` was given, with the array that
   * edit made. Any later change makes a new array, so a view that edits (the editor) knows its own
   * edit by this, and follows every other change, without comparing texts (docs/architecture.md).
   */
  filesOrigin: { origin: EditOrigin; files: readonly SkillFile[] } | null
  /**
   * Holds a view's newest text of a file until `writeHeldEdits` (the editor's keys wait for the
   * frame after them, ui/editor/editBuffer.ts). Holding notifies nobody; a held text of another
   * file is written first, so files are written in the order typed. True when nothing was held
   * (everything typed before was written): the holder then asks for a write.
   */
  holdEdit: (path: string, text: string, origin: EditOrigin) => boolean
  /**
   * Writes the held text now, for whatever must read the latest text at once: autosave (a save,
   * the page going away, another tab's save), a change from disk, and this slice's own edits of
   * a file (the form, a rename), which read the held keys as written.
   */
  writeHeldEdits: () => void
  /** Sets one frontmatter field (undefined removes it), the rest of the file as written; false when the YAML does not parse. */
  setSkillField: (path: string, field: FormField, value: unknown) => boolean
  setSkillBody: (path: string, body: string) => void
  /** Adds keywords to a skill (the form's chips and the routing hints both come here). */
  addKeywords: (path: string, keywords: readonly string[]) => boolean
  /** Adds a blank skill (its hints in `language`); returns its path. */
  addSkill: (language?: Language) => string
  /** Creates evals.yaml with a first case for `skill` (when there is none yet) and opens it. */
  createEvalsFile: (skill: string | null, utterance: string) => void
  /** Adds a skill from a template, renamed when its name is taken, and its routing cases; returns its path. */
  addFromTemplate: (template: {
    name: string
    text: string
    cases: readonly { utterance: string; expectSelf: boolean }[]
    /** The template's eval cases, added to evals.yaml naming the skill as added. */
    evals?: readonly TemplateEval[]
  }) => string
  duplicateSkill: (path: string) => string | null
  /** Gives a folder skill a first skill.py (docs/skill-code.md) and opens it; returns its path, or null for a flat skill or one with code. */
  addSkillCode: (path: string) => string | null
  /**
   * Renames the skill (its folder or file, and its `name` field) and everything that names it
   * (routing tests, eval cases, other skills' fallback: core/workspace/renameReferences.ts);
   * returns why not, or null.
   */
  renameSkill: (path: string, name: string) => Message | null
  lastRename: LastRename | null
  /** Takes the last rename back whole: the skill's name and place, and every file it rewrote. */
  undoRename: () => void
  dismissRename: () => void
  /** Deletes a file; a folder skill goes with its folder's files (not a nested skill's), as on disk it is one folder. */
  deleteSkill: (path: string) => void
  undoDelete: () => void
  /** Adds a routing test case (creating routing-tests.yaml if needed); says why not when the utterance is already a case. */
  addRoutingCase: (utterance: string, expect: string | null) => Message | null
  /** Changes case `index` of routing-tests.yaml, keeping the rest of the file as written. */
  updateRoutingCase: (index: number, next: { utterance: string; expect: string | null }) => Message | null
  removeRoutingCase: (index: number) => void
  /**
   * Saves an eval case from the form into evals.yaml (created when absent): a new case at the end,
   * or the case the form `opened` on changed where the draft differs from the one the form opened
   * with (what the file has gained since, and its comments, kept): found by its line while it still
   * has that name, else by its name (a case without a name: by its line and content), never
   * another case. Says why not (a missing name or message, a name taken, the case gone, a file
   * that does not parse), or null.
   */
  saveEvalCase: (draft: EvalCaseDraft, opened: OpenedEvalCase | null) => Message | null
  /** Deletes the case of evals.yaml shown at `line` with `name` (found as saveEvalCase finds it); says why not, or null. */
  deleteEvalCase: (shown: EvalCaseIdentity) => Message | null
}

/**
 * Who made an edit: each view that edits the files makes its own (a `Symbol`), so that it knows
 * its own edits when the store tells of a change.
 */
export type EditOrigin = symbol

/**
 * The held text (`holdEdit`): beside the state, not in it, so that holding a key notifies nobody
 * and nothing but `writeHeldEdits` can write it.
 */
function heldEditsOf(get: () => PlaygroundState): Pick<WorkspaceSlice, 'holdEdit' | 'writeHeldEdits'> {
  let held: { path: string; text: string; origin: EditOrigin } | null = null
  const writeHeldEdits = () => {
    if (!held) return
    const { path, text, origin } = held
    held = null
    get().updateText(path, text, { origin })
  }
  return {
    holdEdit: (path, text, origin) => {
      if (held && (held.path !== path || held.origin !== origin)) writeHeldEdits()
      const first = held === null
      held = { path, text, origin }
      return first
    },
    writeHeldEdits,
  }
}

const evalsText = (files: readonly SkillFile[]) => files.find((file) => file.path === EVALS_FILE)?.text

/** evals.yaml's text set (added when it was absent). */
const withEvals = (files: SkillFile[], text: string): SkillFile[] =>
  files.some((file) => file.path === EVALS_FILE)
    ? files.map((file) => (file.path === EVALS_FILE ? { ...file, text } : file))
    : [...files, { path: EVALS_FILE, text }]

function moveKey<T>(record: Record<string, T>, from: string, to: string): Record<string, T> {
  if (!(from in record)) return record
  const { [from]: value, ...rest } = record
  return { ...rest, [to]: value as T }
}

/** What follows a skill that moved from one path to another: the selection, its link origin, its versions, the open link's paths. */
function movedSkill(state: PlaygroundState, path: string, target: string): Partial<PlaygroundState> {
  const { [path]: origin, ...origins } = state.sharedOrigins
  return {
    selectedPath: state.selectedPath === path ? target : state.selectedPath,
    sharedOrigins: origin === undefined ? state.sharedOrigins : { ...origins, [target]: origin },
    versions: moveKey(state.versions, path, target),
    sharedDraft: state.sharedDraft && { ...state.sharedDraft, paths: state.sharedDraft.paths.map((p) => (p === path ? target : p)) },
  }
}

export const createWorkspaceSlice: StateCreator<PlaygroundState, [], [], WorkspaceSlice> = (set, get) => ({
  files: [],
  selectedPath: null,
  lastDeleted: null,
  selectSkill: (path) => set({ selectedPath: path }),
  ...heldEditsOf(get),
  setSkillField: (path, field, value) => {
    get().writeHeldEdits()
    const file = get().files.find((candidate) => candidate.path === path)
    const text = file ? setSkillField(file.text, field, value) : null
    if (text === null) return false
    get().updateText(path, text)
    return true
  },
  setSkillBody: (path, body) => {
    get().writeHeldEdits()
    const file = get().files.find((candidate) => candidate.path === path)
    if (file) get().updateText(path, setSkillBody(file.text, body))
  },
  addKeywords: (path, keywords) => {
    get().writeHeldEdits()
    const file = get().files.find((candidate) => candidate.path === path)
    if (!file) return false
    const text = addTriggerKeywords(file.text, parseSkill(path, file.text).triggerKeywords, keywords)
    if (text === null) return false
    get().updateText(path, text)
    return true
  },
  filesOrigin: null,
  // One file replaced in a copy of the array; the same state (no render, no save) when nothing changed.
  updateText: (path, text, edit) =>
    set((state) => {
      const at = state.files.findIndex((file) => file.path === path)
      if (at < 0 || state.files[at]?.text === text) return state
      const files = state.files.slice()
      files[at] = { path, text }
      return { files, filesOrigin: edit?.origin === undefined ? null : { origin: edit.origin, files } }
    }),
  addSkillCode: (path) => {
    const folder = skillFolderOf(path)
    const text = get().files.find((file) => file.path === path)?.text
    const taken = (name: string) => get().files.some((file) => file.path === `${folder}/${name}`)
    if (folder === null || text === undefined || !isSkillPath(path) || taken('skill.py') || taken('main.py')) return null
    const codePath = `${folder}/skill.py`
    set((state) => ({
      files: [...state.files, { path: codePath, text: starterSkillCode(parseSkill(path, text)) }],
      selectedPath: codePath,
    }))
    return codePath
  },
  createEvalsFile: (skill, utterance) => {
    if (!get().files.some((file) => file.path === EVALS_FILE))
      set((state) => ({ files: [...state.files, { path: EVALS_FILE, text: starterEvals(skill, utterance) }] }))
    set({ selectedPath: EVALS_FILE })
  },
  addSkill: (language = DEFAULT_LANGUAGE) => {
    const name = uniqueSkillName('new_skill', get().files)
    const path = pathForName(name)
    set((state) => ({ files: [...state.files, { path, text: blankSkillText(name, language) }], selectedPath: path }))
    return path
  },
  addFromTemplate: (template) => {
    const name = uniqueSkillName(template.name, get().files)
    const path = pathForName(name)
    const text = name === template.name ? template.text : setSkillName(template.text, name)
    set((state) => {
      const existing = state.files.find((file) => file.path === ROUTING_TESTS_FILE)
      const known = new Set((existing ? parseRoutingTests(existing.text).cases : []).map((item) => item.utterance))
      let suite = existing?.text
      for (const item of template.cases)
        if (!known.has(item.utterance)) suite = appendRoutingCase(suite, item.utterance, item.expectSelf ? name : null)
      let files = [...state.files, { path, text }]
      const evals = template.evals?.length ? addEvalCases(evalsText(files), templateEvalDrafts(template, name)) : null
      if (evals !== null) files = withEvals(files, evals)
      if (suite === undefined) return { files, selectedPath: path }
      return {
        files: existing
          ? files.map((file) => (file === existing ? { ...file, text: suite } : file))
          : [...files, { path: ROUTING_TESTS_FILE, text: suite }],
        selectedPath: path,
      }
    })
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
  lastRename: null,
  renameSkill: (path, rawName) => {
    get().writeHeldEdits()
    const source = get().files.find((file) => file.path === path)
    if (!source) return message('skillName.gone')
    const check = checkSkillName(rawName, path, get().files)
    if (!check.ok) return check.error
    const { name, path: target } = check
    const written = parseSkill(path, source.text).name
    // The name already changed in SKILL.md and the folder now follows it ("Rename the folder"):
    // what named the skill named it by its folder's name.
    const oldName = written === name && target !== path ? defaultSkillName(path) : written
    set((state) => {
      // A folder skill takes the rest of its folder along (scripts, references): on disk it is one folder.
      const moved = state.files.map((file) =>
        file.path === path
          ? { path: target, text: setSkillName(file.text, name) }
          : skillFolderOf(path) !== null && skillFolderOf(target) !== null && file.path.startsWith(`${skillFolderOf(path)}/`)
            ? { ...file, path: `${skillFolderOf(target)}/${file.path.slice(`${skillFolderOf(path)}/`.length)}` }
            : file,
      )
      const references = renameReferences(moved, oldName, name, target)
      const rewritten = new Map(references.files.map((file) => [file.path, file.text]))
      const files =
        rewritten.size === 0
          ? moved
          : moved.map((file) => (rewritten.has(file.path) ? { path: file.path, text: rewritten.get(file.path) ?? file.text } : file))
      const changes = state.files.flatMap((before, at) => (files[at] !== before && files[at] ? [{ before, after: files[at] }] : []))
      return {
        files,
        ...movedSkill(state, path, target),
        lastRename:
          changes.length > 0
            ? { from: { path, name: oldName }, to: { path: target, name }, changes, left: files, counts: references.counts }
            : state.lastRename,
      }
    })
    return null
  },
  undoRename: () =>
    set((state) => {
      const last = state.lastRename
      if (!last) return {}
      // The skill is gone from where the rename put it, or its old place is taken since: nothing to take back.
      const now = new Set(state.files.map((file) => file.path))
      if (!now.has(last.to.path) || (last.from.path !== last.to.path && now.has(last.from.path))) return { lastRename: null }
      const byNewPath = new Map(last.changes.map((change) => [change.after.path, change]))
      const left = new Map(last.left.map((file) => [file.path, file.text]))
      // A file added to the moved folder since goes back with the folder (unless that place is taken since).
      const oldFolder = skillFolderOf(last.from.path)
      const newFolder = skillFolderOf(last.to.path)
      const movedBack = (filePath: string) => {
        if (oldFolder === null || newFolder === null || oldFolder === newFolder || !filePath.startsWith(`${newFolder}/`)) return filePath
        const back = `${oldFolder}/${filePath.slice(`${newFolder}/`.length)}`
        return now.has(back) ? filePath : back
      }
      const editedSince = new Set<string>()
      const restored = state.files.map((file) => {
        const change = byNewPath.get(file.path)
        if (change && file.text === change.after.text) return change.before
        // Neither rewritten by the rename nor changed since: as it is (a name it held before stays).
        if (!change && left.get(file.path) === file.text) return file
        // Edited or added since the rename (an eval case saved naming the new name): back in its
        // place with the edit kept, the skill with its old name again.
        const back = change ? change.before.path : movedBack(file.path)
        editedSince.add(back)
        return { path: back, text: file.path === last.to.path ? setSkillName(file.text, last.from.name) : file.text }
      })
      // What was edited or added since may name the new name: named back by the same rule.
      const back = renameReferences(restored, last.to.name, last.from.name, last.from.path).files.filter((file) =>
        editedSince.has(file.path),
      )
      const rewritten = new Map(back.map((file) => [file.path, file.text]))
      const files =
        rewritten.size === 0
          ? restored
          : restored.map((file) => (rewritten.has(file.path) ? { path: file.path, text: rewritten.get(file.path) ?? file.text } : file))
      return { files, ...movedSkill(state, last.to.path, last.from.path), lastRename: null }
    }),
  dismissRename: () => set({ lastRename: null }),
  deleteSkill: (path) =>
    set((state) => {
      const index = state.files.findIndex((file) => file.path === path)
      if (index < 0) return {}
      const going = new Set(skillFolderFiles(state.files, path).map((file) => file.path))
      const removed = state.files.flatMap((file, at) => (going.has(file.path) ? [{ file, index: at }] : []))
      const files = state.files.filter((file) => !going.has(file.path))
      const neighbour = files[Math.min(index, files.length - 1)]
      const draft = state.sharedDraft
      return {
        files,
        sharedDraft: draft && {
          ...draft,
          paths: draft.paths.filter((p) => !going.has(p)),
          ...(draft.otherPaths ? { otherPaths: draft.otherPaths.filter((p) => !going.has(p)) } : {}),
        },
        lastDeleted: {
          path,
          removed,
          ...(draft && {
            // The draft is told apart by its `previous`, made when the link was opened and carried along.
            shared: {
              draft: draft.previous,
              paths: draft.paths.filter((p) => going.has(p)),
              otherPaths: (draft.otherPaths ?? []).filter((p) => going.has(p)),
            },
          }),
        },
        selectedPath: state.selectedPath !== null && going.has(state.selectedPath) ? (neighbour?.path ?? null) : state.selectedPath,
      }
    }),
  saveEvalCase: (draft, opened) => {
    const text = evalsText(get().files)
    const cases = text === undefined ? [] : parseEvalSuite(text).cases
    // The case the form opened on, found again by its name (or its content): its line may now start another case.
    const target = opened === null ? undefined : findEvalCase(cases, opened)
    if (opened !== null && target === undefined) return message('evalForm.gone', { name: opened.name })
    const problem = checkDraft(
      draft,
      cases.filter((item) => item !== target).map((item) => item.name),
    )
    if (problem) return problem
    let next: string | null
    if (opened === null || target === undefined) next = addEvalCase(text, draft)
    else {
      const index = text === undefined ? -1 : evalCaseIndexAt(text, target.line)
      if (text === undefined || index < 0) return message('evalForm.gone', { name: target.name })
      next = replaceEvalCase(text, index, draft, opened.initial)
    }
    if (next === null) return message('evalForm.notParsed')
    const written = next
    set((state) => ({ files: withEvals(state.files, written) }))
    return null
  },
  deleteEvalCase: (shown) => {
    const text = evalsText(get().files)
    const target = text === undefined ? undefined : findEvalCase(parseEvalSuite(text).cases, shown)
    const index = text === undefined || target === undefined ? -1 : evalCaseIndexAt(text, target.line)
    if (text === undefined || index < 0) return message('evalForm.gone', { name: shown.name })
    const next = removeEvalCase(text, index)
    if (next === null) return message('evalForm.notParsed')
    set((state) => ({ files: withEvals(state.files, next) }))
    return null
  },
  addRoutingCase: (utterance, expect) => {
    if (utterance.trim() === '') return message('suite.empty')
    const existing = get().files.find((file) => file.path === ROUTING_TESTS_FILE)
    if (existing && hasRoutingCase(parseRoutingTests(existing.text).cases, utterance))
      return message('suite.duplicate', { utterance: utterance.trim() })
    const text = appendRoutingCase(existing?.text, utterance.trim(), expect)
    set((state) => ({
      files: existing
        ? state.files.map((file) => (file.path === ROUTING_TESTS_FILE ? { ...file, text } : file))
        : [...state.files, { path: ROUTING_TESTS_FILE, text }],
    }))
    return null
  },
  updateRoutingCase: (index, next) => {
    const existing = get().files.find((file) => file.path === ROUTING_TESTS_FILE)
    if (!existing) return message('suite.unreadable')
    if (next.utterance.trim() === '') return message('suite.empty')
    const others = parseRoutingTests(existing.text).cases.filter((item) => item.index !== index)
    if (hasRoutingCase(others, next.utterance)) return message('suite.duplicate', { utterance: next.utterance.trim() })
    const text = updateRoutingCase(existing.text, index, { utterance: next.utterance.trim(), expect: next.expect })
    if (text === null) return message('suite.unreadable')
    set((state) => ({ files: state.files.map((file) => (file.path === ROUTING_TESTS_FILE ? { ...file, text } : file)) }))
    return null
  },
  removeRoutingCase: (index) =>
    set((state) => ({
      files: state.files.map((file) =>
        file.path === ROUTING_TESTS_FILE ? { ...file, text: removeRoutingCase(file.text, index) ?? file.text } : file,
      ),
    })),
  undoDelete: () =>
    set((state) => {
      const deleted = state.lastDeleted
      const taken = new Set(state.files.map((file) => file.path))
      // A new skill written at the deleted one's path since keeps it, and its folder is not given the old files.
      if (!deleted || taken.has(deleted.path)) return { lastDeleted: null }
      const files = [...state.files]
      for (const { file, index } of deleted.removed) if (!taken.has(file.path)) files.splice(Math.min(index, files.length), 0, file)
      const draft = state.sharedDraft
      const shared = deleted.shared
      const back = (paths: string[]) => paths.filter((p) => !taken.has(p))
      const sharedDraft =
        draft && shared?.draft === draft.previous
          ? {
              ...draft,
              paths: [...draft.paths, ...back(shared.paths)],
              ...(draft.otherPaths || shared.otherPaths.length > 0
                ? { otherPaths: [...(draft.otherPaths ?? []), ...back(shared.otherPaths)] }
                : {}),
            }
          : draft
      return { files, sharedDraft, lastDeleted: null, selectedPath: deleted.path }
    }),
})
