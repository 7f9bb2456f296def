/**
 * Live tools: the ones the server runs for the page (docs/live-tools.md). The built-in tools with a
 * live version, the names MCP tools get, and the registry that puts both beside the in-page tools.
 * Shared by the server (which names MCP tools) and the page (which offers and calls them).
 */
import type { JsonSchema } from '../skill'
import { createToolRegistry, type ToolRegistry } from './toolRegistry'
import type { ToolDescriptor } from './types'

export type ToolMode = 'mock' | 'live'

/** A tool the server offers, as `GET /api/tools` lists it. */
export interface LiveToolInfo {
  name: string
  description: string
  parameters: JsonSchema
  /** The MCP server it comes from; absent for a built-in tool. */
  server?: string
  /** An MCP tool's time-out on the server (its server's `timeoutMs`); progress notifications restart it. */
  timeoutMs?: number
  /** The longest the server waits for an MCP tool, progress included: the page waits this long too. */
  maxWaitMs?: number
  /** The tool runs as an MCP task (its `execution.taskSupport` is "required"). */
  task?: boolean
}

/** A resource, resource template or prompt an MCP server offers, as the Tools tab lists it (read only). */
export interface McpCatalogEntry {
  /** The resource's URI, the template's URI template, or the prompt's name. */
  id: string
  name?: string
  description?: string
  mimeType?: string
  /** A prompt's arguments. */
  arguments?: { name: string; description?: string; required?: boolean }[]
}

/** What an MCP server offers besides tools; absent lists are ones it does not offer. */
export interface McpCatalog {
  resources?: McpCatalogEntry[]
  resourceTemplates?: McpCatalogEntry[]
  prompts?: McpCatalogEntry[]
  /** Why a list is incomplete or missing (a list that failed or was cut), in English. */
  notes?: string[]
}

/**
 * What the page adds to the server's wait before it gives up on an MCP call itself: the server's
 * own answer (its result, or that it timed out) arrives first.
 */
export const LIVE_WAIT_GRACE_MS = 2000

/** How long the page waits for a tool the server runs: as long as the server does, plus the grace; null: the default. */
export function pageTimeoutOf(tool: Pick<LiveToolInfo, 'maxWaitMs'>): number | null {
  return tool.maxWaitMs !== undefined && tool.maxWaitMs > 0 ? tool.maxWaitMs + LIVE_WAIT_GRACE_MS : null
}

export interface McpServerStatus {
  name: string
  state: 'connecting' | 'ready' | 'failed'
  /** What went wrong, in words (a failed server, or tools of a ready one left out), in English; `reason` says it in the page's language. */
  message?: string
  reason?: 'exited-at-start' | 'stopped' | 'connect-failed' | 'config' | 'partial'
  /** The last lines the server wrote to stderr. */
  stderr?: string
  tools: number
  /** Its tools' time-out on the server, in milliseconds (mcp.json's `timeoutMs`, or MCP_TOOL_TIMEOUT_MS). */
  timeoutMs?: number
  /** The server had forgotten our session (it answered `status`): a new one was started and the call retried, `count` times so far. */
  renewed?: { count: number; status: number }
  /** Its resources, resource templates and prompts. */
  catalog?: McpCatalog
}

/** What the server offers: its live tools and the state of each MCP server; null on a static host. */
export interface ServerTools {
  live: LiveToolInfo[]
  /** Built-in live tools the server cannot run, with the reason (e.g. no search provider configured). */
  unavailable: { name: string; reason: string }[]
  servers: McpServerStatus[]
}

/** The separator between an MCP server's name and its tool's name. */
const MCP_NAME_SEPARATOR = '__'

/**
 * The name an MCP tool goes by in skills and for the model: `<server>__<tool>`, with every
 * character an OpenAI function name cannot hold turned into `_`, cut to 64 characters.
 */
export function mcpToolName(server: string, tool: string): string {
  const clean = (part: string) => part.replace(/[^A-Za-z0-9_-]/g, '_')
  return `${clean(server)}${MCP_NAME_SEPARATOR}${clean(tool)}`.slice(0, 64)
}

const serverOnly: ToolDescriptor['load'] = () => Promise.reject(new Error('This tool runs on the server.'))

/**
 * The in-page registry with the server's MCP tools added (their runner is the server: the wiring
 * layer gives them one). Built-in tools keep their in-page descriptor; a live built-in is the same
 * tool, run elsewhere.
 */
export function registryWithServerTools(base: ToolRegistry, server: ServerTools | null): ToolRegistry {
  const mcp = (server?.live ?? []).filter((tool) => tool.server !== undefined && !base.has(tool.name))
  if (mcp.length === 0) return base
  return createToolRegistry([
    ...base.tools,
    ...mcp.map((tool): ToolDescriptor => ({
      name: tool.name,
      description: tool.description,
      parameters: tool.parameters,
      kind: 'live',
      runs: 'server',
      server: tool.server,
      ...(pageTimeoutOf(tool) !== null ? { timeoutMs: pageTimeoutOf(tool)! } : {}),
      load: serverOnly,
    })),
  ])
}

/** Whether the server can run `name` live. */
export function offersLive(server: ServerTools | null, name: string): boolean {
  return server?.live.some((tool) => tool.name === name) ?? false
}

/** Runs a tool on the server: resolves to its result, rejects with its error (a ToolRefusal for a refusal). */
export type ServerToolCall = (name: string, args: Record<string, unknown>, signal: AbortSignal) => Promise<unknown>

/**
 * The registry a run uses: every MCP tool, and every built-in the user set to Live (and the server
 * offers), run by `call` on the server; everything else as before. A tool set to Live that the
 * server does not offer stays mocked, and the Tools tab says why.
 */
export function withLiveRunners(
  registry: ToolRegistry,
  modes: Readonly<Record<string, ToolMode>>,
  server: ServerTools | null,
  call: ServerToolCall,
): ToolRegistry {
  const runner =
    (name: string): ToolDescriptor['load'] =>
    () =>
      Promise.resolve((args, context) => call(name, args, context.signal))
  return createToolRegistry(
    registry.tools.map((tool) => {
      if (tool.server !== undefined) return { ...tool, load: runner(tool.name) }
      if (modes[tool.name] === 'live' && tool.liveVersion === true && offersLive(server, tool.name))
        return { ...tool, kind: 'live' as const, runs: 'server' as const, load: runner(tool.name) }
      return tool
    }),
  )
}
