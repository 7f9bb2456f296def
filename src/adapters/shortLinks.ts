/**
 * Short links on the team server (docs/share-links.md, "Short links"): whether the server that
 * serves this page keeps them (from its features answer, so a static copy is never asked), storing
 * a link's content there, and reading it back. The team token goes with each request, as with the
 * rest of the API; a link's content leaves the page only when the user asks for a short link.
 */
import { message, type Message } from '../core/messages'
import { isShortLinkId, MAX_SHORT_LINK_CHARS, SHORT_LINKS_PATH, type ShortLinkOffer } from '../core/share'
import { TOKEN_HEADER } from './proxyStatus'
import { serverFeatures } from './serverFeatures'

export async function shortLinkOffer(): Promise<ShortLinkOffer> {
  const features = await serverFeatures()
  if (!features) return 'unknown'
  if (!features.server) return 'static'
  return features.shortLinks ? 'available' : 'off'
}

export type ShortLinkAnswer<T> = { ok: true; value: T } | { ok: false; error: Message; locked?: boolean }

const headers = (token: string): Record<string, string> => ({ accept: 'application/json', ...(token ? { [TOKEN_HEADER]: token } : {}) })

/** Keeps `link` (the text after `#` of a share link) on the server; its id (checked to be one), or why not. */
export async function storeShortLink(link: string, token: string): Promise<ShortLinkAnswer<string>> {
  return ask(
    () =>
      fetch(SHORT_LINKS_PATH, {
        method: 'POST',
        headers: { ...headers(token), 'content-type': 'application/json' },
        body: JSON.stringify({ link }),
      }),
    // An answer that is not an id (a proxy's page, another server) never becomes a link.
    (body) => (typeof body.id === 'string' && isShortLinkId(body.id) ? body.id : null),
  )
}

/** The link text kept under `id` (already checked to be an id), or why it cannot be had. */
export async function fetchShortLink(id: string, token: string): Promise<ShortLinkAnswer<string>> {
  return ask(
    () => fetch(`${SHORT_LINKS_PATH}/${id}`, { headers: headers(token), cache: 'no-store' }),
    (body) => (typeof body.link === 'string' ? body.link : null),
  )
}

async function ask(
  send: () => Promise<Response>,
  read: (body: Record<string, unknown>) => string | null,
): Promise<ShortLinkAnswer<string>> {
  let response: Response
  try {
    response = await send()
  } catch (error) {
    return { ok: false, error: message('shortLink.unavailable', { reason: error instanceof Error ? error.message : String(error) }) }
  }
  let body: Record<string, unknown> = {}
  try {
    body = (await response.json()) as Record<string, unknown>
  } catch {
    // A host that answers with the page, or a proxy's error page: said below by its status.
  }
  if (response.ok) {
    const value = read(body)
    if (value !== null) return { ok: true, value }
  }
  const error = (body.error ?? {}) as { type?: unknown; message?: unknown; limit?: unknown }
  if (response.status === 401) return { ok: false, error: message('shortLink.locked'), locked: true }
  if (error.type === 'full')
    return { ok: false, error: message('shortLink.full', { limit: typeof error.limit === 'string' ? error.limit : 'SHARE_MAX_BYTES' }) }
  if (error.type === 'too_large')
    return { ok: false, error: message('shortLink.tooLargeSent', { limit: MAX_SHORT_LINK_CHARS.toLocaleString('en') }) }
  if (error.type === 'not_found') return { ok: false, error: message('shortLink.notFound') }
  if (error.type === 'damaged') return { ok: false, error: message('shortLink.damagedStored') }
  if (error.type === 'bad_id') return { ok: false, error: message('shortLink.badId') }
  return {
    ok: false,
    error: message('shortLink.unavailable', {
      reason: typeof error.message === 'string' ? error.message : `HTTP ${response.status}`,
    }),
  }
}
