/**
 * Above this the catalog crowds the clients' skill-listing budgets (Claude Code: 1% of the context
 * window; Codex: 2%; docs/clients.md). The Catalog budget view lays the listing out per client.
 */
export const CATALOG_TOKEN_BUDGET = 4000

/**
 * The token meter counts at most this many characters of a text (a skill body or the catalog) and
 * says "at least" beyond it: counting grows with the text, and a meter is no reason to wait.
 */
export const MAX_COUNTED_CHARS = 300_000

export interface TokenCount {
  tokens: number
  /** True when only the first MAX_COUNTED_CHARS characters were counted. */
  capped: boolean
}

/** The part of `text` the meter counts. */
export function countedPart(text: string): { text: string; capped: boolean } {
  return text.length > MAX_COUNTED_CHARS ? { text: text.slice(0, MAX_COUNTED_CHARS), capped: true } : { text, capped: false }
}
