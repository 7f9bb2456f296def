import type { PlaygroundSnapshot } from '../state/createPlaygroundStore'

const KEY = 'skill-playground:workspace:v1'

export type LoadResult = { ok: true; snapshot: PlaygroundSnapshot | null } | { ok: false; error: string }
export type SaveResult = { ok: true } | { ok: false; error: string }

function isSnapshot(value: unknown): value is PlaygroundSnapshot {
  if (typeof value !== 'object' || value === null) return false
  const files = (value as { files?: unknown }).files
  return Array.isArray(files) && files.every((file) => typeof file?.path === 'string' && typeof file?.text === 'string')
}

/** The workspace saved by an earlier visit in this browser, if any. */
export function loadSavedWorkspace(storage: Storage | undefined = globalThis.localStorage): LoadResult {
  try {
    const raw = storage?.getItem(KEY)
    if (!raw) return { ok: true, snapshot: null }
    const value: unknown = JSON.parse(raw)
    if (!isSnapshot(value)) return { ok: false, error: 'The saved workspace is damaged; the example skills were loaded instead.' }
    return { ok: true, snapshot: value }
  } catch (error) {
    return { ok: false, error: `Could not read the saved workspace (${describe(error)}); the example skills were loaded instead.` }
  }
}

export function saveWorkspace(snapshot: PlaygroundSnapshot, storage: Storage | undefined = globalThis.localStorage): SaveResult {
  try {
    if (!storage) return { ok: false, error: 'This browser gives the page no storage, so changes are not saved.' }
    storage.setItem(KEY, JSON.stringify(snapshot))
    return { ok: true }
  } catch (error) {
    const full = error instanceof DOMException && (error.name === 'QuotaExceededError' || error.code === 22)
    return {
      ok: false,
      error: full ? 'Browser storage is full: your latest changes are not saved.' : `Changes could not be saved (${describe(error)}).`,
    }
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
