/**
 * The live tools' endpoints (docs/live-tools.md), beside the model proxy and with the same checks
 * (requestGuard.ts; the team token is checked by the server for every /api/ path):
 *   GET  /api/tools                    the live tools and each MCP server's state
 *   POST /api/tools/<name>             {"arguments": {...}} → {"ok": true, "result"} | {"ok": false, "error"}
 *   POST /api/mcp/<server>/reconnect   a new connection to one MCP server
 * Nothing else is reachable through them: a name the server does not offer is a 404.
 */
import { lookup } from 'node:dns/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { LiveToolInfo, ServerTools } from '../src/core/tools/liveTools'
import { BUILTIN_TOOLS, LIVE_BUILTIN_TOOL_NAMES } from '../src/core/tools/builtinTools'
import { GuardRefusal, parseAllowList, type AllowEntry, type Resolve } from './liveTools/addressGuard'
import { getWeather, weatherSettingsFrom, type WeatherSettings } from './liveTools/weather'
import { pinnedTransport, webFetch, type Transport } from './liveTools/webFetch'
import { searchProviderFrom, webSearch, type SearchProvider } from './liveTools/webSearch'
import type { McpHub } from './mcp/mcpHub'
import { McpToolError } from './mcp/mcpHub'
import { createRateLimiter, fail, readJsonBody, redact, RequestRefusal, sameOrigin } from './requestGuard'

export interface LiveToolSettings {
  /** LIVE_TOOLS=off turns the built-in live tools off (MCP servers come from mcp.json alone). */
  builtins: boolean
  allow: AllowEntry[]
  search: SearchProvider | null
  weather: WeatherSettings
  /** Tool calls per minute from one client address (LIVE_TOOLS_RATE_LIMIT, default 120). */
  rateLimit: number
}

export const MAX_TOOL_REQUEST_BYTES = 256 * 1024

export function liveToolSettingsFrom(env: Record<string, string | undefined>): LiveToolSettings {
  return {
    builtins: env.LIVE_TOOLS?.trim().toLowerCase() !== 'off',
    allow: parseAllowList(env.LIVE_FETCH_ALLOW),
    search: searchProviderFrom(env),
    weather: weatherSettingsFrom(env),
    rateLimit: Number(env.LIVE_TOOLS_RATE_LIMIT) > 0 ? Number(env.LIVE_TOOLS_RATE_LIMIT) : 120,
  }
}

/** How the server reaches the network: real DNS and sockets, or a test's stand-ins. */
export interface NetworkAccess {
  resolve: Resolve
  transport: Transport
}

export const systemNetwork: NetworkAccess = {
  resolve: async (host) =>
    (await lookup(host, { all: true, verbatim: true })).map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 })),
  transport: pinnedTransport,
}

const builtin = (name: string): LiveToolInfo => {
  const tool = BUILTIN_TOOLS.find((candidate) => candidate.name === name)!
  return { name, description: tool.description, parameters: tool.parameters }
}

type LiveRunner = (
  args: Record<string, unknown>,
  settings: LiveToolSettings,
  network: NetworkAccess,
  signal: AbortSignal,
) => Promise<unknown>

/**
 * The real versions of the built-in tools described with `liveVersion` (core/tools/builtinTools.ts),
 * in the order `GET /api/tools` lists them; toolsApi.test.ts checks that the two agree.
 */
export const LIVE_RUNNERS: Readonly<Record<string, LiveRunner>> = {
  web_fetch: (args, settings, network, signal) => webFetch(args.url, { ...network, allow: settings.allow }, signal),
  web_search: (args, settings, _network, signal) => webSearch(args.query, settings.search!, signal),
  get_weather: (args, settings, _network, signal) => getWeather(args.city, settings.weather, signal),
}

/** What the server offers now. */
export function serverTools(settings: LiveToolSettings, hub: McpHub | null): ServerTools {
  const live: LiveToolInfo[] = []
  const unavailable: ServerTools['unavailable'] = []
  for (const name of Object.keys(LIVE_RUNNERS).filter((candidate) => LIVE_BUILTIN_TOOL_NAMES.includes(candidate))) {
    if (!settings.builtins) unavailable.push({ name, reason: 'LIVE_TOOLS=off on the server.' })
    else if (name === 'web_search' && !settings.search)
      unavailable.push({ name, reason: 'No search provider: set SEARXNG_URL or BRAVE_SEARCH_API_KEY on the server.' })
    else live.push(builtin(name))
  }
  return { live: [...live, ...(hub?.tools() ?? [])], unavailable, servers: hub?.status() ?? [] }
}

type Next = (error?: unknown) => void

export function createToolsApi(
  settings: () => LiveToolSettings,
  hub: McpHub | null,
  network: NetworkAccess = systemNetwork,
  now = Date.now,
) {
  const limited = createRateLimiter(now)
  return (request: IncomingMessage, response: ServerResponse, next: Next) => {
    const path = (request.url ?? '').split('?')[0] ?? ''
    const reconnect = /^\/api\/mcp\/([^/]+)\/reconnect$/.exec(path)
    const call = /^\/api\/tools\/([^/]+)$/.exec(path)
    if (path !== '/api/tools' && !reconnect && !call) return next()
    if (!sameOrigin(request)) return fail(response, 403, 'Cross-origin requests are refused.', 'tools_error')
    const current = settings()
    if (path === '/api/tools') {
      if (request.method !== 'GET') return fail(response, 405, 'Only GET lists the tools.', 'tools_error')
      return send(response, 200, serverTools(current, hub))
    }
    if (request.method !== 'POST') return fail(response, 405, 'Only POST runs a tool.', 'tools_error')
    if (limited(request, current.rateLimit)) {
      response.setHeader('retry-after', '60')
      return fail(response, 429, `Too many tool calls (limit ${current.rateLimit} a minute). Wait a minute.`, 'tools_error')
    }
    if (reconnect) {
      const name = decodeURIComponent(reconnect[1]!)
      void (async () => {
        if (!hub || !(await hub.reconnect(name))) return fail(response, 404, `No MCP server "${name}".`, 'tools_error')
        send(response, 200, serverTools(current, hub))
      })().catch((error: unknown) => failLate(response, error))
      return
    }
    const name = decodeURIComponent(call![1]!)
    void runTool(request, response, name, current, hub, network).catch((error: unknown) => failLate(response, error))
  }
}

/**
 * sendJson with the body serialised before the status line goes out: a body that cannot be
 * serialised is a 500 with a reason, never a second status line after the first (which throws,
 * and in an async handler ended the process).
 */
function send(response: ServerResponse, status: number, body: unknown): void {
  let text: string
  try {
    text = JSON.stringify(body)
  } catch (error) {
    return failLate(response, error)
  }
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
  response.end(text)
}

/** The last resort of an endpoint: a 500 while nothing is sent yet, otherwise the connection is cut. */
function failLate(response: ServerResponse, error: unknown): void {
  if (response.headersSent) return void response.destroy()
  const message = error instanceof Error ? error.message : String(error)
  fail(response, 500, `The server could not answer: ${redact(message)}`, 'tools_error')
}

async function runTool(
  request: IncomingMessage,
  response: ServerResponse,
  name: string,
  settings: LiveToolSettings,
  hub: McpHub | null,
  network: NetworkAccess,
) {
  const offered = serverTools(settings, hub).live.some((tool) => tool.name === name)
  if (!offered) return fail(response, 404, `This server does not run "${name}" live.`, 'tools_error')
  let body: unknown
  try {
    body = await readJsonBody(request, MAX_TOOL_REQUEST_BYTES)
  } catch (error) {
    if (error instanceof RequestRefusal) return fail(response, error.status, error.message, 'tools_error')
    // The request broke off while its body was read: there is nobody to answer.
    return void response.destroy()
  }
  const args = (body as { arguments?: unknown } | null)?.arguments
  if (typeof args !== 'object' || args === null || Array.isArray(args))
    return fail(response, 400, 'Send {"arguments": {...}}.', 'tools_error')
  // The page gave up (Abort, its time-out): stop the work too.
  const abort = new AbortController()
  response.on('close', () => abort.abort())
  try {
    const result = await runLive(name, args as Record<string, unknown>, settings, hub, network, abort.signal)
    send(response, 200, { ok: true, result })
  } catch (error) {
    const refused = error instanceof GuardRefusal
    const message = error instanceof Error ? error.message : String(error)
    // Our own refusals and MCP servers' words are shown as written; anything else is redacted.
    const shown = refused || error instanceof McpToolError ? message.slice(0, 2000) : redact(message)
    if (!response.headersSent) send(response, 200, { ok: false, error: { type: refused ? 'refused' : 'failed', message: shown } })
  }
}

function runLive(
  name: string,
  args: Record<string, unknown>,
  settings: LiveToolSettings,
  hub: McpHub | null,
  network: NetworkAccess,
  signal: AbortSignal,
): Promise<unknown> {
  return Object.hasOwn(LIVE_RUNNERS, name) ? LIVE_RUNNERS[name]!(args, settings, network, signal) : hub!.call(name, args, signal)
}
