import {
  decodeEvalCaseShare,
  decodeRunShare,
  decodeShare,
  encodeShare,
  type DecodeResult,
  type EvalCaseDecodeResult,
  type RunDecodeResult,
  type SharePayload,
} from '../core/share'

/** The full link for a payload: `base` (a public address) or this page's address, with the payload in the fragment. */
export function shareUrl(payload: SharePayload, base?: string): string {
  return `${base ?? `${window.location.origin}${window.location.pathname}`}#${encodeShare(payload)}`
}

/**
 * Reads the share link in the address bar, if there is one, and removes it from the address bar
 * so a reload does not open it twice. Null when the address has no share link.
 */
export function takeShareFromLocation(): DecodeResult | null {
  const result = decodeShare(window.location.hash)
  if (!result) return null
  history.replaceState(null, '', window.location.pathname + window.location.search)
  return result
}

/** Reads a run link in the address bar, if there is one, and removes it from the address bar (docs/share-links.md). */
export function takeRunShareFromLocation(): RunDecodeResult | null {
  const result = decodeRunShare(window.location.hash)
  if (!result) return null
  history.replaceState(null, '', window.location.pathname + window.location.search)
  return result
}

/** Reads an eval case link in the address bar, if there is one, and removes it from the address bar (docs/share-links.md). */
export function takeEvalCaseShareFromLocation(): EvalCaseDecodeResult | null {
  const result = decodeEvalCaseShare(window.location.hash)
  if (!result) return null
  history.replaceState(null, '', window.location.pathname + window.location.search)
  return result
}
