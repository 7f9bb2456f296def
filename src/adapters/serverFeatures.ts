/**
 * What the process serving the page offers, asked once per page (src/core/hosting): the folder,
 * the model proxy and the live tools are asked for only where they exist, so a static copy or
 * the dev server logs no failed request on every load.
 */
import { readServerFeatures, SERVER_FEATURES_PATH, type ServerFeatures } from '../core/hosting'

/** The features, or null when the answer could not be read (then each caller asks as it did before). */
export async function askServerFeatures(): Promise<ServerFeatures | null> {
  try {
    const response = await fetch(SERVER_FEATURES_PATH, { headers: { accept: 'application/json' }, cache: 'no-store' })
    // Any content type: a static host may not know .json; one that answers with the page fails to parse.
    return response.ok ? readServerFeatures(await response.json()) : null
  } catch {
    return null
  }
}

let asked: Promise<ServerFeatures | null> | null = null

/** askServerFeatures, once for the page's life: what serves the page does not change while it is open. */
export function serverFeatures(): Promise<ServerFeatures | null> {
  asked ??= askServerFeatures()
  return asked
}
