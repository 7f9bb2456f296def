/**
 * The page's side of the live tools (docs/live-tools.md): asks the serving process which tools it
 * runs, runs one there, reconnects an MCP server. Same origin only, relative to the page; the
 * team token goes along when there is one.
 */
import { ToolRefusal, type ServerTools } from '../core/tools'
import { TOKEN_HEADER } from './proxyStatus'
import { serverFeatures } from './serverFeatures'

const headers = (token: string): Record<string, string> => ({ accept: 'application/json', ...(token ? { [TOKEN_HEADER]: token } : {}) })

const isServerTools = (value: unknown): value is ServerTools =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as ServerTools).live) &&
  Array.isArray((value as ServerTools).servers) &&
  Array.isArray((value as ServerTools).unavailable)

/** What the server runs live; null when there is no server beside the page (a static host). */
export async function fetchServerTools(token: string): Promise<ServerTools | null> {
  const features = await serverFeatures()
  if (features && (!features.server || (features.tokenRequired && !token))) return null
  try {
    const response = await fetch('api/tools', { headers: headers(token) })
    if (!response.ok || !response.headers.get('content-type')?.includes('json')) return null
    const body: unknown = await response.json()
    return isServerTools(body) ? body : null
  } catch {
    return null
  }
}

async function errorMessage(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { error?: { message?: unknown } } | null
  return typeof body?.error?.message === 'string' ? body.error.message : `The server answered ${response.status}.`
}

/** Runs `name` on the server; its refusals become ToolRefusal, its failures Error, with the server's words. */
export async function callServerTool(name: string, args: Record<string, unknown>, signal: AbortSignal, token: string): Promise<unknown> {
  const response = await fetch(`api/tools/${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { ...headers(token), 'content-type': 'application/json' },
    body: JSON.stringify({ arguments: args }),
    signal,
  })
  if (!response.ok) throw new Error(await errorMessage(response))
  const reply = (await response.json()) as { ok: boolean; result?: unknown; error?: { type?: string; message?: string } }
  if (reply.ok) return reply.result ?? null
  const message = reply.error?.message ?? 'The live tool failed.'
  throw reply.error?.type === 'refused' ? new ToolRefusal(message) : new Error(message)
}

export async function reconnectMcpServer(server: string, token: string): Promise<ServerTools | null> {
  const response = await fetch(`api/mcp/${encodeURIComponent(server)}/reconnect`, { method: 'POST', headers: headers(token) })
  if (!response.ok) throw new Error(await errorMessage(response))
  const body: unknown = await response.json()
  return isServerTools(body) ? body : null
}
