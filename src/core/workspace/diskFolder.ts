/**
 * The rules for a workspace that is a folder on disk (`skill-playground open <dir>`, or a folder
 * opened in the browser): which paths may be written, how a file keeps its line endings, and
 * which file operations bring the disk in step with the page. The server and the page both go
 * through here. See docs/open-folder.md.
 */
import { EVALS_FILE } from '../evals/evalSuite'
import { ROUTING_TESTS_FILE } from '../routingSuite'
import { isLeftAlonePath, isRepository, isRootDocument, isSkillPath, skillFolderOf, toolSkillPaths, type SkillFile } from '../skill'

/** Longest relative path written (characters). */
const MAX_PATH_LENGTH = 512

/**
 * Why `path` must not be written inside the folder, or null when it may: a relative,
 * `/`-separated path of ordinary parts (no `..`, `.`, empty or hidden parts, no backslash, drive,
 * control character or NUL). Anything else could leave the folder or land somewhere unexpected.
 */
export function diskPathProblem(path: string): string | null {
  if (path === '' || path.length > MAX_PATH_LENGTH) return 'The path is empty or too long.'
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(path)) return 'The path has a backslash or a control character.'
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) return 'The path is absolute.'
  const parts = path.split('/')
  for (const part of parts) if (part === '' || part === '.' || part === '..') return 'The path leaves the folder or has an empty part.'
  // The clients' skill folders (.claude/skills, …) are the one exception (docs/clients.md).
  if (parts.some((part) => part.startsWith('.')) && isLeftAlonePath(path)) return 'Hidden files and folders are left alone.'
  return null
}

/**
 * Whether the file at `path` belongs in the workspace, given every path in the folder: skills,
 * the routing suite, evals, and the files inside a skill's folder (scripts, references). Other
 * files (a README, build output) are left alone, never read or written.
 */
export function isFolderFile(path: string, paths: Iterable<string>): boolean {
  return folderFileFilter(paths)(path)
}

/** `isFolderFile` for each of many paths: the skill folders among `paths` are found once, not once a path. */
export function folderFileFilter(paths: Iterable<string>): (path: string) => boolean {
  const folders = new Set<string>()
  const all: string[] = []
  for (const other of paths) {
    const folder = skillFolderOf(other)
    if (folder !== null) folders.add(folder)
    all.push(other)
  }
  // Seed 001's tool folders (schema.json + main.py, no SKILL.md) are skills' folders too.
  for (const schema of toolSkillPaths(all)) folders.add(schema.slice(0, schema.lastIndexOf('/')))
  // A repository (skills in .claude/skills/, skills/, …): Markdown at its root is its own documents.
  const repository = isRepository(folders)
  return (path) => {
    if (repository && isRootDocument(path)) return false
    if (isSkillPath(path) || path === ROUTING_TESTS_FILE || path === EVALS_FILE) return true
    for (let slash = path.indexOf('/'); slash >= 0; slash = path.indexOf('/', slash + 1)) if (folders.has(path.slice(0, slash))) return true
    return false
  }
}

/**
 * `next` written the way the file on disk was: CRLF line breaks when the file used them, and its
 * byte-order mark when it had one. The page may hand back LF-only text (a form edit, a paste).
 */
export function keepLineEndings(previous: string | null, next: string): string {
  if (previous === null) return next
  let text = next
  const crlf = (previous.match(/\r\n/g)?.length ?? 0) > 0 && !/(^|[^\r])\n/.test(previous)
  if (crlf) text = text.replace(/\r?\n/g, '\r\n')
  const bom = '\ufeff'
  if (previous.startsWith(bom) && !text.startsWith(bom)) text = bom + text
  return text
}

export type DiskChange =
  | { kind: 'write'; path: string; text: string }
  | { kind: 'remove'; path: string }
  /** A skill renamed: its folder (or its flat file) moves, with whatever else the folder holds. */
  | { kind: 'move'; from: string; to: string; path: string }

/** The folder a skill's SKILL.md is in, or null for a flat `name.md` skill and other files. */

/**
 * What to do on disk so it holds `current`, given what disk and page last agreed on (`synced`).
 * A skill that disappeared under one path and appeared under another in the same batch is a
 * rename: its folder moves (keeping its other files), then its new text is written.
 */
export function planDiskChanges(
  synced: ReadonlyMap<string, string>,
  current: readonly SkillFile[],
  { moves = true }: { moves?: boolean } = {},
): DiskChange[] {
  const now = new Map(current.map((file) => [file.path, file.text]))
  const removed = [...synced.keys()].filter((path) => !now.has(path))
  const added = current.filter((file) => !synced.has(file.path))
  const changes: DiskChange[] = []
  const moved = new Set<string>()
  for (const file of added) {
    const to = skillFolderOf(file.path)
    const flat = to === null && /^[^/]+\.md$/i.test(file.path)
    const from = !moves
      ? undefined
      : removed.find(
          (path) =>
            !moved.has(path) && (to !== null ? skillFolderOf(path) !== null : flat && /^[^/]+\.md$/i.test(path) && path !== file.path),
        )
    if (from !== undefined && (to !== null || flat)) {
      moved.add(from)
      const fromFolder = skillFolderOf(from)
      changes.push(
        to !== null && fromFolder !== null
          ? { kind: 'move', from: fromFolder, to, path: file.path }
          : { kind: 'move', from, to: file.path, path: file.path },
      )
      if (synced.get(from) !== file.text) changes.push({ kind: 'write', path: file.path, text: file.text })
      continue
    }
    changes.push({ kind: 'write', path: file.path, text: file.text })
  }
  for (const file of current)
    if (synced.has(file.path) && synced.get(file.path) !== file.text) changes.push({ kind: 'write', path: file.path, text: file.text })
  for (const path of removed) if (!moved.has(path)) changes.push({ kind: 'remove', path })
  // A moved folder carries its other files: one that reappears under the new folder unchanged
  // needs neither a write nor a remove.
  const folderMoves = changes.flatMap((change) => (change.kind === 'move' && change.from !== change.path ? [change] : []))
  const carried = (change: DiskChange) =>
    folderMoves.some((move) => {
      if (change.kind === 'write' && change.path.startsWith(`${move.to}/`) && change.path !== move.path)
        return synced.get(`${move.from}/${change.path.slice(move.to.length + 1)}`) === change.text
      if (change.kind === 'remove' && change.path.startsWith(`${move.from}/`))
        return now.get(`${move.to}/${change.path.slice(move.from.length + 1)}`) === synced.get(change.path)
      return false
    })
  return changes.filter((change) => !carried(change))
}

/** A file of the folder as the page knows it: its text and the version (content hash) disk gave it. */
export interface DiskFileState {
  path: string
  text: string
  version: string
}

export type FolderEvent = { type: 'changed'; file: DiskFileState } | { type: 'removed'; path: string }

export type DiskWriteResult =
  | { ok: true; version: string | null }
  /** `conflict`: the file changed on disk since the page read it (`disk`: what it holds now, null when gone). */
  | { ok: false; error: string; conflict?: true; disk?: DiskFileState | null; offline?: true }

/** Two versions of one file that both changed since they last agreed: the person picks. */
export interface DiskConflict {
  path: string
  /** The page's text (null: the page deleted it). */
  mine: string | null
  /** The disk's text (null: deleted on disk), and its version to write over. */
  theirs: string | null
  theirsVersion: string | null
}

/**
 * What to do with a change on disk to a file the page last agreed on as `synced` and now holds
 * as `local` (undefined: not in the page; null in `incoming`: deleted on disk): take it when the
 * page did not change the file since, note the agreement when both sides hold the same, and
 * otherwise ask (never overwrite either side).
 */
export function decideIncoming(
  synced: string | undefined,
  local: string | undefined,
  incoming: string | null,
): 'apply' | 'agree' | 'conflict' {
  if ((local ?? null) === incoming) return 'agree'
  if (local === synced) return 'apply'
  return 'conflict'
}
