/**
 * Where the CLI keeps the memory snapshot of a started Python between processes
 * (docs/skill-code.md, "A ready Python"): the user's cache folder (`$SKILL_PLAYGROUND_CACHE`, else
 * `$XDG_CACHE_HOME/skill-playground`, `~/.cache/skill-playground`, `~/Library/Caches/…` on macOS,
 * `%LOCALAPPDATA%\…` on Windows). Every Python run starts from that snapshot, so a file someone
 * else could write would run their interpreter state: the folder and the file must be this user's,
 * not links, and writable by nobody else; anything else is not used (and not written). The file
 * is named after Pyodide's version, so another version takes a snapshot of its own.
 */
import { randomBytes } from 'node:crypto'
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  writeFileSync,
  type Stats,
} from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { snapshotFileBytes, snapshotHeaderProblem } from './pythonSnapshotFile'

export function snapshotCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.SKILL_PLAYGROUND_CACHE) return env.SKILL_PLAYGROUND_CACHE
  if (process.platform === 'win32' && env.LOCALAPPDATA) return join(env.LOCALAPPDATA, 'skill-playground')
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Caches', 'skill-playground')
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'skill-playground')
}

export function snapshotPath(dir: string, pyodideVersion: string): string {
  return join(dir, `python-${pyodideVersion.replace(/[^\w.-]/g, '_')}.snapshot`)
}

/** Why `stats` is not a safe place for this user's snapshot, or null. */
function unsafe(stats: Stats, kind: 'folder' | 'file'): string | null {
  if (stats.isSymbolicLink()) return `the ${kind} is a link`
  if (kind === 'folder' ? !stats.isDirectory() : !stats.isFile()) return `it is not a ${kind}`
  // Windows has no owners or modes here: its per-user folder is the protection.
  if (process.platform === 'win32') return null
  if (process.getuid && stats.uid !== process.getuid()) return `the ${kind} belongs to another user`
  if (stats.mode & (kind === 'folder' ? 0o077 : 0o022)) return `the ${kind} is open to other users`
  return null
}

function stat(path: string): Stats | undefined {
  try {
    return lstatSync(path)
  } catch {
    return undefined
  }
}

/**
 * Why the cache folder is no safe place for the snapshot (then it is neither read nor written), or
 * null; a folder not made yet is none (it is made, this user's only, when the snapshot is kept).
 */
export function cacheFolderProblem(dir: string): string | null {
  const folder = stat(dir)
  return folder ? unsafe(folder, 'folder') : null
}

/**
 * The snapshot file to start Python from, open for reading, when the folder and the file are safe
 * and its header is this Pyodide's (the child checks the payload against the header's digest);
 * else undefined, and a stale or broken file of ours is removed. The file is opened without
 * following a link and checked through the open descriptor, which the child then reads: what was
 * checked is what is restored, whatever happens to the path in between. The caller closes it.
 */
export function openSnapshot(dir: string, pyodideVersion: string): number | undefined {
  if (!stat(dir) || cacheFolderProblem(dir)) return undefined
  const path = snapshotPath(dir, pyodideVersion)
  let fd: number
  try {
    // Not a link, and never waiting on a pipe someone put there.
    fd = openSync(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0))
  } catch {
    return undefined
  }
  let stale = false
  try {
    if (unsafe(fstatSync(fd), 'file') === null) {
      const head = Buffer.alloc(1000)
      const read = readSync(fd, head, 0, head.length, 0)
      if (snapshotHeaderProblem(head.subarray(0, read), pyodideVersion) === null) return fd
      stale = true
    }
  } catch {
    // Unreadable: not used.
  }
  closeSync(fd)
  if (stale) forgetSnapshot(dir, pyodideVersion)
  return undefined
}

/** Keeps a snapshot for the next process: written whole under another name, then renamed in place. */
export function storeSnapshot(dir: string, pyodideVersion: string, snapshot: Uint8Array): boolean {
  let temporary: string | undefined
  try {
    if (!stat(dir)) mkdirSync(dir, { recursive: true, mode: 0o700 })
    const folder = stat(dir)
    if (!folder || unsafe(folder, 'folder')) return false
    const path = snapshotPath(dir, pyodideVersion)
    temporary = `${path}.${process.pid}.${randomBytes(6).toString('hex')}`
    writeFileSync(temporary, snapshotFileBytes(snapshot, pyodideVersion), { flag: 'wx', mode: 0o600 })
    renameSync(temporary, path)
    return true
  } catch {
    // A cache that cannot be written (a read-only home, a full disk) only means the next process
    // starts Python from nothing; a file half written is not left behind.
    if (temporary) rmSync(temporary, { force: true })
    return false
  }
}

/** Removes a snapshot the child found broken, so the next process takes a new one. */
export function forgetSnapshot(dir: string, pyodideVersion: string): void {
  const path = snapshotPath(dir, pyodideVersion)
  const file = stat(path)
  if (file && !unsafe(file, 'file')) rmSync(path, { force: true })
}
