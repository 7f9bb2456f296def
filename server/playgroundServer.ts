/**
 * The production server: the built app from dist/ (served by sirv: pre-compressed brotli and gzip
 * files, ETags), the key-keeping model proxy, and what a team host needs: security headers,
 * cache rules, a health check, access control, and one log line per request.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import sirv from 'sirv'
import { hasAccess, hostAllowed, type AccessSettings } from './accessControl'
import type { McpHub } from './mcp/mcpHub'
import { createOpenAIProxy, type ProxySettings } from './openaiProxy'
import { createToolsApi, type LiveToolSettings, type NetworkAccess } from './toolsApi'
import { UNLOCK_PATH, type FolderApi } from './folder/folderApi'
import { createFeaturesAnswer } from './featuresAnswer'
import type { ShortLinkApi } from './shortLinkApi'
import { SHORT_LINKS_PATH } from '../src/core/share'

const SHORT_LINK_ROUTE = `/${SHORT_LINKS_PATH}`

// The app loads nothing from elsewhere; Monaco needs inline styles.
export const CSP =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; worker-src 'self' blob:; connect-src 'self' https: http://localhost:* http://127.0.0.1:*; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"

export interface PlaygroundServerOptions {
  /** The built app (dist/). */
  root: string
  proxy: () => ProxySettings
  /** The live tools and MCP servers (toolsApi.ts); absent: none are offered. */
  tools?: { settings: () => LiveToolSettings; hub: McpHub | null; network?: NetworkAccess }
  access: AccessSettings
  /** The address colleagues open (PUBLIC_URL), told to the page so its links point there. */
  publicUrl?: string
  /** Host names besides loopback that the server answers to (allowedHostsFrom). */
  allowedHosts?: readonly string[]
  /** The skills folder the page edits in place (`skill-playground open <dir>`); absent: the browser keeps the workspace. */
  folder?: FolderApi
  /** Short links kept in SHARE_DIR (shortLinkApi.ts); absent or unavailable: the page offers long links and files. */
  shortLinks?: ShortLinkApi
  log?: (line: string) => void
}

const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CSP,
  'x-content-type-options': 'nosniff',
  // Share links carry their content in the fragment; no referrer means no address leaves the page.
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
}

export function createPlaygroundServer(options: PlaygroundServerOptions): Server {
  const files = sirv(options.root, {
    dev: false,
    etag: true,
    brotli: true,
    gzip: true,
    single: true,
    // Hashed assets never change under their name; everything else is checked every time.
    setHeaders: (response, pathname) =>
      response.setHeader('cache-control', pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache'),
  })
  const proxy = createOpenAIProxy(options.proxy, Date.now, options.publicUrl)
  const tools = options.tools ? createToolsApi(options.tools.settings, options.tools.hub, options.tools.network) : null
  const log = options.log ?? ((line: string) => console.log(line))
  const features = createFeaturesAnswer(() => ({
    server: true,
    folder: options.folder !== undefined,
    tokenRequired: Boolean(options.access.token),
    ...(options.shortLinks?.available ? { shortLinks: true } : {}),
  }))

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.setHeader(name, value)
    const raw = (request.url ?? '/').split('?')[0] ?? '/'
    try {
      decodeURIComponent(raw)
    } catch {
      return end(response, 400, 'Malformed address.')
    }
    if (raw === '/healthz') return end(response, 200, 'ok')
    if (!hostAllowed(request.headers.host, options.allowedHosts ?? []))
      return end(response, 403, 'Unknown host name: set PUBLIC_URL or ALLOWED_HOSTS to serve it.')
    const api = raw.startsWith('/v1/') || raw.startsWith('/api/')
    // Before the token check: the page learns here whether it needs one (featuresAnswer.ts).
    let answered = true
    features(request, response, () => (answered = false))
    if (answered) return
    const folderPath = options.folder !== undefined && (raw === '/api/folder' || raw.startsWith('/api/folder/'))
    // The one-time address of `skill-playground open` brings its own code instead of the token (folderApi.ts).
    const unlocking = folderPath && raw === UNLOCK_PATH && request.method === 'POST'
    if (api && !unlocking && !hasAccess(request, options.access))
      return end(
        response,
        401,
        JSON.stringify({
          error: {
            message: 'This playground needs the team token.',
            // The page tells "this folder is locked" apart from "there is no folder here".
            type: folderPath ? 'folder_token_required' : 'token_required',
          },
        }),
        'application/json',
      )
    const rest = () =>
      proxy(request, response, () => {
        if (api)
          return end(response, 404, JSON.stringify({ error: { message: 'No such endpoint.', type: 'not_found' } }), 'application/json')
        if (request.method !== 'GET' && request.method !== 'HEAD') return end(response, 405, 'Method not allowed.')
        files(request, response, () => end(response, 404, 'Not found.'))
      })
    const withTools = () => (tools ? tools(request, response, rest) : rest())
    // Behind the token check above, as the rest of the API.
    const withShortLinks = () => (options.shortLinks ? options.shortLinks.handle(request, response, withTools) : withTools())
    if (options.folder) options.folder.handle(request, response, withShortLinks)
    else withShortLinks()
  }

  return createServer((request, response) => {
    const started = Date.now()
    // The path only: no query string, and fragments never reach a server.
    const path = loggedPath((request.url ?? '/').split('?')[0] ?? '/')
    response.on('finish', () => log(`${request.method ?? '?'} ${path} ${response.statusCode} ${Date.now() - started}ms`))
    try {
      handle(request, response)
    } catch (error) {
      log(`error: ${error instanceof Error ? error.message : String(error)}`)
      if (!response.headersSent) end(response, 500, 'Server error.')
    }
  })
}

/** A path as the request log writes it: a short link's id opens its content, so it stays out of logs. */
export function loggedPath(path: string): string {
  return path.startsWith(`${SHORT_LINK_ROUTE}/`) ? `${SHORT_LINK_ROUTE}/…` : path
}

function end(response: ServerResponse, status: number, body: string, type = 'text/plain; charset=utf-8') {
  response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' })
  response.end(body)
}
