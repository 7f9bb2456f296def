import type { StateCreator } from 'zustand'
import type { Message } from '../core/messages'
import { mergeIncoming, mergeIncomingInSteps, mergeResources, type SharedEvalCase, type SharedRun, type SharePayload } from '../core/share'
import { parseRoutingTests, ROUTING_TESTS_FILE, type SuiteConflict, type UnreadableSuite } from '../core/routingSuite'
import { normalizeThreshold, normalizeUtterance } from '../core/routing'
import { isSkillPath, type SkillFile } from '../core/skill'
import { EVALS_FILE } from '../core/evals'
import type { SharedDraft } from '../core/workspace'
import { finishSteps } from '../core/lib/finishSteps'
import type { PlaygroundState } from './createPlaygroundStore'
import { inSlices } from './inSlices'

export type { SharedDraft }

export interface SharingSlice {
  sharedDraft: SharedDraft | null
  /** The text each skill had when it arrived from a link: a later edit shows "changed since shared". */
  sharedOrigins: Record<string, string>
  /** Why the link in the address bar could not be opened. */
  shareError: Message | null
  openShared: (payload: SharePayload) => void
  /** Settles a routing case the link and the workspace disagree on: keep mine, or take theirs. */
  resolveSharedConflict: (utterance: string, take: 'mine' | 'theirs') => void
  keepShared: () => void
  discardShared: () => void
  setShareError: (error: Message | null) => void
  /** A run opened from a run link or file (docs/share-links.md): shown read-only, never run again, not saved. */
  sharedRun: SharedRun | null
  showSharedRun: (run: SharedRun | null) => void
  /** An eval case opened from a case link or file (docs/share-links.md): its trials shown read-only, never run, not saved. */
  sharedEvalCase: SharedEvalCase | null
  showSharedEvalCase: (shared: SharedEvalCase | null) => void
  /** Adds imported files; `clash` says what to do with those whose path already exists. */
  importFiles: (files: SkillFile[], clash: ClashChoice, resources?: SharedDraft['resources']) => ImportReport
  /** The files `importFiles` would leave, without importing: parsed and linted ahead of a bulk import. */
  previewImport: (files: readonly SkillFile[], clash: ClashChoice) => readonly SkillFile[]
  /** `previewImport` planned a slice at a time with the page free in between (twenty thousand files); `importFiles` then reuses the plan. */
  previewImportInSlices: (files: readonly SkillFile[], clash: ClashChoice) => Promise<readonly SkillFile[]>
}

export interface ImportReport {
  added: number
  replaced: number
  skipped: number
  /** Skills and files that came in under a new path because theirs was taken. */
  renamed: { from: string; to: string }[]
  conflicts: SuiteConflict[]
  /** The imported routing tests did not all read: kept as comments after the user's own. */
  unreadableTests: UnreadableSuite | null
  /** Imported eval cases whose name the user's evals.yaml has with another text: the user's was kept (absent: none). */
  keptEvalCases?: string[]
}

export type ClashChoice = 'both' | 'replace' | 'skip'

export const createSharingSlice: StateCreator<PlaygroundState, [], [], SharingSlice> = (set, get) => ({
  sharedDraft: null,
  sharedOrigins: {},
  shareError: null,
  sharedRun: null,
  showSharedRun: (sharedRun) => set({ sharedRun }),
  sharedEvalCase: null,
  showSharedEvalCase: (sharedEvalCase) => set({ sharedEvalCase }),
  openShared: (payload) => {
    // A second link replaces an undecided first one rather than piling up.
    if (get().sharedDraft) get().discardShared()
    const state = get()
    const merge = mergeIncoming(state.files, payload.skills, 'shared')
    const added = merge.files.filter((file) => merge.added.includes(file.path))
    // Whatever the merge did to the suite (cases added, a copy kept as comments, a first suite), Discard undoes it.
    const testsChanged = merge.files.find((file) => file.path === ROUTING_TESTS_FILE)?.text !== (merge.previousTests ?? undefined)
    set({
      files: merge.files,
      selectedPath: merge.added[0] ?? state.selectedPath,
      utterance: payload.utterance === undefined ? state.utterance : normalizeUtterance(payload.utterance),
      threshold: payload.threshold === undefined ? state.threshold : normalizeThreshold(payload.threshold),
      sharedOrigins: { ...state.sharedOrigins, ...Object.fromEntries(added.map((file) => [file.path, file.text])) },
      sharedDraft: {
        kind: payload.kind,
        paths: merge.added,
        ...(merge.addedOthers.length > 0 ? { otherPaths: merge.addedOthers } : {}),
        renamed: merge.renamed,
        resources: { toolMocks: payload.toolMocks, knowledge: payload.knowledge, virtualFiles: payload.virtualFiles },
        previous: {
          utterance: state.utterance,
          threshold: state.threshold,
          ...(payload.skills.some((file) => file.path === ROUTING_TESTS_FILE) && testsChanged ? { routingTests: merge.previousTests } : {}),
          ...(merge.previousEvals !== undefined ? { evals: merge.previousEvals } : {}),
        },
        ...(merge.identical.length > 0 ? { identical: merge.identical } : {}),
        ...(merge.tests.conflicts.length > 0 ? { conflicts: merge.tests.conflicts } : {}),
        ...(merge.tests.unreadable ? { unreadableTests: merge.tests.unreadable } : {}),
        ...(merge.evalConflicts.length > 0 ? { keptEvalCases: merge.evalConflicts } : {}),
      },
      shareError: null,
    })
  },
  resolveSharedConflict: (utterance, take) => {
    const draft = get().sharedDraft
    const conflict = draft?.conflicts?.find((item) => item.utterance === utterance)
    if (!draft || !conflict) return
    if (take === 'theirs') {
      const suite = get().files.find((file) => file.path === ROUTING_TESTS_FILE)
      const index = suite ? parseRoutingTests(suite.text).cases.find((item) => item.utterance === utterance)?.index : undefined
      if (index !== undefined) get().updateRoutingCase(index, { utterance, expect: conflict.theirs })
    }
    const conflicts = (get().sharedDraft?.conflicts ?? []).filter((item) => item.utterance !== utterance)
    set((state) => ({ sharedDraft: state.sharedDraft && { ...state.sharedDraft, conflicts } }))
  },
  keepShared: () => {
    const draft = get().sharedDraft
    if (!draft) return
    set((state) => ({ sharedDraft: null, ...mergeResources(state, draft.resources) }))
  },
  discardShared: () => {
    const draft = get().sharedDraft
    if (!draft) return
    const drop = new Set([...draft.paths, ...(draft.otherPaths ?? [])])
    set((state) => {
      // The added skills go; the routing tests go back to exactly what they were before the link.
      const before = draft.previous.routingTests
      const evalsBefore = draft.previous.evals
      const files = state.files
        .filter((file) => !drop.has(file.path) && !(file.path === ROUTING_TESTS_FILE && before === null))
        .map((file) => (file.path === ROUTING_TESTS_FILE && typeof before === 'string' ? { ...file, text: before } : file))
        .map((file) => (file.path === EVALS_FILE && evalsBefore !== undefined ? { ...file, text: evalsBefore } : file))
      return {
        files,
        sharedDraft: null,
        sharedOrigins: Object.fromEntries(Object.entries(state.sharedOrigins).filter(([path]) => !drop.has(path))),
        utterance: draft.previous.utterance,
        threshold: draft.previous.threshold,
        selectedPath: state.selectedPath && drop.has(state.selectedPath) ? (files[0]?.path ?? null) : state.selectedPath,
      }
    })
  },
  setShareError: (shareError) => set({ shareError }),
  importFiles: (incoming, clash, resources) => {
    const state = get()
    const plan = plannedImport(state.files, incoming, clash)
    set({ files: plan.files, selectedPath: plan.selected ?? state.selectedPath, ...mergeResources(state, resources) })
    return plan.report
  },
  previewImport: (incoming, clash) => plannedImport(get().files, incoming, clash).files,
  previewImportInSlices: async (incoming, clash) => (await inSlices(plannedImportInSteps(get().files, incoming, clash))).files,
})

/**
 * The last import planned: a bulk import plans once to prepare the files it will leave
 * (`previewImport`) and again when it takes them (`importFiles`), over twenty thousand files the
 * second time in the task that adds them. The same files, incoming files and choice give the same
 * plan, which is only read, so the second call reuses the first.
 */
let lastPlan: {
  own: readonly SkillFile[]
  incoming: readonly SkillFile[]
  clash: ClashChoice
  plan: ImportPlan
} | null = null
function plannedImport(own: readonly SkillFile[], incoming: readonly SkillFile[], clash: ClashChoice): ImportPlan {
  return finishSteps(plannedImportInSteps(own, incoming, clash))
}

/** `plannedImport` in steps (`mergeIncomingInSteps`): the same plan, remembered the same way. */
function* plannedImportInSteps(own: readonly SkillFile[], incoming: readonly SkillFile[], clash: ClashChoice): Generator<void, ImportPlan> {
  if (lastPlan?.own === own && lastPlan.incoming === incoming && lastPlan.clash === clash) return lastPlan.plan
  const plan = yield* planImportInSteps(own, incoming, clash)
  lastPlan = { own, incoming, clash, plan }
  return plan
}

/** What an import leaves: the files, the skill to select, and what it did. */
interface ImportPlan {
  files: SkillFile[]
  selected: string | undefined
  report: ImportReport
}

function* planImportInSteps(own: readonly SkillFile[], incoming: readonly SkillFile[], clash: ClashChoice): Generator<void, ImportPlan> {
  if (clash === 'replace') {
    // "Replace mine": the imported files as they are, same paths, same bytes.
    const byPath = new Map(incoming.map((file) => [file.path, file.text]))
    const ownPaths = new Set(own.map((file) => file.path))
    yield
    const files = [
      ...own.map((file) => (byPath.has(file.path) ? { ...file, text: byPath.get(file.path) ?? file.text } : file)),
      ...incoming.filter((file) => !ownPaths.has(file.path)),
    ]
    return {
      files,
      selected: incoming.find((file) => isSkillPath(file.path))?.path,
      report: {
        added: files.length - own.length,
        replaced: own.filter((file) => byPath.has(file.path)).length,
        skipped: 0,
        renamed: [],
        conflicts: [],
        unreadableTests: null,
      },
    }
  }
  const existing = new Set(own.map((file) => file.path))
  const kept = clash === 'skip' ? incoming.filter((file) => !existing.has(file.path) || file.path === ROUTING_TESTS_FILE) : incoming
  yield
  const merge = yield* mergeIncomingInSteps(own, kept, 'imported')
  return {
    files: merge.files,
    selected: merge.added[0],
    report: {
      added: merge.added.length,
      replaced: 0,
      skipped: incoming.length - kept.length + merge.identical.length,
      renamed: merge.renamed,
      conflicts: merge.tests.conflicts,
      unreadableTests: merge.tests.unreadable,
      ...(merge.evalConflicts.length > 0 ? { keptEvalCases: merge.evalConflicts } : {}),
    },
  }
}
