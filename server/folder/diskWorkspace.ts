/**
 * A skills folder on disk as the page's workspace (`skill-playground open <dir>`): reads it, writes
 * the page's edits back (atomically, keeping line endings), moves and deletes, and watches for
 * changes made elsewhere (an editor, `git checkout`). The one module that uses chokidar. Nothing
 * is ever written outside the folder: every path goes through core's `diskPathProblem`, and the
 * real path of every folder written into is checked against the folder's own.
 */
import { createHash, randomBytes } from 'node:crypto'
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmdirSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'
import { watch, type FSWatcher } from 'chokidar'
import { diskPathProblem, folderFileFilter, isFolderFile, keepLineEndings } from '../../src/core/workspace'
import { isLeftAlone } from '../../src/core/skill'

export interface DiskFile {
  path: string
  text: string
  /** A hash of the content: what a write's `base` names, so a change made meanwhile is a conflict. */
  version: string
}

export type DiskEvent = { type: 'changed'; file: DiskFile } | { type: 'removed'; path: string }

export type DiskResult = { ok: true; version: string | null } | { ok: false; status: 400 | 409; error: string; disk?: DiskFile | null }

/** Text files larger than this are left alone (the workspace holds what a person edits). */
const MAX_FILE_BYTES = 2 * 1024 * 1024

export const versionOf = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 16)

export interface DiskWorkspace {
  root: string
  list: () => DiskFile[]
  write: (path: string, text: string, base: string | null) => DiskResult
  remove: (path: string, base: string | null) => DiskResult
  move: (from: string, to: string) => DiskResult
  close: () => Promise<void>
}

export function openDiskWorkspace(folder: string, onEvent: (event: DiskEvent) => void): DiskWorkspace {
  const root = realpathSync(folder)
  /** What the page was last told each file holds: a watcher event for the same content is our own write. */
  const known = new Map<string, string>()

  const inside = (real: string) => real === root || real.startsWith(root + sep)
  /** The absolute path for a workspace path, or why it may not be touched. */
  const locate = (path: string): { ok: true; full: string } | { ok: false; error: string } => {
    const problem = diskPathProblem(path)
    if (problem) return { ok: false, error: problem }
    const full = join(root, ...path.split('/'))
    // The nearest folder that exists must really be inside (a link inside may lead out).
    let existing = dirname(full)
    while (!existsSync(existing)) existing = dirname(existing)
    if (!inside(realpathSync(existing))) return { ok: false, error: 'The path leads outside the folder through a link.' }
    if (existsSync(full) && lstatSync(full).isSymbolicLink() && !inside(realpathSync(full)))
      return { ok: false, error: 'The file is a link that leads outside the folder.' }
    return { ok: true, full }
  }
  const read = (full: string): string | null => {
    try {
      if (statSync(full).size > MAX_FILE_BYTES) return null
      return new TextDecoder('utf-8', { fatal: true }).decode(readFileSync(full))
    } catch {
      return null // Gone, unreadable or not text: left alone.
    }
  }

  const list = (): DiskFile[] => {
    const found: { path: string; full: string }[] = []
    const walk = (dir: string, real: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (isLeftAlone(entry.name)) continue
        const full = join(dir, entry.name)
        const path = relative(root, full).split(sep).join('/')
        if (entry.isSymbolicLink()) {
          let target: string
          try {
            target = realpathSync(full)
          } catch {
            continue
          }
          if (!inside(target)) continue // A link that leads outside is not followed.
          if (statSync(target).isDirectory()) {
            if (!real.startsWith(target)) walk(full, target)
          } else found.push({ path, full })
        } else if (entry.isDirectory()) walk(full, join(real, entry.name))
        else if (entry.isFile()) found.push({ path, full })
      }
    }
    walk(root, root)
    const inWorkspace = folderFileFilter(found.map((file) => file.path))
    const files: DiskFile[] = []
    for (const { path, full } of found) {
      if (!inWorkspace(path)) continue
      const text = read(full)
      if (text === null) continue
      const version = versionOf(text)
      known.set(path, version)
      files.push({ path, text, version })
    }
    return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
  }

  const current = (full: string): DiskFile | null => {
    const text = existsSync(full) ? read(full) : null
    return text === null ? null : { path: relative(root, full).split(sep).join('/'), text, version: versionOf(text) }
  }

  const write = (path: string, text: string, base: string | null): DiskResult => {
    const place = locate(path)
    if (!place.ok) return { ok: false, status: 400, error: place.error }
    const disk = current(place.full)
    if ((disk?.version ?? null) !== base && disk?.text !== text)
      return { ok: false, status: 409, error: 'The file changed on disk since the page last read it.', disk }
    const output = keepLineEndings(disk?.text ?? null, text)
    mkdirSync(dirname(place.full), { recursive: true })
    // Write beside the file, then rename over it: a reader never sees half a file.
    const temporary = join(dirname(place.full), `.${randomBytes(6).toString('hex')}.skill-playground-tmp`)
    writeFileSync(temporary, output)
    renameSync(temporary, place.full)
    const version = versionOf(output)
    known.set(path, version)
    return { ok: true, version }
  }

  const remove = (path: string, base: string | null): DiskResult => {
    const place = locate(path)
    if (!place.ok) return { ok: false, status: 400, error: place.error }
    const disk = current(place.full)
    if (disk === null) return { ok: true, version: null }
    if (disk.version !== base) return { ok: false, status: 409, error: 'The file changed on disk since the page last read it.', disk }
    unlinkSync(place.full)
    known.delete(path)
    // A skill's folder left empty goes too (never the folder itself).
    let dir = dirname(place.full)
    while (dir !== root && inside(dir) && readdirSync(dir).length === 0) {
      rmdirSync(dir)
      dir = dirname(dir)
    }
    return { ok: true, version: null }
  }

  const move = (from: string, to: string): DiskResult => {
    const source = locate(from)
    const target = locate(to)
    if (!source.ok) return { ok: false, status: 400, error: source.error }
    if (!target.ok) return { ok: false, status: 400, error: target.error }
    if (!existsSync(source.full)) return { ok: false, status: 409, error: `${from} is no longer on disk.` }
    if (existsSync(target.full)) return { ok: false, status: 409, error: `${to} already exists on disk.` }
    mkdirSync(dirname(target.full), { recursive: true })
    renameSync(source.full, target.full)
    for (const path of [...known.keys()]) {
      if (path !== from && !path.startsWith(`${from}/`)) continue
      const version = known.get(path) as string
      known.delete(path)
      known.set(to + path.slice(from.length), version)
    }
    return { ok: true, version: null }
  }

  /** The files of one skill folder the page has not been told about (links inside are not followed). */
  const filesUnder = (folderPath: string): DiskFile[] => {
    const files: DiskFile[] = []
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (isLeftAlone(entry.name)) continue
        const full = join(dir, entry.name)
        if (entry.isDirectory()) walk(full)
        else if (entry.isFile()) {
          const file = current(full)
          if (file && known.get(file.path) !== file.version) {
            known.set(file.path, file.version)
            files.push(file)
          }
        }
      }
    }
    try {
      walk(join(root, ...folderPath.split('/')))
    } catch {
      // The folder went again meanwhile.
    }
    return files
  }

  // Changes made elsewhere. Editors that save by writing a new file and renaming it over the old
  // one show up as unlink + add: awaitWriteFinish and the content hash make that one "changed".
  const watcher: FSWatcher = watch(root, {
    ignoreInitial: true,
    ignored: (path: string) => relative(root, path).split(sep).some(isLeftAlone),
    awaitWriteFinish: { stabilityThreshold: 60, pollInterval: 20 },
    atomic: true,
    // A link out of the folder is never followed (and a link to a big tree would cost a long walk).
    followSymlinks: false,
  })
  const pending = new Map<string, ReturnType<typeof setTimeout>>()
  const settle = (full: string) => {
    const path = relative(root, full).split(sep).join('/')
    clearTimeout(pending.get(path))
    pending.set(
      path,
      setTimeout(() => {
        pending.delete(path)
        const disk = current(full)
        if (disk === null) {
          if (!known.has(path)) return
          known.delete(path)
          onEvent({ type: 'removed', path })
          return
        }
        if (!isFolderFile(path, [...known.keys(), path]) || known.get(path) === disk.version) return
        const isNewSkill = /\/SKILL\.md$/i.test(path) && !known.has(path)
        known.set(path, disk.version)
        onEvent({ type: 'changed', file: disk })
        // A new skill folder (a checkout, a copy): its scripts and references may have arrived
        // before its SKILL.md and been passed over; they belong to the workspace now.
        if (isNewSkill) for (const file of filesUnder(path.replace(/\/[^/]+$/, ''))) onEvent({ type: 'changed', file })
      }, 30),
    )
  }
  watcher.on('add', settle).on('change', settle).on('unlink', settle)

  return { root, list, write, remove, move, close: () => watcher.close() }
}
