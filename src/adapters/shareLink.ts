import { decodeShare, encodeShare, type SharePayload } from '../core/share'
import type { PlaygroundStore } from '../state/createPlaygroundStore'

/** The full link for a payload: this page's address with the payload in the fragment. */
export function shareUrl(payload: SharePayload): string {
  return `${window.location.origin}${window.location.pathname}#${encodeShare(payload)}`
}

/**
 * Opens the share link in the address bar, if any, as a draft (or says why it cannot), then
 * removes it from the address bar so a reload does not open it twice. Nothing runs.
 */
export function openShareFromLocation(store: PlaygroundStore): void {
  const result = decodeShare(window.location.hash)
  if (!result) return
  if (result.ok) store.getState().openShared(result.payload)
  else store.getState().setShareError(result.error)
  history.replaceState(null, '', window.location.pathname + window.location.search)
}
