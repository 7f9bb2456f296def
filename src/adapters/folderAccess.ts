/**
 * A local folder opened in the browser itself (File System Access API, Chromium): the same
 * connection as a folder served by `skill-playground open`, read and written through the folder
 * handle the person picked. There is no watcher in a page: the folder is read again when the page
 * gets focus back (after an edit in another editor, a `git pull`). docs/open-folder.md.
 */
import {
  diskPathProblem,
  folderFileFilter,
  keepLineEndings,
  type DiskFileState,
  type DiskWriteResult,
  type FolderEvent,
} from '../core/workspace'
import { isLeftAlonePath } from '../core/skill'
import type { FolderConnection } from './folderConnection'

/** The parts of the File System Access API this module uses (not all in TypeScript's DOM types). */
interface DirectoryHandle {
  kind: 'directory'
  name: string
  entries: () => AsyncIterable<[string, DirectoryHandle | FileHandle]>
  getDirectoryHandle: (name: string, options?: { create?: boolean }) => Promise<DirectoryHandle>
  getFileHandle: (name: string, options?: { create?: boolean }) => Promise<FileHandle>
  removeEntry: (name: string, options?: { recursive?: boolean }) => Promise<void>
}
interface FileHandle {
  kind: 'file'
  name: string
  getFile: () => Promise<File>
  createWritable: () => Promise<{ write: (data: string) => Promise<void>; close: () => Promise<void> }>
}
type Picker = (options: { mode: 'readwrite'; id?: string }) => Promise<DirectoryHandle>

/** A short content hash (FNV-1a, 64 bits as two 32-bit halves): what a write's base names. */
function versionOf(text: string): string {
  let low = 0x811c9dc5
  let high = 0xcbf29ce4
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i)
    low = Math.imul(low ^ unit, 0x01000193) >>> 0
    high = Math.imul(high ^ (unit + i), 0x01000193) >>> 0
  }
  return `${high.toString(16).padStart(8, '0')}${low.toString(16).padStart(8, '0')}-${text.length}`
}

const MAX_FILE_BYTES = 2 * 1024 * 1024
const decoder = new TextDecoder('utf-8', { fatal: true })

async function readText(handle: FileHandle): Promise<string | null> {
  try {
    const file = await handle.getFile()
    if (file.size > MAX_FILE_BYTES) return null
    return decoder.decode(await file.arrayBuffer())
  } catch {
    return null // Not text, or gone: left alone.
  }
}

/** Every file of the folder the workspace holds (skills, the suite, files in skill folders); hidden ones and node_modules skipped. */
async function listFolder(root: DirectoryHandle): Promise<DiskFileState[]> {
  const found: { path: string; handle: FileHandle }[] = []
  const walk = async (dir: DirectoryHandle, prefix: string) => {
    for await (const [name, handle] of dir.entries()) {
      // Hidden entries and node_modules are left alone, except the clients' skill folders (.claude/skills, …).
      if (isLeftAlonePath(`${prefix}${name}`)) continue
      if (handle.kind === 'directory') await walk(handle, `${prefix}${name}/`)
      else found.push({ path: `${prefix}${name}`, handle })
    }
  }
  await walk(root, '')
  const inWorkspace = folderFileFilter(found.map((file) => file.path))
  const files: DiskFileState[] = []
  for (const { path, handle } of found) {
    if (!inWorkspace(path)) continue
    const text = await readText(handle)
    if (text !== null) files.push({ path, text, version: versionOf(text) })
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
}

/** The folder holding `path`'s file (created on the way when asked), and the file's name. */
async function locate(
  root: DirectoryHandle,
  path: string,
  create: boolean,
): Promise<{ dir: DirectoryHandle; name: string; parents: DirectoryHandle[] }> {
  const parts = path.split('/')
  const name = parts.pop() as string
  const parents = [root]
  let dir = root
  for (const part of parts) {
    dir = await dir.getDirectoryHandle(part, { create })
    parents.push(dir)
  }
  return { dir, name, parents }
}

async function current(root: DirectoryHandle, path: string): Promise<DiskFileState | null> {
  try {
    const { dir, name } = await locate(root, path, false)
    const text = await readText(await dir.getFileHandle(name))
    return text === null ? null : { path, text, version: versionOf(text) }
  } catch {
    return null
  }
}

const conflict = (disk: DiskFileState | null): DiskWriteResult => ({
  ok: false,
  conflict: true,
  disk,
  error: 'The file changed on disk since the page last read it.',
})

/** Asks for a folder and opens it; null when the person cancels. */
export async function pickFolder(): Promise<FolderConnection | null> {
  let root: DirectoryHandle
  try {
    root = await (globalThis as unknown as { showDirectoryPicker: Picker }).showDirectoryPicker({ mode: 'readwrite', id: 'skills' })
  } catch {
    return null // Cancelled, or not allowed.
  }
  const known = new Map<string, string>()
  const remember = (files: DiskFileState[]) => {
    known.clear()
    for (const file of files) known.set(file.path, file.version)
    return files
  }
  const files = remember(await listFolder(root))

  const write = async (path: string, text: string, base: string | null): Promise<DiskWriteResult> => {
    const problem = diskPathProblem(path)
    if (problem) return { ok: false, error: problem }
    const disk = await current(root, path)
    if ((disk?.version ?? null) !== base && disk?.text !== text) return conflict(disk)
    const output = keepLineEndings(disk?.text ?? null, text)
    try {
      const { dir, name } = await locate(root, path, true)
      // The browser writes to a swap file and puts it in place on close: a reader never sees half a file.
      const writable = await (await dir.getFileHandle(name, { create: true })).createWritable()
      await writable.write(output)
      await writable.close()
    } catch (error) {
      return { ok: false, error: error instanceof Error ? error.message : String(error) }
    }
    const version = versionOf(output)
    known.set(path, version)
    return { ok: true, version }
  }

  const remove = async (path: string, base: string | null): Promise<DiskWriteResult> => {
    const problem = diskPathProblem(path)
    if (problem) return { ok: false, error: problem }
    const disk = await current(root, path)
    if (disk === null) return { ok: true, version: null }
    if (disk.version !== base) return conflict(disk)
    try {
      const { dir, name, parents } = await locate(root, path, false)
      await dir.removeEntry(name)
      // A skill folder left empty goes too (never the folder itself).
      const names = path.split('/').slice(0, -1)
      for (let depth = parents.length - 1; depth > 0; depth--) {
        const folder = parents[depth] as DirectoryHandle
        let empty = true
        for await (const entry of folder.entries()) {
          empty = !entry
          break
        }
        if (!empty) break
        await (parents[depth - 1] as DirectoryHandle).removeEntry(names[depth - 1] as string)
      }
    } catch (error) {
      return { ok: false, error: error instanceof Error ? error.message : String(error) }
    }
    known.delete(path)
    return { ok: true, version: null }
  }

  return {
    root: root.name,
    files,
    reload: async () => remember(await listFolder(root)),
    write,
    remove,
    // The API cannot rename a folder the person picked: the skill is written anew and the old file removed.
    move: null,
    listen: (onEvent: (event: FolderEvent) => void, onConnected: (connected: boolean) => void) => {
      onConnected(true)
      // Read again when the person comes back to the page: what changed meanwhile comes in as events.
      const rescan = async () => {
        const before = new Map(known)
        const now = remember(await listFolder(root))
        for (const file of now) if (before.get(file.path) !== file.version) onEvent({ type: 'changed', file })
        const present = new Set(now.map((file) => file.path))
        for (const path of before.keys()) if (!present.has(path)) onEvent({ type: 'removed', path })
      }
      const onFocus = () => void rescan()
      window.addEventListener('focus', onFocus)
      return () => window.removeEventListener('focus', onFocus)
    },
  }
}
