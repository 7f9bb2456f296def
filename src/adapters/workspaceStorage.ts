/**
 * Autosave of the workspace in IndexedDB, with localStorage as the fallback where IndexedDB is
 * unavailable. Every failure comes back as a message for the UI, never silently. Records are
 * written and read through the saved-workspace codec (src/core/workspace); one that cannot be read
 * (damaged, or from a newer version) is set aside, never overwritten.
 *
 * In IndexedDB each file's text is a record of its own, written once: a save writes the texts
 * that changed and the record that lists them, in one transaction (docs/saved-workspace.md).
 * Writing the whole workspace held the page for a long task after every pause in typing once it
 * had a thousand 2 KB skills, and for longer the more skills it held.
 */
import { formatMessage, message, type Message } from '../core/messages'
import type { SkillFile } from '../core/skill'
import { decodeSavedWorkspace, encodeSavedWorkspace, type SavedField, type SavedWorkspace } from '../core/workspace'

const DB_NAME = 'skill-playground'
const STORE = 'workspace'
const RECORD = 'current'
/** Texts are stored under `text:<page>:<n>`; a key is never reused for another text. */
const TEXT_PREFIX = 'text:'
/** New texts written per task: a few milliseconds of copying each. */
const TEXTS_PER_TASK = 100
const LEGACY_KEY = 'skill-playground:workspace:v1'

const UNREADABLE = 'unreadable'

export interface SavedRecord {
  workspace: SavedWorkspace
  /** Which tab wrote it, and when: lets other tabs tell their own saves from others'. */
  tab: string
  revision: number
}

/** Which save a record is: the tab that wrote it and its revision. */
export interface SavedIdentity {
  tab: string
  revision: number
}

export const sameSave = (a: SavedIdentity | null, b: SavedIdentity | null): boolean =>
  a === b || (a !== null && b !== null && a.tab === b.tab && a.revision === b.revision)

export type LoadResult =
  | { ok: true; record: SavedRecord | null; dropped?: SavedField[] }
  /**
   * `unreadable` is the record as it was stored, kept for the user to download; `identity` is
   * which save it is, the one a save that replaces it expects to find.
   */
  | { ok: false; error: Message; unreadable?: string; identity?: SavedIdentity | null }
/** `stale`: another tab saved since the save this one expected; nothing was written. */
export type SaveResult = { ok: true } | { ok: false; stale: true } | { ok: false; stale?: false; error: Message }

/** A save refused because the stored record is not the one the tab started from. */
class StaleSave extends Error {}

/** A record as stored: the encoded workspace under `snapshot` (the name format 0 used too). */
interface StoredRecord {
  snapshot: unknown
  tab: string
  revision: number
  /**
   * In IndexedDB, the files' paths and the keys of the records holding their texts, in the same
   * order (the snapshot has no `files`). Two lists of strings, not a list of pairs: the browser
   * copies thousands of pairs (an object each) many times slower than two lists of strings.
   */
  fileTexts?: { paths: string[]; keys: string[] }
}

type ReadRecord = { ok: true; record: SavedRecord; dropped: SavedField[] } | { ok: false; error: Message; raw: unknown }

function readRecord(value: unknown): ReadRecord {
  const stored = value as Partial<StoredRecord> | null
  // Before IndexedDB the snapshot itself was stored in localStorage, with no record around it.
  const wrapped = stored && typeof stored === 'object' && 'snapshot' in stored
  const decoded = decodeSavedWorkspace(wrapped ? stored.snapshot : value)
  if (!decoded.ok) {
    return { ok: false, error: keptAside(decoded.message), raw: value }
  }
  const record = {
    workspace: decoded.workspace,
    tab: wrapped && typeof stored.tab === 'string' ? stored.tab : 'legacy',
    revision: wrapped && typeof stored.revision === 'number' ? stored.revision : 0,
  }
  return { ok: true, record, dropped: decoded.dropped }
}

/** An unreadable record's reason, and that it is kept (the banner offers it for download). */
function keptAside(reason: Message): Message {
  return message('saved.keptAside', { reason: formatMessage(reason) })
}

/** Which save a stored value is (read off its wrapper; an old unwrapped snapshot is the legacy save). */
function identityOf(value: unknown): SavedIdentity | null {
  if (value === undefined || value === null) return null
  const stored = value as Partial<StoredRecord>
  const wrapped = typeof stored === 'object' && 'snapshot' in stored
  return {
    tab: wrapped && typeof stored.tab === 'string' ? stored.tab : 'legacy',
    revision: wrapped && typeof stored.revision === 'number' ? stored.revision : 0,
  }
}

/** The page-exit copy's identity, without decoding its workspace. */
function legacyIdentity(): SavedIdentity | null {
  try {
    const raw = globalThis.localStorage?.getItem(LEGACY_KEY)
    return raw ? identityOf(JSON.parse(raw)) : null
  } catch {
    return null
  }
}

/** The save a load would give now: the exit copy when it is newer than IndexedDB's record (as in loadSavedWorkspace). */
function currentIdentity(stored: SavedIdentity | null): SavedIdentity | null {
  const local = legacyIdentity()
  return local && (!stored || local.revision > stored.revision) ? local : stored
}

function toStored(record: SavedRecord): StoredRecord {
  return { snapshot: encodeSavedWorkspace(record.workspace), tab: record.tab, revision: record.revision }
}

// This page's keys for new texts: unique to the page, so two tabs never write one key.
const pageKey = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`
let keysIssued = 0
/** What the stored text records hold, as far as this page knows: a path's key, and its text. */
let known = new Map<string, { key: string; text: string }>()

/** The key of the record holding `file`'s text: the known one when the text is unchanged, else a new one. */
function textKey(file: SkillFile): string {
  const stored = known.get(file.path)
  return stored && stored.text === file.text ? stored.key : `${TEXT_PREFIX}${pageKey}:${(keysIssued += 1)}`
}

const textKeys = () => IDBKeyRange.bound(TEXT_PREFIX, `${TEXT_PREFIX}\uffff`)

/**
 * Writes `record` in one transaction: the texts whose records are not there (new, or deleted by
 * another tab's save), the record listing them, and the removal of texts nothing lists any more.
 * Only over the save `expected`: read in the same transaction, so no other tab's save can land
 * between the check and the write (readwrite transactions on one store run one at a time).
 */
async function writeRecord(record: SavedRecord, expected: SavedIdentity | null): Promise<void> {
  // The snapshot lists no texts: `fileTexts` says where they are.
  const snapshot: Record<string, unknown> = encodeSavedWorkspace(record.workspace)
  delete snapshot.files
  const texts = record.workspace.files.map((file) => ({ path: file.path, key: textKey(file), text: file.text }))
  const handle = await db()
  await new Promise<void>((resolve, reject) => {
    const transaction = handle.transaction(STORE, 'readwrite')
    const store = transaction.objectStore(STORE)
    let failure: Error | undefined
    const current = store.get(RECORD) as IDBRequest<unknown>
    const present = store.getAllKeys(textKeys())
    // Catches a put that throws (a full disk): the whole save is undone, nothing is half written.
    const guarded = (step: () => void) => () => {
      try {
        step()
      } catch (error) {
        failure = error instanceof Error ? error : new Error(String(error))
        transaction.abort()
      }
    }
    current.onsuccess = guarded(() => {
      if (!sameSave(currentIdentity(identityOf(current.result)), expected)) throw new StaleSave()
    })
    present.onsuccess = guarded(() => {
      const there = new Set(present.result)
      const missing = texts.filter(({ key }) => !there.has(key))
      // After an import every text is new: a batch per task (the next starts when the last put of
      // this one succeeds, which keeps the transaction open), not thousands of copies in one task.
      const writeFrom = (start: number) => {
        let last: IDBRequest | undefined
        for (const { key, text } of missing.slice(start, start + TEXTS_PER_TASK)) last = store.put(text, key)
        if (start + TEXTS_PER_TASK < missing.length && last) last.onsuccess = guarded(() => writeFrom(start + TEXTS_PER_TASK))
        else finish(there)
      }
      writeFrom(0)
    })
    const finish = (there: Set<IDBValidKey>) => {
      const fileTexts = { paths: texts.map((text) => text.path), keys: texts.map((text) => text.key) }
      store.put({ snapshot, tab: record.tab, revision: record.revision, fileTexts } satisfies StoredRecord, RECORD)
      const listed = new Set(texts.map((text) => text.key))
      for (const key of there) if (!listed.has(key as string)) store.delete(key)
    }
    transaction.oncomplete = () => resolve()
    transaction.onerror = () => reject(failure ?? transaction.error ?? new Error('IndexedDB transaction failed'))
    transaction.onabort = () => reject(failure ?? transaction.error ?? new Error('IndexedDB transaction aborted'))
  })
  known = new Map(texts.map(({ path, key, text }) => [path, { key, text }]))
}

/** The stored record with its files' texts put back in its snapshot (a missing text reads as `null`: damaged). */
async function readRecordValue(): Promise<unknown> {
  const handle = await db()
  const [value, keys, texts] = await new Promise<[unknown, IDBValidKey[], unknown[]]>((resolve, reject) => {
    const transaction = handle.transaction(STORE, 'readonly')
    const store = transaction.objectStore(STORE)
    const value = store.get(RECORD) as IDBRequest<unknown>
    const keys = store.getAllKeys(textKeys())
    const texts = store.getAll(textKeys()) as IDBRequest<unknown[]>
    transaction.oncomplete = () => resolve([value.result, keys.result, texts.result])
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'))
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'))
  })
  const stored = value as Partial<StoredRecord> | undefined
  if (!stored || typeof stored !== 'object' || !stored.fileTexts || typeof stored.snapshot !== 'object' || !stored.snapshot) return value
  const { fileTexts, ...rest } = stored
  const { paths, keys: listed } = fileTexts as { paths: unknown; keys: unknown }
  // Lists that do not pair up, or a text that is not there, leave `files` unreadable: the record is damaged.
  if (!Array.isArray(paths) || !Array.isArray(listed) || paths.length !== listed.length)
    return { ...rest, snapshot: { ...stored.snapshot, files: null } }
  const byKey = new Map(keys.map((key, index) => [key, texts[index]]))
  const files = paths.map((path: unknown, index) => {
    const text = byKey.get(listed[index] as IDBValidKey)
    return { path, text: typeof text === 'string' ? text : null }
  })
  const readable = files.every((file): file is SkillFile => typeof file.path === 'string' && typeof file.text === 'string')
  if (readable) known = new Map(files.map((file, index) => [file.path, { key: listed[index] as string, text: file.text }]))
  return { ...rest, snapshot: { ...stored.snapshot, files } }
}

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === 'undefined') return reject(new Error('IndexedDB is not available'))
    const request = indexedDB.open(DB_NAME, 1)
    request.onupgradeneeded = () => request.result.createObjectStore(STORE)
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'))
    request.onblocked = () => reject(new Error('IndexedDB is blocked by another tab'))
  })
}

let database: Promise<IDBDatabase> | null = null
const db = () => (database ??= openDatabase())

function transact<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return db().then(
    (handle) =>
      new Promise<T>((resolve, reject) => {
        const transaction = handle.transaction(STORE, mode)
        const request = run(transaction.objectStore(STORE))
        transaction.oncomplete = () => resolve(request.result)
        transaction.onerror = () => reject(transaction.error ?? request.error ?? new Error('IndexedDB transaction failed'))
        transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'))
      }),
  )
}

export async function loadSavedWorkspace(): Promise<LoadResult> {
  const local = loadLegacy()
  let value: unknown
  try {
    value = await readRecordValue()
  } catch {
    return local
  }
  if (value === undefined) return local
  const read = readRecord(value)
  if (!read.ok) {
    if (local.ok && local.record) return local
    return { ok: false, error: read.error, unreadable: await setAside(read.raw), identity: identityOf(read.raw) }
  }
  // The page-exit copy in localStorage is newer when the tab closed before IndexedDB finished.
  if (local.ok && local.record && local.record.revision > read.record.revision) return local
  return { ok: true, record: read.record, dropped: read.dropped }
}

/** Moves an unreadable record out of the way of the next save, and returns it as text. */
async function setAside(raw: unknown): Promise<string> {
  const text = JSON.stringify(raw, null, 2) ?? String(raw)
  try {
    await transact('readwrite', (store) => store.put(raw, `${UNREADABLE}-${new Date().toISOString()}`))
  } catch {
    // The text still reaches the banner's download.
  }
  return text
}

/**
 * A synchronous copy for the moment the page goes away: IndexedDB writes are asynchronous and
 * may not finish during unload, localStorage writes do.
 */
export function saveWorkspaceOnExit(record: SavedRecord): void {
  try {
    globalThis.localStorage.setItem(LEGACY_KEY, JSON.stringify(toStored(record)))
  } catch {
    // Nothing more can be done while the page unloads; the last IndexedDB save stands.
  }
}

/** The localStorage copy: older versions saved there, and it is the fallback without IndexedDB. */
function loadLegacy(): LoadResult {
  let raw: string | null | undefined
  try {
    raw = globalThis.localStorage?.getItem(LEGACY_KEY)
  } catch (error) {
    return { ok: false, error: message('saved.cannotRead', { detail: describe(error) }) }
  }
  if (!raw) return { ok: true, record: null }
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return unreadableLegacy(raw, keptAside(message('saved.notJson')))
  }
  const read = readRecord(value)
  return read.ok ? { ok: true, record: read.record, dropped: read.dropped } : unreadableLegacy(raw, read.error)
}

function unreadableLegacy(raw: string, error: Message): LoadResult {
  try {
    globalThis.localStorage.setItem(`${LEGACY_KEY}:${UNREADABLE}`, raw)
    globalThis.localStorage.removeItem(LEGACY_KEY)
  } catch {
    // Left where it is; the banner still offers it for download.
  }
  return { ok: false, error, unreadable: raw }
}

/**
 * Saves `record` over the save `expected` (null: none yet). When another tab has saved since,
 * nothing is written and the answer is `stale`: the caller merges that save first.
 */
export async function saveWorkspace(record: SavedRecord, expected: SavedIdentity | null): Promise<SaveResult> {
  try {
    await writeRecord(record, expected)
    try {
      globalThis.localStorage?.removeItem(LEGACY_KEY)
    } catch {
      // An old copy left behind is harmless: it has a lower revision.
    }
    return { ok: true }
  } catch (idbError) {
    if (idbError instanceof StaleSave) return { ok: false, stale: true }
    try {
      // Without IndexedDB the copy in localStorage is the save there is: the same check against it.
      const local = legacyIdentity()
      if (local && !sameSave(local, expected)) return { ok: false, stale: true }
      globalThis.localStorage.setItem(LEGACY_KEY, JSON.stringify(toStored(record)))
      return { ok: true }
    } catch (error) {
      const full = isQuotaError(error) || isQuotaError(idbError)
      return {
        ok: false,
        error: full ? message('saved.full') : message('saved.cannotSave', { detail: describe(idbError) }),
      }
    }
  }
}

function isQuotaError(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'QuotaExceededError' || error.code === 22)
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
