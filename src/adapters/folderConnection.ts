/**
 * The page's side of a folder on disk (`skill-playground open <dir>`, docs/open-folder.md): reads
 * the folder through the serving process, writes edits back with the version they were based on,
 * and hears about changes made on disk through server-sent events. Same origin, relative to the page.
 * With a team token (PLAYGROUND_TOKEN) every request carries it in a header, the event stream
 * included (read with fetch: an EventSource cannot send one); the token arrives once through the
 * one-time address `skill-playground open` prints, or typed, and is kept for the tab only.
 */
import { serverFeatures } from './serverFeatures'
import type { DiskFileState, DiskWriteResult, FolderEvent } from '../core/workspace'
import { TOKEN_HEADER } from './proxyStatus'

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

/**
 * The page is served on a folder it cannot use: the server wants the team token, or could not
 * read the folder. The page must say so and edit nothing, not fall back to the browser's workspace.
 */
export interface FolderBlocked {
  blocked: 'token' | 'unreadable'
}

/** The team token: read for each request (it may be typed later), and kept when the one-time address brings it. */
export interface FolderAccess {
  token: () => string
  keepToken: (token: string) => void
}

/** How long the event stream waits before it connects again after a break. */
const RECONNECT_MS = 1500

/** Whether this browser can open a local folder in place (File System Access; the rest is in folderAccess.ts, loaded on use). */
export const canOpenFolder = (): boolean => typeof (globalThis as { showDirectoryPicker?: unknown }).showDirectoryPicker === 'function'

const isFile = (value: unknown): value is DiskFileState =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as DiskFileState).path === 'string' &&
  typeof (value as DiskFileState).text === 'string' &&
  typeof (value as DiskFileState).version === 'string'

const headersFor = (access: FolderAccess, headers: Record<string, string>): Record<string, string> => {
  const token = access.token()
  return token ? { ...headers, [TOKEN_HEADER]: token } : headers
}

/** The folder, why the page may not use it, or null when the page is not served on one. */
async function readFolder(access: FolderAccess): Promise<{ root: string; files: DiskFileState[] } | FolderBlocked | null> {
  // Asked only of a server that edits a folder, and with the token when it wants one: no failed request to log.
  const features = await serverFeatures()
  if (features && !features.folder) return null
  if (features?.tokenRequired && !access.token()) return { blocked: 'token' }
  let response: Response
  try {
    response = await fetch('api/folder', { headers: headersFor(access, { accept: 'application/json' }) })
  } catch {
    return null
  }
  if (!response.headers.get('content-type')?.includes('json')) return null
  const body = (await response.json().catch(() => null)) as { root?: unknown; files?: unknown; error?: { type?: unknown } } | null
  if (!response.ok) {
    // Only the folder's own answers mean "a folder is here"; a 404 or the proxy's token answer do not.
    if (body?.error?.type === 'folder_token_required') return { blocked: 'token' }
    if (body?.error?.type === 'disk_error') return { blocked: 'unreadable' }
    return null
  }
  if (typeof body?.root !== 'string' || !Array.isArray(body.files)) return null
  return { root: body.root, files: body.files.filter(isFile) }
}

/**
 * The code of the one-time address (`#unlock=…`), taken out of the address bar at once so that it
 * is not kept in the history, bookmarked or shared; null when the page was opened without one.
 */
function takeUnlockCode(): string | null {
  const match = /^#unlock=([\w-]{16,128})$/.exec(window.location.hash)
  if (!match) return null
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search)
  return match[1] ?? null
}

/** Trades the one-time code for the team token, kept for the tab; false when the server would not. */
async function unlock(code: string, access: FolderAccess): Promise<boolean> {
  try {
    const response = await fetch('api/folder/unlock', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ code }),
    })
    const body = (await response.json().catch(() => null)) as { token?: unknown } | null
    if (!response.ok || typeof body?.token !== 'string') return false
    access.keepToken(body.token)
    return true
  } catch {
    return false
  }
}

/**
 * Reads server-sent events from a fetch (which, unlike an EventSource, can send the token) and
 * connects again after a break, as an EventSource would; returns a function that stops it.
 */
function listenForEvents(access: FolderAccess, onData: (data: string) => void, onConnected: (connected: boolean) => void): () => void {
  let stopped = false
  let controller: AbortController | null = null
  let timer: ReturnType<typeof setTimeout> | undefined
  const connect = async () => {
    controller = new AbortController()
    try {
      const response = await fetch('api/folder/events', {
        headers: headersFor(access, { accept: 'text/event-stream' }),
        cache: 'no-store',
        signal: controller.signal,
      })
      if (!response.ok || !response.body) throw new Error(`The server answered ${response.status}.`)
      onConnected(true)
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
      let buffer = ''
      for (;;) {
        const { value, done } = await reader.read()
        if (done) break
        buffer += value.replace(/\r\n?/g, '\n')
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const data = buffer
            .slice(0, end)
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).replace(/^ /, ''))
            .join('\n')
          buffer = buffer.slice(end + 2)
          if (data) onData(data)
        }
      }
    } catch {
      // Broken, refused or stopped: said below, and tried again.
    }
    if (stopped) return
    onConnected(false)
    timer = setTimeout(() => void connect(), RECONNECT_MS)
  }
  void connect()
  return () => {
    stopped = true
    clearTimeout(timer)
    controller?.abort()
  }
}

async function send(access: FolderAccess, method: string, url: string, body: unknown): Promise<DiskWriteResult> {
  let response: Response
  try {
    response = await fetch(url, {
      method,
      headers: headersFor(access, { 'content-type': 'application/json', accept: 'application/json' }),
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

/**
 * The folder the server edits; why the page may not use it (locked without the team token, or
 * unreadable); or null when the page is not served on one (the browser keeps the workspace).
 */
export async function connectFolder(access: FolderAccess): Promise<FolderConnection | FolderBlocked | null> {
  const code = takeUnlockCode()
  if (code !== null) await unlock(code, access)
  const first = await readFolder(access)
  if (!first || 'blocked' in first) return first
  return {
    root: first.root,
    files: first.files,
    reload: async () => {
      const again = await readFolder(access)
      return again && 'files' in again ? again.files : null
    },
    write: (path, text, base) => send(access, 'PUT', 'api/folder/file', { path, text, base }),
    remove: (path, base) => send(access, 'DELETE', 'api/folder/file', { path, base }),
    move: (from, to) => send(access, 'POST', 'api/folder/move', { from, to }),
    listen: (onEvent, onConnected) =>
      listenForEvents(
        access,
        (data) => {
          try {
            const event = JSON.parse(data) as FolderEvent
            if (event.type === 'changed' && isFile(event.file)) onEvent(event)
            else if (event.type === 'removed' && typeof event.path === 'string') onEvent(event)
          } catch {
            // Not an event this page knows: ignored.
          }
        },
        onConnected,
      ),
  }
}
