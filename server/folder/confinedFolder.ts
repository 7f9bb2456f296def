/**
 * File operations that stay inside one folder on disk, for the folder the page edits
 * (docs/open-folder.md). Symbolic links are never followed: a link is left alone like a hidden
 * file. A folder swapped for a link while an operation runs (another process, a `git pull`) is
 * caught at the file actually opened, not only at the path checked a moment earlier: every change
 * goes through a temporary name of its own, which nothing else holds, so a swap between the check
 * and the change makes the change fail instead of landing elsewhere.
 */
import { randomBytes } from 'node:crypto'
import {
  closeSync,
  constants,
  fchmodSync,
  fstatSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readlinkSync,
  readSync,
  realpathSync,
  renameSync,
  rmdirSync,
  unlinkSync,
  writeSync,
} from 'node:fs'
import { opendir, realpath } from 'node:fs/promises'
import { basename, dirname, join, sep } from 'node:path'
import { isLeftAlonePath } from '../../src/core/skill'

/** Text files larger than this are left alone (the workspace holds what a person edits). */
export const MAX_FILE_BYTES = 2 * 1024 * 1024
/** A walk stops after this many entries (a folder opened by mistake: a home directory, a build tree). */
export const MAX_ENTRIES = 100_000
/** Folders nested deeper than this are not walked. */
export const MAX_DEPTH = 24
/** How many left-alone entries a walk names; the rest are counted. */
const MAX_NAMED = 100

// Not every platform has every flag; a missing one adds nothing (the location check still holds).
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0
const NO_WAIT = constants.O_NONBLOCK ?? 0
const READ = constants.O_RDONLY | NO_FOLLOW | NO_WAIT
const CREATE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW

/** Why an entry is not part of the workspace. */
export type LeftAloneReason = 'link' | 'not-a-file' | 'too-large' | 'not-text' | 'unreadable' | 'too-deep' | 'too-many'

export interface LeftAlone {
  path: string
  reason: LeftAloneReason
}

export type Found =
  { kind: 'none' } | { kind: 'text'; text: string; mode: number; ino: number } | { kind: 'left-alone'; reason: LeftAloneReason }

export type Change = { ok: true } | { ok: false; error: string }

export interface Walk {
  /** Workspace paths of the regular files found ('/'-separated, relative to the folder). */
  files: string[]
  /** What was not walked into or is not a file, named up to a limit. */
  leftAlone: LeftAlone[]
  /** How many entries were left alone in all (more than `leftAlone` names when there were many). */
  leftAloneCount: number
}

export interface ConfinedFolder {
  /** The folder's real path. */
  root: string
  /** The absolute path for a workspace path (already checked by `diskPathProblem`). */
  full: (path: string) => string
  /** Why the folders on the way to `path` may not be used (a link, a file), or null. */
  routeProblem: (path: string) => string | null
  read: (path: string) => Found
  /** Writes `content` at `path` through a temporary file and a rename, making the folders on the way. */
  write: (path: string, content: string, mode?: number) => Change
  /** Removes the file at `path` if it is still the file `ino` names. */
  remove: (path: string, ino: number) => Change
  /** Moves a file or folder; the target must not exist. */
  move: (from: string, to: string) => Change
  /** Removes the folders above `path` left empty, up to the folder itself. */
  pruneEmpty: (path: string) => void
  /** The regular files under `path` ('' for the whole folder), without following links. */
  walk: (path?: string) => Promise<Walk>
}

const SWAPPED = 'The folder changed while this was written (a folder on the way became a link): nothing was changed.'
const THROUGH_LINK = 'The path leads through a link; links are left alone.'

const codeOf = (error: unknown): string => (error as NodeJS.ErrnoException | null)?.code ?? ''

/** Where an open file really is: Linux names it under /proc; elsewhere null, and inodes are compared instead. */
function openedAt(fd: number): string | null {
  try {
    return readlinkSync(`/proc/self/fd/${fd}`)
  } catch {
    return null
  }
}

/** Whether the open file is the entry at `full`, reached without a link on the way. */
function isAt(fd: number, full: string): boolean {
  const real = openedAt(fd)
  if (real !== null) return real === full
  try {
    if (realpathSync(dirname(full)) !== dirname(full)) return false
    const opened = fstatSync(fd)
    const named = lstatSync(full)
    return opened.dev === named.dev && opened.ino === named.ino
  } catch {
    return false
  }
}

/** At most `limit` bytes from `fd`, or null when there are more (the file grew past the limit). */
function readAtMost(fd: number, limit: number): Buffer | null {
  const buffer = Buffer.allocUnsafe(limit + 1)
  let size = 0
  for (;;) {
    const read = readSync(fd, buffer, size, buffer.length - size, null)
    if (read === 0) return buffer.subarray(0, size)
    size += read
    if (size > limit) return null
  }
}

function writeAll(fd: number, bytes: Buffer) {
  let written = 0
  while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written)
}

const temporaryName = () => `.${randomBytes(6).toString('hex')}.skill-playground-tmp`

export function confinedFolder(folder: string): ConfinedFolder {
  const root = realpathSync(folder)
  const inside = (real: string) => real === root || real.startsWith(root + sep)
  const full = (path: string) => join(root, ...path.split('/'))

  const routeProblem = (path: string): string | null => {
    let dir = root
    for (const part of path.split('/').slice(0, -1)) {
      dir = join(dir, part)
      let stat
      try {
        stat = lstatSync(dir)
      } catch {
        return null // Not there yet: a write makes it.
      }
      if (stat.isSymbolicLink()) return THROUGH_LINK
      if (!stat.isDirectory()) return `${part} is a file, not a folder.`
    }
    return null
  }

  const read = (path: string): Found => {
    const target = full(path)
    let fd: number
    try {
      fd = openSync(target, READ)
    } catch (error) {
      const code = codeOf(error)
      if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'none' }
      return { kind: 'left-alone', reason: code === 'ELOOP' ? 'link' : 'unreadable' }
    }
    try {
      const stat = fstatSync(fd)
      if (!stat.isFile()) return { kind: 'left-alone', reason: 'not-a-file' }
      if (!isAt(fd, target)) return { kind: 'left-alone', reason: 'link' }
      if (stat.size > MAX_FILE_BYTES) return { kind: 'left-alone', reason: 'too-large' }
      const bytes = readAtMost(fd, MAX_FILE_BYTES)
      if (bytes === null) return { kind: 'left-alone', reason: 'too-large' }
      try {
        return { kind: 'text', text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), mode: stat.mode & 0o7777, ino: stat.ino }
      } catch {
        return { kind: 'left-alone', reason: 'not-text' }
      }
    } catch {
      return { kind: 'left-alone', reason: 'unreadable' }
    } finally {
      closeSync(fd)
    }
  }

  /** Makes the missing folders on the way to `path`, each a real folder inside; the ones it made, or why not. */
  const makeFolders = (path: string, made: string[]): string | null => {
    let dir = root
    for (const part of path.split('/').slice(0, -1)) {
      dir = join(dir, part)
      try {
        mkdirSync(dir)
        made.push(dir)
      } catch (error) {
        if (codeOf(error) !== 'EEXIST') throw error
      }
      const stat = lstatSync(dir)
      if (stat.isSymbolicLink()) return THROUGH_LINK
      if (!stat.isDirectory()) return `${part} is a file, not a folder.`
    }
    return realpathSync(dir) === dir ? null : SWAPPED
  }
  const unmake = (made: string[]) => {
    for (const dir of made.reverse()) {
      try {
        rmdirSync(dir)
      } catch {
        // Something was put in it meanwhile: it stays.
      }
    }
  }
  /**
   * Takes a file this process made away wherever it really is (its name is one nothing else
   * holds); asked again while the folder it is in keeps moving.
   */
  const discard = (fd: number, name: string) => {
    for (let attempt = 0; attempt < 10; attempt++) {
      try {
        if (fstatSync(fd).nlink === 0) return
        unlinkSync(openedAt(fd) ?? name)
      } catch {
        // Moved meanwhile: where it is now is asked again.
      }
    }
  }

  const write = (path: string, content: string, mode?: number): Change => {
    const target = full(path)
    const dir = dirname(target)
    const made: string[] = []
    let done = false
    try {
      const problem = makeFolders(path, made)
      if (problem) return { ok: false, error: problem }
      const temporary = join(dir, temporaryName())
      const fd = openSync(temporary, CREATE, mode ?? 0o666)
      let placed = false
      try {
        if (!isAt(fd, temporary)) return { ok: false, error: SWAPPED }
        if (mode !== undefined) fchmodSync(fd, mode)
        writeAll(fd, Buffer.from(content, 'utf8'))
        if (realpathSync(dir) !== dir) return { ok: false, error: SWAPPED }
        // A rename replaces a file or a link in place and follows neither; the temporary's own
        // name makes it fail if the folder on the way is no longer the one the file was made in.
        renameSync(temporary, target)
        placed = true
        if (!isAt(fd, target)) {
          // The folder itself was moved away meanwhile: take back what was written if it went out.
          const real = openedAt(fd)
          if (real !== null && !inside(real)) discard(fd, real)
          return { ok: false, error: SWAPPED }
        }
        done = true
        return { ok: true }
      } finally {
        if (!placed) discard(fd, temporary)
        closeSync(fd)
      }
    } finally {
      if (!done) unmake(made)
    }
  }

  const remove = (path: string, ino: number): Change => {
    const target = full(path)
    const aside = join(dirname(target), temporaryName())
    // Set aside under a name of its own, then make sure it is the file that was read, where it was.
    try {
      renameSync(target, aside)
    } catch (error) {
      if (codeOf(error) === 'ENOENT') return { ok: true }
      throw error
    }
    let fd: number
    try {
      fd = openSync(aside, READ)
    } catch {
      // A link was set aside (it appeared meanwhile): it goes back.
      putBack(aside, target)
      return { ok: false, error: SWAPPED }
    }
    try {
      if (isAt(fd, aside) && fstatSync(fd).ino === ino) {
        unlinkSync(aside)
        return { ok: true }
      }
      const real = openedAt(fd) ?? aside
      putBack(real, join(dirname(real), basename(target)))
      return { ok: false, error: SWAPPED }
    } finally {
      closeSync(fd)
    }
  }
  const putBack = (from: string, to: string) => {
    try {
      renameSync(from, to)
    } catch {
      // It went meanwhile.
    }
  }

  const move = (from: string, to: string): Change => {
    const source = full(from)
    const target = full(to)
    let before
    try {
      before = lstatSync(source)
    } catch {
      return { ok: false, error: `${from} is no longer on disk.` }
    }
    if (before.isSymbolicLink()) return { ok: false, error: 'Links are left alone.' }
    if (realpathSync(dirname(source)) !== dirname(source)) return { ok: false, error: THROUGH_LINK }
    if (lstatSync(target, { throwIfNoEntry: false })) return { ok: false, error: `${to} already exists on disk.` }
    const made: string[] = []
    let done = false
    try {
      const problem = makeFolders(to, made)
      if (problem) return { ok: false, error: problem }
      // A folder's rename fails onto a folder that is not empty; a file is linked, which fails
      // where a file already is (a rename would replace it), and its old name is removed after.
      if (before.isDirectory()) renameSync(source, target)
      else linkSync(source, target)
      const fd = openSync(target, READ)
      try {
        if (!isAt(fd, target) || fstatSync(fd).ino !== before.ino) {
          // Something else was moved (a folder on the way became a link): it goes back.
          if (before.isDirectory()) putBack(openedAt(fd) ?? target, source)
          else unlinkSync(openedAt(fd) ?? target)
          return { ok: false, error: SWAPPED }
        }
      } finally {
        closeSync(fd)
      }
      done = true
      return before.isDirectory() ? { ok: true } : remove(from, before.ino)
    } catch (error) {
      if (codeOf(error) === 'EEXIST' || codeOf(error) === 'ENOTEMPTY') return { ok: false, error: `${to} already exists on disk.` }
      throw error
    } finally {
      if (!done) unmake(made)
    }
  }

  const pruneEmpty = (path: string) => {
    let dir = dirname(full(path))
    while (dir !== root && inside(dir)) {
      try {
        if (realpathSync(dir) !== dir || readdirSync(dir).length > 0) return
        rmdirSync(dir)
      } catch {
        return
      }
      dir = dirname(dir)
    }
  }

  const walk = async (path = ''): Promise<Walk> => {
    const files: string[] = []
    const leftAlone: LeftAlone[] = []
    let leftAloneCount = 0
    let entries = 0
    const skip = (where: string, reason: LeftAloneReason) => {
      leftAloneCount++
      if (leftAlone.length < MAX_NAMED) leftAlone.push({ path: where || '.', reason })
    }
    /** False once the walk must stop (too many entries). */
    const visit = async (dir: string, at: string, depth: number): Promise<boolean> => {
      let entriesOf
      try {
        // The folder must still be the real one (not swapped for a link since its parent was read).
        if ((await realpath(dir)) !== dir) {
          skip(at, 'link')
          return true
        }
        entriesOf = await opendir(dir, { bufferSize: 256 })
      } catch (error) {
        skip(at, codeOf(error) === 'ELOOP' ? 'link' : 'unreadable')
        return true
      }
      for await (const entry of entriesOf) {
        const child = at ? `${at}/${entry.name}` : entry.name
        // Hidden entries and node_modules are left alone, except the clients' skill folders (.claude/skills, …).
        if (isLeftAlonePath(child)) continue
        if (++entries > MAX_ENTRIES) {
          skip(child, 'too-many')
          return false
        }
        if (entry.isSymbolicLink()) skip(child, 'link')
        else if (entry.isDirectory()) {
          if (depth >= MAX_DEPTH) skip(child, 'too-deep')
          else if (!(await visit(join(dir, entry.name), child, depth + 1))) return false
        } else if (entry.isFile()) files.push(child)
        else skip(child, 'not-a-file')
      }
      return true
    }
    await visit(path ? full(path) : root, path, path ? path.split('/').length : 0)
    return { files, leftAlone, leftAloneCount }
  }

  return { root, full, routeProblem, read, write, remove, move, pruneEmpty, walk }
}
