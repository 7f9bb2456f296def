/**
 * Short links on a team server (docs/share-links.md, "Short links"): the server keeps a link's
 * content (a workspace's `s1.`, a run's `r1.` or an eval case's `e1.` text) under the hash of
 * that content, and the short link carries only the hash: `#t1.<32 hex digits>`. The rules a
 * short link follows live here once: the id's form, the size cap, the address on the server, and
 * which content may be stored (exactly what a pasted link may hold, read by the same decoders).
 */
import { message, type Message } from '../messages'
import { decodeEvalCaseShare, encodeEvalCaseShare } from './evalCaseShareCodec'
import { decodeRunShare, encodeRunShare } from './runShareCodec'
import { decodeShare, encodeShare } from './shareCodec'

/** The fragment of a short link: `t1.<id>`. */
export const SHORT_LINK_PREFIX = 't1.'
/** Where the team server keeps short links, relative to the page (it may live under a sub-path). */
export const SHORT_LINKS_PATH = 'api/share'
/** The most link text one short link may keep: a link's content, not a file store. */
export const MAX_SHORT_LINK_CHARS = 1_000_000
/**
 * The most a team server keeps in SHARE_DIR altogether, in bytes, unless SHARE_MAX_BYTES says
 * otherwise: a full folder refuses new links (old ones still open) instead of filling the disk.
 */
export const DEFAULT_SHARE_MAX_BYTES = 500 * 1024 * 1024
/** The short link format this page reads (`t1.`). */
const SHORT_LINK_VERSION = 1
/** An id is the first 128 bits of the SHA-256 of the stored text, in lower-case hex. */
const SHORT_LINK_ID = /^[0-9a-f]{32}$/

/** Whether the page can make short links: `static`, no server beside it; `off`, a server that keeps none; `unknown`, its answer could not be read. */
export type ShortLinkOffer = 'available' | 'static' | 'off' | 'unknown'

export function isShortLinkId(id: string): boolean {
  return SHORT_LINK_ID.test(id)
}

export function shortLinkFragment(id: string): string {
  return `${SHORT_LINK_PREFIX}${id}`
}

/**
 * Reads a fragment (with or without `#`): the id of a short link, a clear error for a `t1.`
 * fragment whose id is not one, or null when it is no short link at all.
 */
export function readShortLinkFragment(fragment: string): { ok: true; id: string } | { ok: false; error: Message } | null {
  const text = fragment.replace(/^#/, '')
  const version = /^t(\d+)\./.exec(text)
  if (!version) return null
  // A later format says so, as a newer s/r/e link does; an older or malformed one is unknown.
  if (Number(version[1]) > SHORT_LINK_VERSION)
    return { ok: false, error: message('share.newer', { version: version[1] ?? '', supported: SHORT_LINK_VERSION }) }
  if (!text.startsWith(SHORT_LINK_PREFIX)) return { ok: false, error: message('share.unknownFormat') }
  const id = text.slice(SHORT_LINK_PREFIX.length)
  return isShortLinkId(id) ? { ok: true, id } : { ok: false, error: message('shortLink.badId') }
}

export type StoredLinkCheck = { ok: true; link: string } | { ok: false; error: Message }

/**
 * Whether `text` may be kept as a short link, and its canonical form: the content read by the
 * decoder a pasted link of its kind goes through (the same caps and checks), then written again,
 * so unknown fields are dropped and the same content always gives the same text, hence the same id.
 */
export function canonicalStoredLink(text: string): StoredLinkCheck {
  if (text.length > MAX_SHORT_LINK_CHARS)
    return {
      ok: false,
      error: message('shortLink.tooLarge', {
        length: text.length.toLocaleString('en'),
        limit: MAX_SHORT_LINK_CHARS.toLocaleString('en'),
      }),
    }
  const run = decodeRunShare(text)
  if (run) return run.ok ? { ok: true, link: encodeRunShare(run.shared) } : run
  const evalCase = decodeEvalCaseShare(text)
  if (evalCase) return evalCase.ok ? { ok: true, link: encodeEvalCaseShare(evalCase.shared) } : evalCase
  const share = decodeShare(text)
  if (share) return share.ok ? { ok: true, link: encodeShare(share.payload) } : share
  return { ok: false, error: message('share.notOurs') }
}
