/**
 * Short links (docs/share-links.md, "Short links"): GET api/share says whether this server keeps them; POST api/share keeps a link's content in
 * SHARE_DIR under the hash of its canonical form and answers the id; GET api/share/<id> gives the
 * content back. The same content always gets the same id, so sharing twice stores one file. What
 * may be kept is exactly what a pasted link may hold (canonicalStoredLink in core: the same
 * decoders, the same caps). A read checks only that the file still hashes to its id: what store
 * wrote passed the decoder then, and the page that opens it decodes it again. The folder holds at
 * most SHARE_MAX_BYTES altogether, each file counted as at least a disk block (docs/share-links.md,
 * "How the folder is counted"). The team token is checked before this handler, as for the rest of
 * the API (playgroundServer.ts).
 */
import { createHash, randomBytes } from 'node:crypto'
import { accessSync, constants, mkdirSync, statSync } from 'node:fs'
import { readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { join, resolve } from 'node:path'
import { canonicalStoredLink, DEFAULT_SHARE_MAX_BYTES, isShortLinkId, MAX_SHORT_LINK_CHARS, SHORT_LINKS_PATH } from '../src/core/share'
import { formatMessage } from '../src/core/messages'
import { createRateLimiter, fail, readJsonBody, RequestRefusal, sameOrigin, sendJson } from './requestGuard'

const ROUTE = `/${SHORT_LINKS_PATH}`
/** The JSON around the link text: `{"link": "…"}` with room for escapes. */
const MAX_BODY_BYTES = MAX_SHORT_LINK_CHARS + 1024
const WRITES_PER_MINUTE = 60
/** Reads are cheap (a file and a hash) but each one is a disk read of up to a few MB: bounded per client too. */
const READS_PER_MINUTE = 600

/**
 * What one link costs against SHARE_MAX_BYTES: its bytes, and at least one disk block, since the
 * shortest file still takes a block and an inode; counting link bytes alone would let many tiny
 * links fill the disk before the folder counted as full.
 */
export const SHORT_LINK_FILE_MIN_BYTES = 4096
/** A file's cost against SHARE_MAX_BYTES (SHORT_LINK_FILE_MIN_BYTES). */
export function shortLinkDiskBytes(size: number): number {
  return Math.max(size, SHORT_LINK_FILE_MIN_BYTES)
}
/**
 * The folder is counted again when its mtime changed (a link added or removed) or this long after
 * the last count (a file edited in place changes no mtime of its folder).
 */
const RECOUNT_AFTER_MS = 60_000
/**
 * A folder's mtime has the file system's granularity (a clock tick, or whole seconds on some), so
 * a change soon after a count can leave it as it was: a count made while the folder was this
 * recently changed is not trusted to spot the next change, and the next refusal counts again.
 */
const MTIME_GRANULARITY_MS = 2_000
/** Files looked at together while counting: bounded, so a large folder does not queue every stat at once. */
const STAT_BATCH = 64
/** The value of SHARE_DIR that turns short links off, spelled as LIVE_TOOLS=off. */
const OFF = 'off'

/** SHARE_DIR, or `data/shares` beside the built app when it is not set. */
export function shareDirFrom(env: Record<string, string | undefined>, projectRoot: string): string {
  return resolve(env.SHARE_DIR?.trim() || join(projectRoot, 'data', 'shares'))
}

/** SHARE_MAX_BYTES (a whole number of bytes), or the default; null with a reason when it is set to something else. */
export function shareMaxBytesFrom(env: Record<string, string | undefined>): { bytes: number } | { problem: string } {
  const raw = env.SHARE_MAX_BYTES?.trim()
  if (!raw) return { bytes: DEFAULT_SHARE_MAX_BYTES }
  const bytes = Number(raw)
  return Number.isSafeInteger(bytes) && bytes > 0
    ? { bytes }
    : { problem: `SHARE_MAX_BYTES must be a whole number of bytes above 0, not "${raw}".` }
}

/**
 * Whether `npm run serve` keeps short links, and where: `off` (with why) for SHARE_DIR=off, or for
 * a folder edited in place (one person's, on loopback) unless SHARE_DIR asks for them; `problem`
 * when SHARE_MAX_BYTES is not a size.
 */
export function shortLinkSettingsFrom(
  env: Record<string, string | undefined>,
  projectRoot: string,
  { editingFolder = false }: { editingFolder?: boolean } = {},
): { off: string } | { problem: string } | { dir: string; maxBytes: number } {
  const raw = env.SHARE_DIR?.trim()
  if (raw?.toLowerCase() === OFF) return { off: 'SHARE_DIR=off' }
  if (editingFolder && !raw) return { off: 'a folder edited in place keeps none unless SHARE_DIR is set' }
  const max = shareMaxBytesFrom(env)
  return 'problem' in max ? max : { dir: shareDirFrom(env, projectRoot), maxBytes: max.bytes }
}

/** The id of a canonical link text: the first 128 bits of its SHA-256, in hex. */
export function shortLinkId(link: string): string {
  return createHash('sha256').update(link, 'utf8').digest('hex').slice(0, 32)
}

export interface ShortLinkApi {
  /** Whether the folder could be created and written: when not, short links are not offered. */
  available: boolean
  /** Why not, for the server's start-up log. */
  problem: string | null
  /** A folder that other users may list or change (its mode), said once at start. */
  warning: string | null
  dir: string
  /** Connect-style: answers api/share and api/share/<id>, passes every other request on. */
  handle: (request: IncomingMessage, response: ServerResponse, next: () => void) => void
}

export interface ShortLinkOptions {
  /** The most the folder holds altogether (SHARE_MAX_BYTES); DEFAULT_SHARE_MAX_BYTES when absent. */
  maxBytes?: number
  now?: () => number
  /** Lists the folder when counting it; a test counts the calls. */
  list?: (dir: string) => Promise<string[]>
  /** Writes a link's temporary file; a test holds it back to see writes in flight. */
  write?: (file: string, text: string) => Promise<void>
}

/** Creates the folder on demand; a folder that cannot be written turns short links off (the page then offers long links and files). */
export function createShortLinkApi(
  dir: string,
  {
    maxBytes = DEFAULT_SHARE_MAX_BYTES,
    now = Date.now,
    list = (folder) => readdir(folder),
    write = (file, text) => writeFile(file, text, { encoding: 'utf8', mode: 0o600 }),
  }: ShortLinkOptions = {},
): ShortLinkApi {
  let problem: string | null = null
  let warning: string | null = null
  try {
    // Links are whatever colleagues shared: readable by the server's own user only.
    mkdirSync(dir, { recursive: true, mode: 0o700 })
    accessSync(dir, constants.W_OK)
    // mkdir's mode applies only to a folder it creates. An existing open folder is reported, not
    // changed: its owner may have opened it on purpose (a backup user's group).
    const mode = statSync(dir).mode & 0o777
    if (mode & 0o077 && process.platform !== 'win32')
      warning = `Short links: SHARE_DIR ${dir} is open to other users of this machine (mode ${mode.toString(8)}): they may list or change its files, and each file name is a short link's id. Run chmod 700 on it unless that is meant.`
  } catch (error) {
    problem = `SHARE_DIR ${dir} cannot be written (${error instanceof Error && 'code' in error ? String(error.code) : 'error'}): short links are off.`
  }
  const available = problem === null
  const limited = createRateLimiter(now)
  const limitedReads = createRateLimiter(now)
  const fileOf = (id: string) => join(dir, `${id}.link`)

  // What the folder holds (docs/share-links.md, "How the folder is counted"): `counted` is the
  // folder as last counted plus the writes finished since; `inFlight` the room reserved by writes
  // not finished yet, whose temporary files a count skips. The room used is counted + inFlight.
  let counted = 0
  let inFlight = 0
  let countedAt: number | null = null
  let countedMtime: number | null = null
  let countedSoonAfterChange = true
  let counting: Promise<void> | null = null
  // Writes finished while a count was listing: the listing may or may not have seen them.
  let settledWhileCounting = 0
  const temporaries = new Set<string>()
  const folderMtime = () =>
    stat(dir).then(
      (found) => found.mtimeMs,
      () => null,
    )
  /** Counts the folder from disk, asynchronously; a count already under way is shared. */
  const count = () =>
    (counting ??= (async () => {
      try {
        // Read before listing: a change during the listing makes the next refusal count again.
        const mtime = await folderMtime()
        // The file system's clock, not the injected one: the mtime is its reading.
        const soonAfterChange = mtime === null || Date.now() - mtime < MTIME_GRANULARITY_MS
        settledWhileCounting = 0
        const names = await list(dir)
        let total = 0
        for (let start = 0; start < names.length; start += STAT_BATCH) {
          // Leftover temporary files of an interrupted write take room too; those being written are in inFlight.
          const kept = names
            .slice(start, start + STAT_BATCH)
            .filter((name) => name.endsWith('.link') || (name.endsWith('.tmp') && !temporaries.has(name)))
          const sizes = await Promise.all(
            kept.map((name) =>
              stat(join(dir, name)).then(
                (found) => (found.isFile() ? shortLinkDiskBytes(found.size) : 0),
                // Removed while counting.
                () => 0,
              ),
            ),
          )
          for (const size of sizes) total += size
        }
        counted = total + settledWhileCounting
        countedAt = now()
        countedMtime = mtime
        countedSoonAfterChange = soonAfterChange
      } finally {
        counting = null
      }
    })())
  if (available) count().catch(() => {})
  /** Whether the folder may hold other than last counted (links removed by hand free room): it changed, or the last count is old. */
  const worthCounting = async () =>
    counting !== null ||
    countedAt === null ||
    countedSoonAfterChange ||
    now() - countedAt >= RECOUNT_AFTER_MS ||
    (await folderMtime()) !== countedMtime
  /** Room for `bytes` more, reserved in inFlight; false when the folder is full even after counting again. */
  const reserve = async (bytes: number) => {
    if (countedAt === null) await count()
    if (counted + inFlight + bytes > maxBytes && (await worthCounting())) await count()
    if (counted + inFlight + bytes > maxBytes) return false
    inFlight += bytes
    return true
  }
  /** A write finished: what it added (or freed) is now on disk. */
  const settle = (change: number) => {
    counted += change
    if (counting) settledWhileCounting += Math.max(change, 0)
  }

  /** Keeps a canonical link under its id: false when the folder has no room for it. */
  const keep = async (id: string, link: string): Promise<boolean> => {
    const bytes = Buffer.byteLength(link, 'utf8')
    const existing = await stat(fileOf(id)).then(
      (found) => found.size,
      () => null,
    )
    // The same content again is already kept: nothing is written, so the folder does not change
    // (a write would move its mtime, and a full folder would be counted again for the next link).
    if (existing === bytes && (await readFile(fileOf(id), 'utf8').catch(() => null)) === link) return true
    // A damaged file healed by the same content takes what it grows by, within the cap too.
    const change = shortLinkDiskBytes(bytes) - (existing === null ? 0 : shortLinkDiskBytes(existing))
    const reserved = Math.max(change, 0)
    if (reserved > 0 && !(await reserve(reserved))) return false
    // Written beside its final name and renamed over it: a reader never sees half a file.
    const name = `.${id}.${randomBytes(6).toString('hex')}.tmp`
    const temporary = join(dir, name)
    temporaries.add(name)
    try {
      await write(temporary, link)
      await rename(temporary, fileOf(id))
    } catch (error) {
      await unlink(temporary).catch(() => {})
      throw error
    } finally {
      temporaries.delete(name)
      inFlight -= reserved
    }
    settle(change)
    return true
  }
  // One write per id at a time: the same link shared twice at once reserves its room once.
  const writing = new Map<string, Promise<boolean>>()

  const store = async (request: IncomingMessage, response: ServerResponse) => {
    if (!sameOrigin(request)) return fail(response, 403, 'Cross-origin requests are refused.', 'forbidden')
    if (limited(request, WRITES_PER_MINUTE)) return fail(response, 429, 'Too many short links at once; wait a minute.', 'rate_limited')
    let body: unknown
    try {
      body = await readJsonBody(request, MAX_BODY_BYTES)
    } catch (error) {
      if (error instanceof RequestRefusal && error.status === 413)
        return fail(response, 413, tooLargeMessage(request.headers['content-length']), 'too_large')
      if (error instanceof RequestRefusal) return fail(response, error.status, error.message, 'bad_request')
      throw error
    }
    const link = typeof body === 'object' && body !== null ? (body as { link?: unknown }).link : undefined
    if (typeof link !== 'string') return fail(response, 400, 'Send {"link": "<the text after # of a share link>"}.', 'bad_request')
    const checked = canonicalStoredLink(link.replace(/^#/, ''))
    if (!checked.ok)
      return fail(response, checked.error.key === 'shortLink.tooLarge' ? 413 : 422, formatMessage(checked.error), 'not_a_link')
    const id = shortLinkId(checked.link)
    const earlier = writing.get(id)
    const mine = (earlier ?? Promise.resolve(true)).catch(() => true).then(() => keep(id, checked.link))
    writing.set(id, mine)
    let kept: boolean
    try {
      kept = await mine
    } finally {
      if (writing.get(id) === mine) writing.delete(id)
    }
    if (!kept) {
      const limit = byteSize(maxBytes)
      // The limit travels beside the message, so the page says it in its own language.
      return sendJson(response, 507, {
        error: { message: formatMessage({ key: 'shortLink.full', params: { limit } }), type: 'full', limit },
      })
    }
    sendJson(response, 200, { id })
  }

  const read = async (request: IncomingMessage, id: string, response: ServerResponse) => {
    if (!isShortLinkId(id)) return fail(response, 400, 'A short link id is 32 lower-case hexadecimal digits.', 'bad_id')
    if (limitedReads(request, READS_PER_MINUTE))
      return fail(response, 429, 'Too many short links read at once; wait a minute.', 'rate_limited')
    let text: string
    try {
      // A file grown past the cap on disk is not read into memory.
      if ((await stat(fileOf(id))).size > MAX_SHORT_LINK_CHARS * 4) return damaged(response, 'it is larger than any short link')
      text = await readFile(fileOf(id), 'utf8')
    } catch (error) {
      if (error instanceof Error && 'code' in error && error.code === 'ENOENT')
        return fail(response, 404, 'No short link with this id on this server.', 'not_found')
      throw error
    }
    // The hash proves the file is what store wrote after the decoder passed it; the page decodes it again.
    if (shortLinkId(text) !== id) return damaged(response, 'its content does not match its id')
    sendJson(response, 200, { link: text })
  }

  const handle = (request: IncomingMessage, response: ServerResponse, next: () => void) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/'
    if (path !== ROUTE && !path.startsWith(`${ROUTE}/`)) return next()
    // What the page asks before it offers a short link: answered either way, so asking logs no error.
    if (path === ROUTE && request.method === 'GET')
      return sendJson(response, 200, { shortLinks: available, maxChars: MAX_SHORT_LINK_CHARS })
    if (!available) return fail(response, 404, 'This server keeps no short links.', 'not_found')
    const answer =
      path === ROUTE
        ? request.method === 'POST'
          ? store(request, response)
          : Promise.resolve(fail(response, 405, 'POST a link to store it, GET to ask whether short links are kept.', 'method_not_allowed'))
        : request.method === 'GET'
          ? read(request, path.slice(ROUTE.length + 1), response)
          : Promise.resolve(fail(response, 405, 'GET a short link to read it.', 'method_not_allowed'))
    answer.catch((error: unknown) => {
      if (!response.headersSent)
        fail(
          response,
          500,
          `Could not use the short link folder (${error instanceof Error && 'code' in error ? String(error.code) : 'error'}).`,
          'server_error',
        )
    })
  }

  return { available, problem, warning, dir, handle }
}

function damaged(response: ServerResponse, reason: string) {
  fail(response, 422, `The content kept for this short link is damaged: ${reason}`, 'damaged')
}

/** A body refused while it was read: its length when it was announced; a chunked one was cut off unmeasured. */
function tooLargeMessage(announced: string | undefined) {
  const length = Number(announced)
  const limit = MAX_SHORT_LINK_CHARS.toLocaleString('en')
  return formatMessage(
    announced !== undefined && Number.isFinite(length) && length > 0
      ? { key: 'shortLink.tooLarge', params: { length: length.toLocaleString('en'), limit } }
      : { key: 'shortLink.tooLargeSent', params: { limit } },
  )
}

/** A folder's size as a person reads it: `500 MB`, `2.5 MB`, or bytes under a megabyte. */
function byteSize(bytes: number) {
  const megabytes = bytes / (1024 * 1024)
  return megabytes >= 1 ? `${Number(megabytes.toFixed(1)).toLocaleString('en')} MB` : `${bytes.toLocaleString('en')} bytes`
}
