/**
 * What the process serving the page offers, asked once at one address (docs/hosting.md): the
 * server answers it, and a static copy answers it from the file the build writes there, so the
 * page asks for the model proxy, the live tools or a folder only where they exist.
 */

/** Relative to the page, which may live under a sub-path. */
export const SERVER_FEATURES_PATH = 'api/features.json'

export interface ServerFeatures {
  /** A playground server (`npm run serve`, `skill-playground open`, the dev server) stands beside the page. */
  server: boolean
  /** It edits a folder in place (`skill-playground open <dir>`). */
  folder: boolean
  /** Its API wants the team token (PLAYGROUND_TOKEN). */
  tokenRequired: boolean
  /** It keeps short links in SHARE_DIR (docs/share-links.md, "Short links"); absent: it keeps none. */
  shortLinks?: boolean
}

/** What a static copy of the page has beside it: nothing. The build writes it at SERVER_FEATURES_PATH. */
export const STATIC_FEATURES: ServerFeatures = { server: false, folder: false, tokenRequired: false }

/** The features in an answer, or null when it is not one (a host that answers every address with the page, say). */
export function readServerFeatures(value: unknown): ServerFeatures | null {
  if (typeof value !== 'object' || value === null) return null
  const { server, folder, tokenRequired, shortLinks } = value as Record<string, unknown>
  if (typeof server !== 'boolean') return null
  return {
    server,
    folder: server && folder === true,
    tokenRequired: server && tokenRequired === true,
    ...(server && shortLinks === true ? { shortLinks: true } : {}),
  }
}
