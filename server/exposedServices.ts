/**
 * What a server started on a non-loopback HOST would give to everyone who can reach it
 * (refusalToStart in accessControl.ts decides whether that needs a token): the model key, MCP
 * servers, and a short link folder, which anyone could fill with files.
 */
import { refusalToStart, type AccessSettings } from './accessControl'

const SHORT_LINK_FOLDER = 'a short link folder anyone could write to (SHARE_DIR)'

export interface ServedServices {
  apiKey: boolean
  mcpCount: number
  /** Whether short links are kept (a SHARE_DIR that can be written, not SHARE_DIR=off). */
  shortLinks: boolean
}

export function exposedServices({ apiKey, mcpCount, shortLinks }: ServedServices): string[] {
  return [
    ...(apiKey ? ['the OpenAI key'] : []),
    ...(mcpCount > 0 ? [`${mcpCount} MCP server${mcpCount === 1 ? '' : 's'}`] : []),
    ...(shortLinks ? [SHORT_LINK_FOLDER] : []),
  ]
}

/**
 * Why `npm run serve` must not start, or null: refusalToStart, and where short links are exposed
 * one more way out, since a server that ran open before short links existed refuses after an
 * upgrade only because of them.
 */
export function startRefusal(host: string, services: ServedServices, access: AccessSettings): string | null {
  const exposed = exposedServices(services)
  const refusal = refusalToStart(host, exposed, access)
  if (!refusal || !services.shortLinks) return refusal
  return `${refusal}\nOr set SHARE_DIR=off: the server then keeps no short links${exposed.length > 1 ? ' (the rest above still needs the token or the proxy)' : ' and exposes nothing'}.`
}
