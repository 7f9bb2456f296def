/**
 * Autosave of the workspace in IndexedDB (one record), with localStorage as the fallback where
 * IndexedDB is unavailable. Every failure comes back as a message for the UI, never silently.
 */
import type { PlaygroundSnapshot } from '../state/createPlaygroundStore'

const DB_NAME = 'skill-playground'
const STORE = 'workspace'
const RECORD = 'current'
const LEGACY_KEY = 'skill-playground:workspace:v1'

export interface SavedRecord {
  snapshot: PlaygroundSnapshot
  /** Which tab wrote it, and when: lets other tabs tell their own saves from others'. */
  tab: string
  revision: number
}

export type LoadResult = { ok: true; record: SavedRecord | null } | { ok: false; error: string }
export type SaveResult = { ok: true } | { ok: false; error: string }

function isSnapshot(value: unknown): value is PlaygroundSnapshot {
  if (typeof value !== 'object' || value === null) return false
  const files = (value as { files?: unknown }).files
  return Array.isArray(files) && files.every((file) => typeof file?.path === 'string' && typeof file?.text === 'string')
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
    value = await transact('readonly', (store) => store.get(RECORD) as IDBRequest<unknown>)
  } catch {
    return local
  }
  if (value === undefined) return local
  const record = value as SavedRecord
  if (!isSnapshot(record?.snapshot)) return local.ok && local.record ? local : { ok: false, error: 'The saved workspace is damaged; the example skills were loaded instead.' }
  // The page-exit copy in localStorage is newer when the tab closed before IndexedDB finished.
  if (local.ok && local.record && local.record.revision > record.revision) return local
  return { ok: true, record }
}

/**
 * A synchronous copy for the moment the page goes away: IndexedDB writes are asynchronous and
 * may not finish during unload, localStorage writes do.
 */
export function saveWorkspaceOnExit(record: SavedRecord): void {
  try {
    globalThis.localStorage.setItem(LEGACY_KEY, JSON.stringify(record))
  } catch {
    // Nothing more can be done while the page unloads; the last IndexedDB save stands.
  }
}

/** The localStorage copy: older versions saved there, and it is the fallback without IndexedDB. */
function loadLegacy(): LoadResult {
  try {
    const raw = globalThis.localStorage?.getItem(LEGACY_KEY)
    if (!raw) return { ok: true, record: null }
    const value: unknown = JSON.parse(raw)
    if (isSnapshot((value as SavedRecord)?.snapshot)) return { ok: true, record: value as SavedRecord }
    // Before IndexedDB the snapshot itself was stored here.
    if (isSnapshot(value)) return { ok: true, record: { snapshot: value, tab: 'legacy', revision: 0 } }
    return { ok: false, error: 'The saved workspace is damaged; the example skills were loaded instead.' }
  } catch (error) {
    return { ok: false, error: `Could not read the saved workspace (${describe(error)}); the example skills were loaded instead.` }
  }
}

export async function saveWorkspace(record: SavedRecord): Promise<SaveResult> {
  try {
    await transact('readwrite', (store) => store.put(record, RECORD))
    try {
      globalThis.localStorage?.removeItem(LEGACY_KEY)
    } catch {
      // An old copy left behind is harmless: it has a lower revision.
    }
    return { ok: true }
  } catch (idbError) {
    try {
      globalThis.localStorage.setItem(LEGACY_KEY, JSON.stringify(record))
      return { ok: true }
    } catch (error) {
      const full = isQuotaError(error) || isQuotaError(idbError)
      return {
        ok: false,
        error: full
          ? 'Browser storage is full: your latest changes are not saved. Export the workspace to keep them.'
          : `Changes cannot be saved in this browser (${describe(idbError)}). Export the workspace to keep them.`,
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
