/**
 * A skills folder on disk as the page's workspace (`skill-playground open <dir>`): reads it, writes
 * the page's edits back (atomically, keeping line endings), moves and deletes, and watches for
 * changes made elsewhere (an editor, `git checkout`). The one module that uses chokidar. Nothing
 * is ever read or written outside the folder: every path goes through core's `diskPathProblem`,
 * and every file through confinedFolder.ts, which never follows a link.
 */
import { createHash } from 'node:crypto'
import { relative, sep } from 'node:path'
import { watch, type FSWatcher } from 'chokidar'
import { diskPathProblem, folderFileFilter, isFolderFile, keepLineEndings } from '../../src/core/workspace'
import { isLeftAlonePath } from '../../src/core/skill'
import { confinedFolder, MAX_DEPTH, type Found, type LeftAlone, type LeftAloneReason } from './confinedFolder'

export interface DiskFile {
  path: string
  text: string
  /** A hash of the content: what a write's `base` names, so a change made meanwhile is a conflict. */
  version: string
}

export type DiskEvent = { type: 'changed'; file: DiskFile } | { type: 'removed'; path: string }

export type DiskResult = { ok: true; version: string | null } | { ok: false; status: 400 | 409; error: string; disk?: DiskFile | null }

export type { LeftAlone, LeftAloneReason }

export interface FolderListing {
  files: DiskFile[]
  /** Entries not read (links, unreadable folders, files over 2 MB or not text), named up to a limit. */
  leftAlone: LeftAlone[]
  leftAloneCount: number
}

export const versionOf = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 16)

export interface DiskWorkspace {
  root: string
  list: () => Promise<FolderListing>
  write: (path: string, text: string, base: string | null) => DiskResult
  remove: (path: string, base: string | null) => DiskResult
  move: (from: string, to: string) => DiskResult
  close: () => Promise<void>
}

/** Why a file is not written over, in the words a refused write carries. */
const LEFT_ALONE_WORDS: Record<LeftAloneReason, string> = {
  link: 'it is a link (links are left alone)',
  'not-a-file': 'it is not a regular file',
  'too-large': 'it is over 2 MB',
  'not-text': 'it is not UTF-8 text',
  unreadable: 'it cannot be read',
  'too-deep': 'it is nested too deep',
  'too-many': 'the folder has too many entries',
}

/** How many files a listing reads before it lets other requests in. */
const READS_PER_TURN = 64
/** A listing holds at most this much text: thousands of files near 2 MB each would not fit in memory or in a page. */
const MAX_LISTING_BYTES = 200 * 1024 * 1024

export function openDiskWorkspace(folder: string, onEvent: (event: DiskEvent) => void): DiskWorkspace {
  const disk = confinedFolder(folder)
  const root = disk.root
  /** What the page was last told each file holds: a watcher event for the same content is our own write. */
  const known = new Map<string, string>()

  /** Why a workspace path may not be touched, or null. */
  const refusal = (path: string): string | null => diskPathProblem(path) ?? disk.routeProblem(path)
  const fileOf = (path: string, found: Found): DiskFile | null =>
    found.kind === 'text' ? { path, text: found.text, version: versionOf(found.text) } : null
  const leftAloneError = (path: string, reason: LeftAloneReason) =>
    `${path} is left alone: ${LEFT_ALONE_WORDS[reason]}. The playground does not write over it.`
  const conflict = (file: DiskFile | null): DiskResult => ({
    ok: false,
    status: 409,
    error: 'The file changed on disk since the page last read it.',
    disk: file,
  })

  const list = async (): Promise<FolderListing> => {
    const walked = await disk.walk()
    const leftAlone = [...walked.leftAlone]
    let leftAloneCount = walked.leftAloneCount
    const inWorkspace = folderFileFilter(walked.files)
    const files: DiskFile[] = []
    let reads = 0
    let bytes = 0
    for (const path of walked.files) {
      if (!inWorkspace(path)) continue
      if (++reads % READS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve))
      const found: Found = bytes > MAX_LISTING_BYTES ? { kind: 'left-alone', reason: 'too-many' } : disk.read(path)
      if (found.kind === 'left-alone') {
        leftAloneCount++
        if (leftAlone.length < 100) leftAlone.push({ path, reason: found.reason })
      }
      const file = fileOf(path, found)
      if (!file) continue
      bytes += file.text.length
      known.set(path, file.version)
      files.push(file)
    }
    files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    return { files, leftAlone, leftAloneCount }
  }

  const write = (path: string, text: string, base: string | null): DiskResult => {
    const problem = refusal(path)
    if (problem) return { ok: false, status: 400, error: problem }
    const found = disk.read(path)
    // A file the folder mode does not read is never written over, whatever the base says.
    if (found.kind === 'left-alone') return { ok: false, status: 400, error: leftAloneError(path, found.reason) }
    const current = fileOf(path, found)
    if ((current?.version ?? null) !== base && current?.text !== text) return conflict(current)
    const output = keepLineEndings(current?.text ?? null, text)
    const written = disk.write(path, output, found.kind === 'text' ? found.mode : undefined)
    if (!written.ok) return { ok: false, status: 400, error: written.error }
    const version = versionOf(output)
    known.set(path, version)
    return { ok: true, version }
  }

  const remove = (path: string, base: string | null): DiskResult => {
    const problem = refusal(path)
    if (problem) return { ok: false, status: 400, error: problem }
    const found = disk.read(path)
    if (found.kind === 'none') return { ok: true, version: null }
    if (found.kind === 'left-alone') return { ok: false, status: 400, error: leftAloneError(path, found.reason) }
    const current = fileOf(path, found)
    if (current?.version !== base) return conflict(current)
    const removed = disk.remove(path, found.ino)
    if (!removed.ok) return { ok: false, status: 400, error: removed.error }
    known.delete(path)
    // A skill's folder left empty goes too (never the folder itself).
    disk.pruneEmpty(path)
    return { ok: true, version: null }
  }

  const move = (from: string, to: string): DiskResult => {
    for (const path of [from, to]) {
      const problem = refusal(path)
      if (problem) return { ok: false, status: 400, error: problem }
    }
    const moved = disk.move(from, to)
    if (!moved.ok) return { ok: false, status: /exists|no longer/.test(moved.error) ? 409 : 400, error: moved.error }
    for (const path of [...known.keys()]) {
      if (path !== from && !path.startsWith(`${from}/`)) continue
      const version = known.get(path) as string
      known.delete(path)
      known.set(to + path.slice(from.length), version)
    }
    return { ok: true, version: null }
  }

  /** The files of one skill folder the page has not been told about (links inside are not followed). */
  const filesUnder = async (folderPath: string): Promise<DiskFile[]> => {
    const files: DiskFile[] = []
    for (const path of (await disk.walk(folderPath)).files) {
      const file = fileOf(path, disk.read(path))
      if (file && known.get(path) !== file.version) {
        known.set(path, file.version)
        files.push(file)
      }
    }
    return files
  }

  // Changes made elsewhere. Editors that save by writing a new file and renaming it over the old
  // one show up as unlink + add: awaitWriteFinish and the content hash make that one "changed".
  const watcher: FSWatcher = watch(root, {
    ignoreInitial: true,
    ignored: (path: string) => isLeftAlonePath(relative(root, path).split(sep).join('/')),
    awaitWriteFinish: { stabilityThreshold: 60, pollInterval: 20 },
    atomic: true,
    // Links are left alone: a link is reported as an entry, never followed, and never read
    // through (confinedFolder.ts refuses it when the change is read).
    followSymlinks: false,
    depth: MAX_DEPTH,
  })
  // A watcher error (a folder it may not read) must not end the server: that folder is left out.
  watcher.on('error', () => {})
  const pending = new Map<string, ReturnType<typeof setTimeout>>()
  const changed = async (path: string) => {
    const file = diskPathProblem(path) ? null : fileOf(path, disk.read(path))
    if (file === null) {
      // Gone, or now something the workspace leaves alone (a link, a file grown past 2 MB).
      if (!known.has(path)) return
      known.delete(path)
      onEvent({ type: 'removed', path })
      return
    }
    if (!isFolderFile(path, [...known.keys(), path]) || known.get(path) === file.version) return
    const isNewSkill = /\/SKILL\.md$/i.test(path) && !known.has(path)
    known.set(path, file.version)
    onEvent({ type: 'changed', file })
    // A new skill folder (a checkout, a copy): its scripts and references may have arrived
    // before its SKILL.md and been passed over; they belong to the workspace now.
    if (isNewSkill) for (const other of await filesUnder(path.replace(/\/[^/]+$/, ''))) onEvent({ type: 'changed', file: other })
  }
  const settle = (full: string) => {
    const path = relative(root, full).split(sep).join('/')
    clearTimeout(pending.get(path))
    pending.set(
      path,
      setTimeout(() => {
        pending.delete(path)
        changed(path).catch(() => {
          // The file went again meanwhile: the next event tells.
        })
      }, 30),
    )
  }
  watcher.on('add', settle).on('change', settle).on('unlink', settle)

  return { root, list, write, remove, move, close: () => watcher.close() }
}
