/**
 * The activation threshold and its limits: one rule for every way a threshold enters the app
 * (the slider, a shared link, a restored snapshot, the command line). See docs/routing.md.
 */

export const DEFAULT_THRESHOLD = 0.3
/** A final score can reach 1.3 (everything covered, with the multi-keyword bonus); 2 leaves room. */
export const THRESHOLD_MIN = 0
export const THRESHOLD_MAX = 2

/** Any value made into a usable threshold: clamped into range; not a finite number means the default. */
export function normalizeThreshold(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return DEFAULT_THRESHOLD
  return Math.min(Math.max(value, THRESHOLD_MIN), THRESHOLD_MAX)
}

/** Reads a threshold someone typed (a CLI flag): out-of-range or non-numeric text is an error, not a guess. */
export function parseThreshold(text: string): { ok: true; value: number } | { ok: false; error: string } {
  const value = text.trim() === '' ? Number.NaN : Number(text)
  if (!Number.isFinite(value)) return { ok: false, error: `the threshold must be a number, not "${text}"` }
  if (value < THRESHOLD_MIN || value > THRESHOLD_MAX)
    return { ok: false, error: `the threshold must be between ${THRESHOLD_MIN} and ${THRESHOLD_MAX}, not ${value}` }
  return { ok: true, value }
}

/**
 * The longest test utterance routed keystroke by keystroke. Routing, highlighting and the hints
 * grow with the length of the message; a pasted book would stall typing, and a user message to an
 * agent is rarely longer than this.
 */
export const MAX_UTTERANCE_LENGTH = 2000

/** An utterance made fit to route: cut at the limit (on a code point boundary). */
export function normalizeUtterance(text: string): string {
  if (text.length <= MAX_UTTERANCE_LENGTH) return text
  const cut = text.slice(0, MAX_UTTERANCE_LENGTH)
  return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut
}
