/**
 * The saved workspace: everything worth keeping between visits, described once. Autosave,
 * restore, export (playground.json) and import all go through `encodeSavedWorkspace` and
 * `decodeSavedWorkspace`, so a field's validation and its limits live here only. The format is
 * versioned (`v`); see docs/saved-workspace.md for the fields and the migrations.
 */
import type { AgentRun, RoutingMode, TraceEvent } from '../agent/trace'
import type { ToolProtocol } from '../agent/types'
import { LINT_PROFILE_VALUES, type LintProfile } from '../lint/types'
import { message, type Message } from '../messages'
import { normalizeThreshold, normalizeUtterance } from '../routing/threshold'
import type { UnreadableSuite } from '../routingSuite/routingSuite'
import type { SkillFile } from '../skill/types'
import type { EvalReport } from '../evals/runEvals'
import type { ToolMode } from '../tools/liveTools'
import type { KnowledgeDocument, MockRule } from '../tools/types'

export const SAVED_WORKSPACE_VERSION = 1

/** How long after the last change the page saves: typing saves once it pauses, not per keystroke. */
export const AUTOSAVE_DELAY_MS = 300

export type ModelChoice = 'scripted' | 'script' | 'proxy' | 'browser'

export interface SkillVersion {
  id: string
  label: string
  savedAt: string
  text: string
}

/** Content opened from a link, shown beside the user's own work until they keep or discard it. */
export interface SharedDraft {
  kind: 'skill' | 'workspace'
  /** Paths (in `files`) of the skills that came from the link, after any renaming. */
  paths: string[]
  /** Paths of the other files that came from the link (a skill's folder, evals.yaml): Discard takes them out too. */
  otherPaths?: string[]
  renamed: { from: string; to: string }[]
  /** Workspace parts applied only on Keep, so opening a link never overwrites anything. */
  resources: { toolMocks?: Record<string, MockRule[]>; knowledge?: KnowledgeDocument[]; virtualFiles?: Record<string, string> }
  /** The user's own test utterance and threshold, restored on Discard, and their routing tests (null: none) if the link's were merged in. */
  previous: { utterance: string; threshold: number; routingTests?: string | null; evals?: string }
  /** Skills the recipient already had, byte for byte: not added again. */
  identical?: string[]
  /** Routing cases both have with different expectations: the recipient's stays until they choose. */
  conflicts?: { utterance: string; mine: string | null; theirs: string | null }[]
  /** The link's routing tests did not all read: kept as comments after the recipient's own. */
  unreadableTests?: UnreadableSuite
  /** Names of the link's eval cases that the recipient's evals.yaml has with another text: the recipient's was kept. */
  keptEvalCases?: string[]
}

/** A field's reader: the value made valid, or `undefined` when it cannot be. */
type Reader<T> = (value: unknown) => T | undefined

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const oneOf =
  <T extends string>(...options: T[]): Reader<T> =>
  (value) =>
    options.includes(value as T) ? (value as T) : undefined
const text: Reader<string> = (value) => (typeof value === 'string' ? value : undefined)
const recordOf =
  <T>(item: Reader<T>): Reader<Record<string, T>> =>
  (value) => {
    if (!isObject(value)) return undefined
    const out: Record<string, T> = {}
    for (const [key, entry] of Object.entries(value)) {
      const read = item(entry)
      if (read === undefined) return undefined
      out[key] = read
    }
    return out
  }
const count: Reader<number> = (value) => (typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : undefined)
const listOf =
  <T>(item: Reader<T>): Reader<T[]> =>
  (value) => {
    if (!Array.isArray(value)) return undefined
    const out: T[] = []
    for (const entry of value) {
      const read = item(entry)
      if (read === undefined) return undefined
      out.push(read)
    }
    return out
  }

export const readFiles: Reader<SkillFile[]> = listOf((value) =>
  isObject(value) && typeof value.path === 'string' && typeof value.text === 'string' ? { path: value.path, text: value.text } : undefined,
)
export const readKnowledge: Reader<KnowledgeDocument[]> = listOf((value) =>
  isObject(value) && typeof value.id === 'string' && typeof value.title === 'string' && typeof value.text === 'string'
    ? { id: value.id, title: value.title, text: value.text }
    : undefined,
)
export const readToolMocks: Reader<Record<string, MockRule[]>> = recordOf(
  listOf((value): MockRule | undefined => {
    if (!isObject(value) || !('response' in value)) return undefined
    if (value.when !== undefined && !isObject(value.when)) return undefined
    return value.when === undefined ? { response: value.response } : { when: value.when as MockRule['when'], response: value.response }
  }),
)
export const readVirtualFiles: Reader<Record<string, string>> = recordOf(text)
export const readThreshold: Reader<number> = (value) => (typeof value === 'number' ? normalizeThreshold(value) : undefined)
const readRoutingMode = oneOf<RoutingMode>('keyword', 'progressive', 'llm', 'none')

const readRun: Reader<AgentRun> = (value) => {
  if (!isObject(value) || typeof value.id !== 'string' || typeof value.utterance !== 'string' || !Array.isArray(value.events))
    return undefined
  const status = oneOf('running', 'done', 'aborted', 'failed')(value.status) ?? 'done'
  return {
    id: value.id,
    utterance: value.utterance,
    startedAt: typeof value.startedAt === 'string' ? value.startedAt : '',
    mode: readRoutingMode(value.mode) ?? 'keyword',
    model: typeof value.model === 'string' ? value.model : '',
    // Events are shown as recorded; only objects with a type are kept.
    events: value.events.filter((event): event is TraceEvent => isObject(event) && typeof event.type === 'string'),
    // A run that was in flight when the page went away cannot resume: keep it, marked aborted.
    streaming: null,
    status: status === 'running' ? 'aborted' : status,
  }
}
const readVersion: Reader<SkillVersion> = (value) =>
  isObject(value) &&
  typeof value.id === 'string' &&
  typeof value.label === 'string' &&
  typeof value.savedAt === 'string' &&
  typeof value.text === 'string'
    ? { id: value.id, label: value.label, savedAt: value.savedAt, text: value.text }
    : undefined
const readSharedDraft: Reader<SharedDraft | null> = (value) => {
  if (value === null) return null
  if (!isObject(value) || (value.kind !== 'skill' && value.kind !== 'workspace')) return undefined
  const paths = listOf(text)(value.paths)
  const renamed = listOf((entry) =>
    isObject(entry) && typeof entry.from === 'string' && typeof entry.to === 'string' ? { from: entry.from, to: entry.to } : undefined,
  )(value.renamed ?? [])
  const previous =
    isObject(value.previous) && typeof value.previous.utterance === 'string'
      ? {
          utterance: value.previous.utterance,
          threshold: normalizeThreshold(value.previous.threshold),
          ...(typeof value.previous.routingTests === 'string' || value.previous.routingTests === null
            ? { routingTests: value.previous.routingTests }
            : {}),
          // evals.yaml before the link's eval cases joined it (docs/share-links.md).
          ...(typeof value.previous.evals === 'string' ? { evals: value.previous.evals } : {}),
        }
      : undefined
  const nameOrNull = (entry: unknown) => (typeof entry === 'string' || entry === null ? entry : undefined)
  const conflicts = listOf((entry) =>
    isObject(entry) && typeof entry.utterance === 'string' && nameOrNull(entry.mine) !== undefined && nameOrNull(entry.theirs) !== undefined
      ? { utterance: entry.utterance, mine: entry.mine as string | null, theirs: entry.theirs as string | null }
      : undefined,
  )(value.conflicts ?? [])
  const identical = listOf(text)(value.identical ?? [])
  const keptEvalCases = listOf(text)(value.keptEvalCases ?? [])
  const otherPaths = listOf(text)(value.otherPaths ?? [])
  const unreadable = value.unreadableTests
  const unreadableTests =
    isObject(unreadable) && count(unreadable.problems) && count(unreadable.line) && count(unreadable.keptAtLine)
      ? { problems: unreadable.problems as number, line: unreadable.line as number, keptAtLine: unreadable.keptAtLine as number }
      : undefined
  const resources = isObject(value.resources) ? value.resources : {}
  if (!paths || !renamed || !previous) return undefined
  return {
    kind: value.kind,
    paths,
    ...(otherPaths && otherPaths.length > 0 ? { otherPaths } : {}),
    renamed,
    previous,
    ...(identical && identical.length > 0 ? { identical } : {}),
    ...(conflicts && conflicts.length > 0 ? { conflicts } : {}),
    ...(unreadableTests ? { unreadableTests } : {}),
    ...(keptEvalCases && keptEvalCases.length > 0 ? { keptEvalCases } : {}),
    resources: {
      ...(resources.toolMocks !== undefined && readToolMocks(resources.toolMocks) ? { toolMocks: readToolMocks(resources.toolMocks) } : {}),
      ...(resources.knowledge !== undefined && readKnowledge(resources.knowledge) ? { knowledge: readKnowledge(resources.knowledge) } : {}),
      ...(resources.virtualFiles !== undefined && readVirtualFiles(resources.virtualFiles)
        ? { virtualFiles: readVirtualFiles(resources.virtualFiles) }
        : {}),
    },
  }
}

const isReport = (value: unknown): value is EvalReport =>
  isObject(value) &&
  typeof value.label === 'string' &&
  Array.isArray(value.cases) &&
  value.cases.every(
    (entry) =>
      isObject(entry) &&
      typeof entry.name === 'string' &&
      typeof entry.passRate === 'number' &&
      typeof entry.trials === 'number' &&
      typeof entry.passed === 'number' &&
      Array.isArray(entry.interval) &&
      Array.isArray(entry.failures) &&
      Array.isArray(entry.results),
  )
/** The last eval run (shown again after a reload, exportable); a damaged one is dropped. */
const readEvalResult: Reader<SavedEvalResult | null> = (value) => {
  if (value === null) return null
  if (!isObject(value) || !isReport(value.b) || (value.a !== undefined && !isReport(value.a)) || typeof value.finishedAt !== 'string')
    return undefined
  return { b: value.b, ...(value.a ? { a: value.a } : {}), finishedAt: value.finishedAt }
}

export interface SavedEvalResult {
  b: EvalReport
  a?: EvalReport
  finishedAt: string
}

/** Every saved field and how it is read back. The one list: the store's autosave watches these keys. */
const FIELDS = {
  files: readFiles,
  selectedPath: (value: unknown) => (value === null || typeof value === 'string' ? value : undefined),
  utterance: (value: unknown) => (typeof value === 'string' ? normalizeUtterance(value) : undefined),
  threshold: readThreshold,
  lintProfile: oneOf<LintProfile>(...LINT_PROFILE_VALUES),
  toolMocks: readToolMocks,
  /** Per tool, Mock (the page answers) or Live (the server runs it); a tool not listed is mocked. */
  toolModes: recordOf(oneOf<ToolMode>('mock', 'live')),
  knowledge: readKnowledge,
  virtualFiles: readVirtualFiles,
  model: oneOf<ModelChoice>('scripted', 'script', 'proxy', 'browser'),
  modelName: text,
  browserBaseUrl: text,
  routingMode: readRoutingMode,
  toolProtocol: oneOf<ToolProtocol>('native', 'text'),
  script: text,
  runs: listOf(readRun),
  versions: recordOf(listOf(readVersion)),
  sharedDraft: readSharedDraft,
  sharedOrigins: recordOf(text),
  evalTrials: (value: unknown) =>
    value === null ? null : typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 100 ? value : undefined,
  evalResult: readEvalResult,
} satisfies Record<string, Reader<unknown>>

type Fields = typeof FIELDS
export type SavedField = keyof Fields
/** The saved workspace as the app uses it: files always, every other field when it was valid. */
export type SavedWorkspace = { files: SkillFile[] } & { [K in Exclude<SavedField, 'files'>]?: Exclude<ReturnType<Fields[K]>, undefined> }
/** What is written to storage or playground.json. */
export type EncodedWorkspace = { v: typeof SAVED_WORKSPACE_VERSION } & Partial<Record<SavedField, unknown>>

export const SAVED_FIELDS = Object.keys(FIELDS) as SavedField[]

export type DecodedWorkspace =
  | { ok: true; workspace: SavedWorkspace; migratedFrom: number | null; dropped: SavedField[] }
  | { ok: false; reason: 'newer' | 'damaged'; message: Message }

/** The stored form of `workspace`, with only the known fields. */
export function encodeSavedWorkspace(workspace: SavedWorkspace): EncodedWorkspace {
  const encoded: EncodedWorkspace = { v: SAVED_WORKSPACE_VERSION }
  for (const field of SAVED_FIELDS) if (workspace[field] !== undefined) encoded[field] = workspace[field]
  return encoded
}

/**
 * Reads a stored workspace of any version this app knows. A field that is missing or invalid
 * is left out (and named in `dropped`) so the rest still loads; without readable `files` the
 * whole record is damaged. A record from a newer version is never guessed at.
 */
export function decodeSavedWorkspace(value: unknown, options: { requireFiles?: boolean } = {}): DecodedWorkspace {
  if (!isObject(value)) return { ok: false, reason: 'damaged', message: message('saved.notRecord') }
  const version = value.v === undefined ? 0 : value.v
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0)
    return { ok: false, reason: 'damaged', message: message('saved.badVersion') }
  if (version > SAVED_WORKSPACE_VERSION) {
    return {
      ok: false,
      reason: 'newer',
      message: message('saved.newer', { version, supported: SAVED_WORKSPACE_VERSION }),
    }
  }
  const current = version === 0 ? migrateV0(value) : value
  const files = readFiles(current.files)
  if (!files && options.requireFiles !== false) return { ok: false, reason: 'damaged', message: message('saved.badFiles') }
  const workspace: SavedWorkspace = { files: files ?? [] }
  const dropped: SavedField[] = []
  for (const field of SAVED_FIELDS) {
    if (field === 'files' || current[field] === undefined) continue
    const read = FIELDS[field](current[field])
    if (read === undefined) dropped.push(field)
    else (workspace as Record<string, unknown>)[field] = read
  }
  return { ok: true, workspace, migratedFrom: version === SAVED_WORKSPACE_VERSION ? null : version, dropped }
}

/** Before versioning (format 0) the model settings were one object under `model`. */
function migrateV0(value: Record<string, unknown>): Record<string, unknown> {
  const { model, ...rest } = value
  if (!isObject(model)) return rest
  return {
    ...rest,
    model: model.choice,
    modelName: model.name,
    browserBaseUrl: model.browserBaseUrl,
    routingMode: model.routingMode,
    toolProtocol: model.toolProtocol,
  }
}
