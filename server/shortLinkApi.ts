/**
 * Short links (docs/share-links.md, "Short links"): GET api/share says whether this server keeps them; POST api/share keeps a link's content in
 * SHARE_DIR under the hash of its canonical form and answers the id; GET api/share/<id> gives the
 * content back. The same content always gets the same id, so sharing twice stores one file. What
 * may be kept is exactly what a pasted link may hold (canonicalStoredLink in core: the same
 * decoders, the same caps). A read checks only that the file still hashes to its id: what store
 * wrote passed the decoder then, and the page that opens it decodes it again. The folder holds at
 * most SHARE_MAX_BYTES altogether. The team token is checked before this handler, as for the rest
 * of the API (playgroundServer.ts).
 */
import { createHash, randomBytes } from 'node:crypto'
import { accessSync, constants, mkdirSync, readdirSync, statSync } from 'node:fs'
import { readFile, rename, stat, unlink, writeFile } from 'node:fs/promises'
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

/** The id of a canonical link text: the first 128 bits of its SHA-256, in hex. */
export function shortLinkId(link: string): string {
  return createHash('sha256').update(link, 'utf8').digest('hex').slice(0, 32)
}

export interface ShortLinkApi {
  /** Whether the folder could be created and written: when not, short links are not offered. */
  available: boolean
  /** Why not, for the server's start-up log. */
  problem: string | null
  dir: string
  /** Connect-style: answers api/share and api/share/<id>, passes every other request on. */
  handle: (request: IncomingMessage, response: ServerResponse, next: () => void) => void
}

export interface ShortLinkOptions {
  /** The most the folder holds altogether (SHARE_MAX_BYTES); DEFAULT_SHARE_MAX_BYTES when absent. */
  maxBytes?: number
  now?: () => number
}

/** Creates the folder on demand; a folder that cannot be written turns short links off (the page then offers long links and files). */
export function createShortLinkApi(
  dir: string,
  { maxBytes = DEFAULT_SHARE_MAX_BYTES, now = Date.now }: ShortLinkOptions = {},
): ShortLinkApi {
  let problem: string | null = null
  try {
    // Links are whatever colleagues shared: readable by the server's own user only.
    mkdirSync(dir, { recursive: true, mode: 0o700 })
    accessSync(dir, constants.W_OK)
  } catch (error) {
    problem = `SHARE_DIR ${dir} cannot be written (${error instanceof Error && 'code' in error ? String(error.code) : 'error'}): short links are off.`
  }
  const available = problem === null
  const limited = createRateLimiter(now)
  const limitedReads = createRateLimiter(now)
  const fileOf = (id: string) => join(dir, `${id}.link`)
  // What the folder holds, counted from disk at start and again before refusing (links removed by
  // hand free their room), kept up to date by each write in between.
  const countBytes = () => {
    let total = 0
    for (const name of readdirSync(dir))
      if (name.endsWith('.link'))
        try {
          total += statSync(join(dir, name)).size
        } catch {
          // Removed while counting.
        }
    return total
  }
  let used = available ? countBytes() : 0
  /** Room for `bytes` more, reserved; false when the folder is full even after counting again. */
  const reserve = (bytes: number) => {
    if (used + bytes > maxBytes) used = countBytes()
    if (used + bytes > maxBytes) return false
    used += bytes
    return true
  }

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
    const bytes = Buffer.byteLength(checked.link, 'utf8')
    // The same content again takes no new room (its file is written over with the same bytes).
    const existing = await stat(fileOf(id)).then(
      (found) => found.size,
      () => null,
    )
    if (existing === null && !reserve(bytes)) {
      const limit = byteSize(maxBytes)
      // The limit travels beside the message, so the page says it in its own language.
      return sendJson(response, 507, {
        error: { message: formatMessage({ key: 'shortLink.full', params: { limit } }), type: 'full', limit },
      })
    }
    // Written beside its final name and renamed over it: a reader never sees half a file.
    const temporary = join(dir, `.${id}.${randomBytes(6).toString('hex')}.tmp`)
    try {
      await writeFile(temporary, checked.link, { encoding: 'utf8', mode: 0o600 })
      await rename(temporary, fileOf(id))
    } catch (error) {
      if (existing === null) used -= bytes
      await unlink(temporary).catch(() => {})
      throw error
    }
    // A damaged file healed by the same content: its room is counted as what is there now.
    if (existing !== null) used += bytes - existing
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

  return { available, problem, dir, handle }
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
