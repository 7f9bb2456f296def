/**
 * The workspace as a zip: `skills/<name>/SKILL.md` for every skill (the layout the CLI and the
 * app both load) plus `playground.json`: the rest of the workspace (tool mocks, knowledge,
 * files, settings) written by the saved-workspace codec.
 */
import {
  inflateSync,
  strFromU8,
  strToU8,
  Unzip,
  UnzipInflate,
  zipSync,
  type AsyncFlateStreamHandler,
  type FlateError,
  type UnzipDecoder,
} from 'fflate'
import { isLeftAlone, isSkillPath, toolSkillPaths, type SkillFile } from '../skill'
import { formatMessage, message, type Message } from '../messages'
import { decodeSavedWorkspace, type EncodedWorkspace, type SavedWorkspace } from '../workspace'
import { finishSteps } from '../lib/finishSteps'

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
/**
 * Compressed bytes fed to the inflater at once, one step each: deflate expands each by at most
 * ~1,032×, so no step produces more than about a megabyte.
 */
const PUSH_STEP = 1024
/** Entries read (decoded, checked) per step once inflated. */
const ENTRIES_STEP = 256
/** A file declared this small, compressed into at most SMALL_COMPRESSED bytes, is inflated in one call. */
const SMALL_FILE = 1024 * 1024
const SMALL_COMPRESSED = 16 * 1024
const EMPTY = new Uint8Array(0)

/**
 * fflate's streaming inflater sets up a 32 KB window and grows a 160 KB buffer for every file, so an
 * archive of thousands of small files (skills) is spent allocating, not inflating. A small file is
 * inflated in one call instead, into a buffer of the size its header declares plus one byte: a file
 * that fills that byte lied about its size, and is inflated again as a stream, every byte counted
 * as before. Larger files, and those whose header leaves the size to a trailing descriptor, stream.
 */
class SmallFileInflate implements UnzipDecoder {
  static compression = 8
  ondata: AsyncFlateStreamHandler = () => {}
  private held: Uint8Array[] = []
  private heldBytes = 0
  private stream: UnzipInflate | null = null

  constructor(
    _name: string,
    _size?: number,
    private readonly declared?: number,
  ) {}

  push(chunk: Uint8Array, final: boolean): void {
    if (this.stream) return this.stream.push(chunk, final)
    this.held.push(chunk)
    this.heldBytes += chunk.length
    const declared = this.declared
    if (declared === undefined || declared > SMALL_FILE || this.heldBytes > SMALL_COMPRESSED) return this.streamHeld(final)
    if (!final) return
    let out: Uint8Array | null = null
    try {
      out = inflateSync(concatBytes(this.held), { out: new Uint8Array(declared + 1) })
    } catch {
      // A damaged file, or one larger than declared in a stored block: the stream says which.
    }
    if (out && out.length <= declared) this.ondata(null, out as Uint8Array<ArrayBuffer>, true)
    else this.streamHeld(true)
  }

  /** Hands what was held to a streaming inflater, and everything after it. */
  private streamHeld(final: boolean): void {
    const stream = new UnzipInflate()
    stream.ondata = (error: FlateError | null, data: Uint8Array<ArrayBuffer>, last: boolean) => this.ondata(error, data, last)
    this.stream = stream
    const held = this.held
    this.held = []
    if (held.length === 0) stream.push(EMPTY, final)
    held.forEach((chunk, i) => stream.push(chunk, final && i === held.length - 1))
  }
}

const skipped = (name: string) => name.endsWith('/') || name.startsWith('__MACOSX/') || /(^|\/)\.DS_Store$/.test(name)

/**
 * Inflates a zip as a stream, counting what comes out. The sizes a zip declares can lie (a 4 MB
 * file declaring 100 bytes and holding 4 GB), so the limit is checked on the bytes produced, and
 * the input is fed in small steps so no single step can produce more than a few megabytes. It
 * yields after each step, so a page can spread a large archive over many tasks.
 */
function* inflateZipInSteps(
  bytes: Uint8Array,
  onProgress?: (done: number, total: number) => void,
): Generator<void, Map<string, Uint8Array> | 'too large' | 'not zip'> {
  const isZip = bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5)
  if (!isZip) return 'not zip'
  // A Map: an entry may be named "__proto__".
  const entries = new Map<string, Uint8Array>()
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
      if (final) entries.set(file.name, concatBytes(chunks))
    }
    file.start()
  })
  unzipper.register(SmallFileInflate)
  for (let at = 0; at < bytes.length && !failure; at += PUSH_STEP) {
    try {
      unzipper.push(bytes.subarray(at, at + PUSH_STEP), at + PUSH_STEP >= bytes.length)
    } catch {
      failure ??= 'not zip'
    }
    onProgress?.(Math.min(at + PUSH_STEP, bytes.length), bytes.length)
    yield
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

const strictUtf8 = new TextDecoder('utf-8', { fatal: true })

function utf8(data: Uint8Array): string | null {
  try {
    return strictUtf8.decode(data)
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
  return finishSteps(unzipWorkspaceInSteps(bytes))
}

/**
 * `unzipWorkspace` a step at a time (a generator that yields between steps), for a page that lets
 * input and painting in between: an archive of twenty thousand files is many short tasks, not one
 * long one. `onProgress` hears the compressed bytes read so far.
 */
export function* unzipWorkspaceInSteps(
  bytes: Uint8Array,
  onProgress?: (done: number, total: number) => void,
): Generator<void, UnzipResult> {
  // Every file comes back (a skill's references and scripts too); folders and system litter do not.
  const entries = yield* inflateZipInSteps(bytes, onProgress)
  if (entries === 'too large') return { ok: false, error: message('archive.tooLarge') }
  if (entries === 'not zip') return { ok: false, error: message('archive.notZip') }
  const names = [...entries.keys()]
  const root = names.some((name) => name.startsWith('skills/'))
    ? 'skills/'
    : (names.find((name) => name.endsWith('/skills/SKILL.md'))?.replace(/SKILL\.md$/, '') ?? '')
  const files: SkillFile[] = []
  const leftOut: string[] = []
  let read = 0
  for (const [name, data] of entries) {
    if (++read % ENTRIES_STEP === 0) yield
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
  const resourceEntry = entries.get(RESOURCES)
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
  if (!files.some((file) => isSkillPath(file.path)) && toolSkillPaths(files.map((file) => file.path)).length === 0)
    return { ok: false, error: message('archive.noSkills') }
  return { ok: true, archive: { files, ...(settings ? { settings } : {}), ...(leftOut.length > 0 ? { leftOut } : {}) } }
}
