/**
 * The page's side of a folder on disk (`skill-playground open <dir>`, docs/open-folder.md): reads
 * the folder through the serving process, writes edits back with the version they were based on,
 * and hears about changes made on disk through server-sent events. Same origin, relative to the page.
 */
import type { DiskFileState, DiskWriteResult, FolderEvent } from '../core/workspace'

export interface FolderConnection {
  root: string
  files: DiskFileState[]
  /** The folder as it is now (after a reconnect); null when the server cannot be reached. */
  reload: () => Promise<DiskFileState[] | null>
  write: (path: string, text: string, base: string | null) => Promise<DiskWriteResult>
  remove: (path: string, base: string | null) => Promise<DiskWriteResult>
  /** Null where folders cannot be moved (a folder opened in the browser): a rename writes anew and removes. */
  move: ((from: string, to: string) => Promise<DiskWriteResult>) | null
  /** Changes on disk, and whether the server is there; returns a function that stops listening. */
  listen: (onEvent: (event: FolderEvent) => void, onConnected: (connected: boolean) => void) => () => void
}

/** Whether this browser can open a local folder in place (File System Access; the rest is in folderAccess.ts, loaded on use). */
export const canOpenFolder = (): boolean => typeof (globalThis as { showDirectoryPicker?: unknown }).showDirectoryPicker === 'function'

const isFile = (value: unknown): value is DiskFileState =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as DiskFileState).path === 'string' &&
  typeof (value as DiskFileState).text === 'string' &&
  typeof (value as DiskFileState).version === 'string'

async function readFolder(): Promise<{ root: string; files: DiskFileState[] } | null> {
  try {
    const response = await fetch('api/folder', { headers: { accept: 'application/json' } })
    if (!response.ok || !response.headers.get('content-type')?.includes('json')) return null
    const body = (await response.json()) as { root?: unknown; files?: unknown }
    if (typeof body.root !== 'string' || !Array.isArray(body.files)) return null
    return { root: body.root, files: body.files.filter(isFile) }
  } catch {
    return null
  }
}

async function send(method: string, url: string, body: unknown): Promise<DiskWriteResult> {
  let response: Response
  try {
    response = await fetch(url, {
      method,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    })
  } catch {
    return { ok: false, offline: true, error: 'The playground server cannot be reached.' }
  }
  const answer = (await response.json().catch(() => null)) as { version?: unknown; error?: { message?: unknown }; disk?: unknown } | null
  if (response.ok) return { ok: true, version: typeof answer?.version === 'string' ? answer.version : null }
  const error = typeof answer?.error?.message === 'string' ? answer.error.message : `The server answered ${response.status}.`
  if (response.status === 409) return { ok: false, conflict: true, disk: isFile(answer?.disk) ? answer.disk : null, error }
  return { ok: false, error }
}

/** The folder the server edits, or null when the page is not served on one (the browser keeps the workspace). */
export async function connectFolder(): Promise<FolderConnection | null> {
  const first = await readFolder()
  if (!first) return null
  return {
    root: first.root,
    files: first.files,
    reload: async () => (await readFolder())?.files ?? null,
    write: (path, text, base) => send('PUT', 'api/folder/file', { path, text, base }),
    remove: (path, base) => send('DELETE', 'api/folder/file', { path, base }),
    move: (from, to) => send('POST', 'api/folder/move', { from, to }),
    listen: (onEvent, onConnected) => {
      const events = new EventSource('api/folder/events')
      events.onopen = () => onConnected(true)
      // EventSource tries again by itself; the page says the server is gone meanwhile.
      events.onerror = () => onConnected(false)
      events.onmessage = (message: MessageEvent<string>) => {
        try {
          const event = JSON.parse(message.data) as FolderEvent
          if (event.type === 'changed' && isFile(event.file)) onEvent(event)
          else if (event.type === 'removed' && typeof event.path === 'string') onEvent(event)
        } catch {
          // Not an event this page knows: ignored.
        }
      }
      return () => events.close()
    },
  }
}
