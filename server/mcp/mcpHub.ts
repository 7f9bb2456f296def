/**
 * The MCP servers the playground's server connects to (docs/live-tools.md): read from mcp.json in
 * the format MCP clients share, connected with the official SDK over stdio or Streamable HTTP,
 * their tools listed under `<server>__<tool>` names and called with a time-out. A server that fails
 * is reported with its stderr tail and leaves the others alone. The only module that imports
 * @modelcontextprotocol/sdk.
 */
import { existsSync, readFileSync } from 'node:fs'
import { resolve as resolvePath } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import { mcpToolName, type LiveToolInfo, type McpServerStatus } from '../../src/core/tools/liveTools'

export type McpServerConfig =
  { command: string; args: string[]; env: Record<string, string>; cwd?: string } | { url: string; headers: Record<string, string> }

export interface McpConfig {
  servers: Record<string, McpServerConfig>
  /** Entries that could not be read, in words; shown in the Tools tab as failed servers. */
  problems: { name: string; message: string }[]
  path: string | null
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 20_000
export const DEFAULT_CALL_TIMEOUT_MS = 15_000
const STDERR_TAIL = 2000

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** `${NAME}` in a value is the server's environment variable NAME: keys stay out of mcp.json. */
const expand = (value: string, env: Record<string, string | undefined>) =>
  value.replace(/\$\{(\w+)\}/g, (_, name: string) => env[name] ?? '')
const stringRecord = (value: unknown, env: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(isObject(value) ? value : {}).map(([key, entry]) => [key, expand(String(entry), env)]))

/** The MCP configuration: MCP_CONFIG's file, or mcp.json in the working folder (beside .env); none is fine. */
export function readMcpConfig(env: Record<string, string | undefined>, cwd = process.cwd()): McpConfig {
  const path = env.MCP_CONFIG?.trim() ? resolvePath(cwd, env.MCP_CONFIG.trim()) : resolvePath(cwd, 'mcp.json')
  const empty = { servers: {}, problems: [], path: null }
  if (!existsSync(path))
    return env.MCP_CONFIG?.trim() ? { ...empty, problems: [{ name: 'mcp.json', message: `${path} does not exist.` }] } : empty
  let parsed: unknown
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    return {
      ...empty,
      path,
      problems: [{ name: 'mcp.json', message: `${path} is not JSON: ${error instanceof Error ? error.message : ''}` }],
    }
  }
  const entries = isObject(parsed) && isObject(parsed.mcpServers) ? parsed.mcpServers : null
  if (!entries) return { ...empty, path, problems: [{ name: 'mcp.json', message: `${path} has no "mcpServers" object.` }] }
  const config: McpConfig = { servers: {}, problems: [], path }
  for (const [name, entry] of Object.entries(entries)) {
    if (isObject(entry) && typeof entry.command === 'string') {
      config.servers[name] = {
        command: expand(entry.command, env),
        args: Array.isArray(entry.args) ? entry.args.map((arg) => expand(String(arg), env)) : [],
        env: stringRecord(entry.env, env),
        ...(typeof entry.cwd === 'string' ? { cwd: resolvePath(cwd, entry.cwd) } : {}),
      }
    } else if (isObject(entry) && typeof entry.url === 'string') {
      config.servers[name] = { url: expand(entry.url, env), headers: stringRecord(entry.headers, env) }
    } else {
      config.problems.push({ name, message: 'Needs "command" (stdio) or "url" (Streamable HTTP).' })
    }
  }
  return config
}

interface Connection {
  name: string
  config: McpServerConfig
  state: McpServerStatus['state']
  message?: string
  reason?: McpServerStatus['reason']
  stderr: string
  client: Client | null
  /** Our name → the server's own tool name. */
  tools: Map<string, { original: string; info: LiveToolInfo }>
  connecting: Promise<void> | null
}

export class McpToolError extends Error {
  override name = 'McpToolError'
}

export interface McpHubOptions {
  connectTimeoutMs?: number
  callTimeoutMs?: number
}

export class McpHub {
  private readonly connections = new Map<string, Connection>()
  private readonly problems: McpConfig['problems']
  private readonly connectTimeoutMs: number
  readonly callTimeoutMs: number

  constructor(config: McpConfig, options: McpHubOptions = {}) {
    this.problems = config.problems
    this.connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS
    this.callTimeoutMs = options.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS
    for (const [name, server] of Object.entries(config.servers))
      this.connections.set(name, {
        name,
        config: server,
        state: 'connecting',
        stderr: '',
        client: null,
        tools: new Map(),
        connecting: null,
      })
  }

  /** Connects every server in the background; each succeeds or fails on its own. */
  start(): void {
    for (const connection of this.connections.values()) void this.connect(connection)
  }

  /** Resolves when no server is still connecting (for tests and for a first listing). */
  async settled(): Promise<void> {
    await Promise.all([...this.connections.values()].map((connection) => connection.connecting ?? Promise.resolve()))
  }

  status(): McpServerStatus[] {
    return [
      ...[...this.connections.values()].map((connection) => ({
        name: connection.name,
        state: connection.state,
        ...(connection.message ? { message: connection.message } : {}),
        ...(connection.reason ? { reason: connection.reason } : {}),
        ...(connection.stderr.trim() ? { stderr: connection.stderr.trim() } : {}),
        tools: connection.tools.size,
      })),
      ...this.problems.map((problem) => ({
        name: problem.name,
        state: 'failed' as const,
        message: problem.message,
        reason: 'config' as const,
        tools: 0,
      })),
    ]
  }

  tools(): LiveToolInfo[] {
    return [...this.connections.values()].flatMap((connection) => [...connection.tools.values()].map((tool) => tool.info))
  }

  has(name: string): boolean {
    return [...this.connections.values()].some((connection) => connection.tools.has(name))
  }

  async reconnect(server: string): Promise<boolean> {
    const connection = this.connections.get(server)
    if (!connection) return false
    await this.connect(connection)
    return true
  }

  async call(name: string, args: Record<string, unknown>, signal: AbortSignal): Promise<unknown> {
    const connection = [...this.connections.values()].find((candidate) => candidate.tools.has(name))
    if (!connection) throw new McpToolError(`No MCP tool "${name}".`)
    // A server that died since it was listed gets one new connection, on demand.
    if (connection.state !== 'ready') await this.connect(connection)
    const client = connection.client
    if (connection.state !== 'ready' || !client)
      throw new McpToolError(`The MCP server "${connection.name}" is not running: ${connection.message ?? 'it failed to start'}.`)
    const tool = connection.tools.get(name)!
    let result: Awaited<ReturnType<Client['callTool']>>
    try {
      result = await client.callTool({ name: tool.original, arguments: args }, undefined, { signal, timeout: this.callTimeoutMs })
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error)
      if (/timed out|timeout/i.test(text))
        throw new McpToolError(`The MCP server "${connection.name}" did not answer ${tool.original} within ${this.callTimeoutMs / 1000} s.`)
      throw new McpToolError(`The MCP server "${connection.name}" failed on ${tool.original}: ${text}`)
    }
    const content = Array.isArray(result.content) ? (result.content as { type: string; text?: string }[]) : []
    const text = content
      .filter((part) => part.type === 'text' && typeof part.text === 'string')
      .map((part) => part.text)
      .join('\n')
    if (result.isError) throw new McpToolError(text || `${tool.original} reported an error.`)
    const other = content.filter((part) => part.type !== 'text').map((part) => part.type)
    return {
      ...(text ? { text } : {}),
      ...(result.structuredContent !== undefined ? { structured: result.structuredContent } : {}),
      ...(other.length > 0 ? { other_content: other } : {}),
    }
  }

  async close(): Promise<void> {
    await Promise.all(
      [...this.connections.values()].map((connection) => connection.client?.close().catch(() => undefined) ?? Promise.resolve()),
    )
  }

  private connect(connection: Connection): Promise<void> {
    if (connection.connecting) return connection.connecting
    const attempt = this.open(connection).finally(() => {
      connection.connecting = null
    })
    connection.connecting = attempt
    return attempt
  }

  private async open(connection: Connection): Promise<void> {
    await connection.client?.close().catch(() => undefined)
    connection.client = null
    connection.state = 'connecting'
    connection.message = undefined
    connection.reason = undefined
    connection.stderr = ''
    const { config } = connection
    let transport: Transport
    if ('command' in config) {
      const stdio = new StdioClientTransport({
        command: config.command,
        args: config.args,
        env: { ...getDefaultEnvironment(), ...config.env },
        stderr: 'pipe',
        ...(config.cwd ? { cwd: config.cwd } : {}),
      })
      stdio.stderr?.on('data', (chunk: Buffer) => {
        connection.stderr = (connection.stderr + chunk.toString('utf8')).slice(-STDERR_TAIL)
      })
      transport = stdio
    } else {
      let url: URL
      try {
        url = new URL(config.url)
      } catch {
        connection.state = 'failed'
        connection.message = `"${config.url}" is not an address.`
        connection.reason = 'config'
        return
      }
      transport = new StreamableHTTPClientTransport(url, { requestInit: { headers: config.headers } })
    }
    const client = new Client({ name: 'skill-playground', version: '0.1.0' })
    client.onclose = () => {
      if (connection.client !== client) return
      connection.state = 'failed'
      connection.message = 'The server stopped (its process exited or the connection closed).'
      connection.reason = 'stopped'
      connection.client = null
    }
    try {
      await client.connect(transport, { timeout: this.connectTimeoutMs })
      const tools = new Map<string, { original: string; info: LiveToolInfo }>()
      let cursor: string | undefined
      do {
        const page = await client.listTools(cursor ? { cursor } : {}, { timeout: this.connectTimeoutMs })
        for (const tool of page.tools) {
          const name = mcpToolName(connection.name, tool.name)
          if (tools.has(name)) continue
          tools.set(name, {
            original: tool.name,
            info: {
              name,
              description: tool.description ?? tool.title ?? tool.name,
              parameters: tool.inputSchema,
              server: connection.name,
            },
          })
        }
        cursor = page.nextCursor
      } while (cursor)
      connection.tools = tools
      connection.client = client
      connection.state = 'ready'
    } catch (error) {
      connection.state = 'failed'
      const text = error instanceof Error ? error.message : String(error)
      const exited = /closed/i.test(text)
      connection.message = exited ? 'The server exited while starting.' : text
      connection.reason = exited ? 'exited-at-start' : 'connect-failed'
      await client.close().catch(() => undefined)
    }
  }
}
