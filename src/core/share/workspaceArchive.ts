/**
 * The workspace as a zip: `skills/<name>/SKILL.md` for every skill (the layout the CLI and the
 * app both load) plus `playground.json`: the rest of the workspace (tool mocks, knowledge,
 * files, settings) written by the saved-workspace codec.
 */
import { strFromU8, strToU8, Unzip, UnzipInflate, zipSync } from 'fflate'
import { isLeftAlone, isSkillPath, type SkillFile } from '../skill'
import { formatMessage, message, type Message } from '../messages'
import { decodeSavedWorkspace, type EncodedWorkspace, type SavedWorkspace } from '../workspace'

export interface WorkspaceArchive {
  files: SkillFile[]
  /** playground.json as written: an encoded saved workspace without its files. */
  settings?: EncodedWorkspace
}

/** What an archive brings besides its skill files, as read back by the codec. */
export interface ArchiveContents {
  files: SkillFile[]
  settings?: Omit<SavedWorkspace, 'files'>
  /** Files not taken in, because the workspace holds text only (an image) or they are too large: the report names them. */
  leftOut?: string[]
  /** A picked folder's files that are neither skills, suites nor in a skill's folder (`importPaths`): the report names them. */
  outside?: string[]
}

const RESOURCES = 'playground.json'
/** Archives larger than this (unpacked) are refused: a zip bomb must not freeze the tab. */
export const MAX_ARCHIVE_BYTES = 50 * 1024 * 1024
/** Text compresses well, but not beyond this: more output per input byte is a bomb. */
export const MAX_ARCHIVE_RATIO = 200
/** Compressed bytes fed to the inflater at once; deflate expands each by at most ~1,032×. */
const PUSH_STEP = 16 * 1024

const skipped = (name: string) => name.endsWith('/') || name.startsWith('__MACOSX/') || /(^|\/)\.DS_Store$/.test(name)

/**
 * Inflates a zip as a stream, counting what comes out. The sizes a zip declares can lie (a 4 MB
 * file declaring 100 bytes and holding 4 GB), so the limit is checked on the bytes produced, and
 * the input is fed in small steps so no single step can produce more than a few megabytes.
 */
function inflateZip(bytes: Uint8Array): Record<string, Uint8Array> | 'too large' | 'not zip' {
  const isZip = bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5)
  if (!isZip) return 'not zip'
  const entries: Record<string, Uint8Array> = {}
  const budget = Math.min(MAX_ARCHIVE_BYTES, bytes.length * MAX_ARCHIVE_RATIO + 1024 * 1024)
  let total = 0
  let failure: 'too large' | 'not zip' | null = null
  const unzipper = new Unzip((file) => {
    // A file that is never started is skipped without being inflated.
    if (failure || skipped(file.name)) return
    const chunks: Uint8Array[] = []
    file.ondata = (error, data, final) => {
      if (failure) return
      if (error) {
        failure = 'not zip'
        return
      }
      total += data.length
      if (total > budget) {
        failure = 'too large'
        file.terminate()
        return
      }
      chunks.push(data)
      if (final) entries[file.name] = concatBytes(chunks)
    }
    file.start()
  })
  unzipper.register(UnzipInflate)
  try {
    for (let at = 0; at < bytes.length && !failure; at += PUSH_STEP) {
      unzipper.push(bytes.subarray(at, at + PUSH_STEP), at + PUSH_STEP >= bytes.length)
    }
  } catch {
    failure ??= 'not zip'
  }
  return failure ?? entries
}

function concatBytes(chunks: Uint8Array[]): Uint8Array {
  if (chunks.length === 1 && chunks[0]) return chunks[0]
  const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0))
  let at = 0
  for (const chunk of chunks) {
    out.set(chunk, at)
    at += chunk.length
  }
  return out
}

/** Every file keeps its path under `skills/` (weather.md stays weather.md), so an export imports back as the same files. */
export function archivePath(file: SkillFile): string {
  return `skills/${file.path}`
}

/** A relative, normalised path inside the workspace (no `..`, no absolute or hidden parts). */
function isWorkspacePath(path: string): boolean {
  return path !== '' && path.split('/').every((part) => part !== '' && part !== '..' && !isLeftAlone(part))
}

function utf8(data: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data)
  } catch {
    return null
  }
}

export function zipWorkspace(archive: WorkspaceArchive): Uint8Array {
  const entries: Record<string, Uint8Array> = {}
  for (const file of archive.files) entries[archivePath(file)] = strToU8(file.text)
  if (archive.settings) entries[RESOURCES] = strToU8(JSON.stringify(archive.settings, null, 2))
  return zipSync(entries, { level: 6 })
}

export type UnzipResult = { ok: true; archive: ArchiveContents } | { ok: false; error: Message }

/** Reads skills from a zip: `skills/...` if present, else any SKILL.md / top-level .md. */
export function unzipWorkspace(bytes: Uint8Array): UnzipResult {
  // Every file comes back (a skill's references and scripts too); folders and system litter do not.
  const entries = inflateZip(bytes)
  if (entries === 'too large') return { ok: false, error: message('archive.tooLarge') }
  if (entries === 'not zip') return { ok: false, error: message('archive.notZip') }
  const names = Object.keys(entries)
  const root = names.some((name) => name.startsWith('skills/'))
    ? 'skills/'
    : (names.find((name) => name.endsWith('/skills/SKILL.md'))?.replace(/SKILL\.md$/, '') ?? '')
  const files: SkillFile[] = []
  const leftOut: string[] = []
  for (const [name, data] of Object.entries(entries)) {
    if (!name.startsWith(root) || name === RESOURCES) continue
    const path = name.slice(root.length)
    if (!isWorkspacePath(path)) continue
    const text = utf8(data)
    // The workspace holds text; a binary file (an image, an archive) is left out rather than
    // mangled, and the import's report names it.
    if (text === null) leftOut.push(path)
    else files.push({ path, text })
  }
  let settings: ArchiveContents['settings']
  const resourceEntry = entries[RESOURCES]
  if (resourceEntry) {
    let value: unknown
    try {
      value = JSON.parse(strFromU8(resourceEntry))
    } catch {
      return { ok: false, error: message('archive.badJson', { file: RESOURCES }) }
    }
    const decoded = decodeSavedWorkspace(value, { requireFiles: false })
    if (!decoded.ok)
      return { ok: false, error: message('archive.badSettings', { file: RESOURCES, reason: formatMessage(decoded.message) }) }
    const { files: _none, ...rest } = decoded.workspace
    settings = rest
  }
  if (!files.some((file) => isSkillPath(file.path))) return { ok: false, error: message('archive.noSkills') }
  return { ok: true, archive: { files, ...(settings ? { settings } : {}), ...(leftOut.length > 0 ? { leftOut } : {}) } }
}
