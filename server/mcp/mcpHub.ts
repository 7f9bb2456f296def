/**
 * The MCP servers the playground's server connects to (docs/live-tools.md): read from mcp.json in
 * the format MCP clients share, connected with the official SDK over stdio or Streamable HTTP,
 * their tools listed under `<server>__<tool>` names and called with a time-out. A server that fails
 * is reported with its stderr tail and leaves the others alone. Whatever a server sends is bounded
 * before anything else walks it: the listing (pages, tools, time), each tool (name, description,
 * schema depth and size) and each result (depth, values, message size). The only module that
 * imports @modelcontextprotocol/sdk.
 */
import { existsSync, readFileSync } from 'node:fs'
import { resolve as resolvePath } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { STDIO_DEFAULT_MAX_BUFFER_SIZE } from '@modelcontextprotocol/sdk/shared/stdio.js'
import type { FetchLike, Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import {
  CallToolResultSchema,
  CreateTaskResultSchema,
  ErrorCode,
  McpError,
  PaginatedResultSchema,
  ResultSchema,
  ToolSchema,
  type Task,
} from '@modelcontextprotocol/sdk/types.js'
import type { JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js'
import { mcpToolName, type LiveToolInfo, type McpCatalog, type McpServerStatus } from '../../src/core/tools/liveTools'
import type { McpToolResult } from '../../src/core/tools/mcpContent'
import { boundJson, exceededLimit, type JsonLimits } from './boundJson'
import { leaveOutBinary } from './leaveOutBinary'
import { listCatalog } from './listCatalog'
import { readToolContent } from './readToolContent'

/** `timeoutMs`: this server's call time-out (mcp.json), the hub's default when absent; `maxTotalTimeoutMs`: the most progress may stretch it to. */
export type McpServerConfig = (
  { command: string; args: string[]; env: Record<string, string>; cwd?: string } | { url: string; headers: Record<string, string> }
) & { timeoutMs?: number; maxTotalTimeoutMs?: number }

export interface McpConfig {
  servers: Record<string, McpServerConfig>
  /** Entries that could not be read, in words; shown in the Tools tab as failed servers. */
  problems: { name: string; message: string }[]
  path: string | null
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 20_000
export const DEFAULT_CALL_TIMEOUT_MS = 15_000
/** Progress restarts a call's time-out, up to this many times the time-out in all, unless mcp.json says otherwise. */
export const PROGRESS_STRETCH = 10
/** A task's status is asked for at the server's suggested interval, within these bounds. */
export const TASK_POLL_LIMITS = { minMs: 50, maxMs: 10_000, defaultMs: 1000 } as const
const STDERR_TAIL = 2000

/** What one server's listing may hold (docs/live-tools.md, "What an MCP server can send"). */
export const LISTING_LIMITS = {
  pages: 100,
  tools: 1000,
  /** The MCP specification's own bound for a tool name. */
  nameLength: 128,
  /** A longer description is cut here. */
  descriptionLength: 4000,
  /** Every kept tool's schema and description together, in characters of JSON. */
  listingLength: 4_000_000,
  cursorLength: 4096,
} as const
/** What one tool's input schema may be. */
export const SCHEMA_LIMITS: JsonLimits & { length: number } = { depth: 64, values: 10_000, length: 100_000 }
/** What a call's structured content keeps; deeper or further parts become a marker. */
export const RESULT_LIMITS: JsonLimits = { depth: 64, values: 200_000 }
/** One message from a server, as the SDK bounds a stdio line: the same for Streamable HTTP. */
export const MAX_MESSAGE_BYTES = STDIO_DEFAULT_MAX_BUFFER_SIZE

/**
 * Structured content is not checked against the tool's output schema. The server wrote both, so
 * the check protects nothing here, and a schema is code for the validator: a `pattern` such as
 * `^(a+)+$` backtracks exponentially, `$ref` with `anyOf` grows exponentially with the data's depth,
 * and compiling a deep schema overflows the stack. The content is passed on as data, bounded. The
 * Client gets this as its validator, so that nothing compiles a server's schema.
 */
const acceptStructuredContent: jsonSchemaValidator = {
  getValidator<T>(): JsonSchemaValidator<T> {
    return (input) => ({ valid: true, data: input as T, errorMessage: undefined })
  },
}

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
    const timeouts = isObject(entry) ? readTimeouts(entry) : {}
    if (typeof timeouts === 'string') {
      config.problems.push({ name, message: timeouts })
      continue
    }
    if (isObject(entry) && typeof entry.command === 'string') {
      config.servers[name] = {
        command: expand(entry.command, env),
        args: Array.isArray(entry.args) ? entry.args.map((arg) => expand(String(arg), env)) : [],
        env: stringRecord(entry.env, env),
        ...(typeof entry.cwd === 'string' ? { cwd: resolvePath(cwd, entry.cwd) } : {}),
        ...timeouts,
      }
    } else if (isObject(entry) && typeof entry.url === 'string') {
      config.servers[name] = { url: expand(entry.url, env), headers: stringRecord(entry.headers, env), ...timeouts }
    } else {
      config.problems.push({ name, message: 'Needs "command" (stdio) or "url" (Streamable HTTP).' })
    }
  }
  return config
}

/** An entry's `timeoutMs` and `maxTotalTimeoutMs`: whole milliseconds above zero, or a problem in words. */
function readTimeouts(entry: Record<string, unknown>): { timeoutMs?: number; maxTotalTimeoutMs?: number } | string {
  const read: { timeoutMs?: number; maxTotalTimeoutMs?: number } = {}
  for (const key of ['timeoutMs', 'maxTotalTimeoutMs'] as const) {
    const value = entry[key]
    if (value === undefined) continue
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0)
      return `"${key}" must be a whole number of milliseconds above 0, not ${JSON.stringify(value)?.slice(0, 40)}.`
    read[key] = value
  }
  return read
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
  tools: Map<string, ListedTool>
  catalog: McpCatalog | null
  /** Sessions the server forgot, each renewed for a call. */
  renewed: McpServerStatus['renewed']
  connecting: Promise<void> | null
}

/** How long a call waits: the time-out, restarted by progress up to the total. */
interface CallTimeouts {
  timeoutMs: number
  maxTotalMs: number
}

export class McpToolError extends Error {
  override name = 'McpToolError'
}

export interface McpHubOptions {
  connectTimeoutMs?: number
  callTimeoutMs?: number
}

/** The hub's time-outs from the environment (MCP_CONNECT_TIMEOUT_MS, MCP_TOOL_TIMEOUT_MS), for `npm run serve` and `npm start` alike. */
export function mcpHubOptionsFrom(env: Record<string, string | undefined>): McpHubOptions {
  const connect = Number(env.MCP_CONNECT_TIMEOUT_MS)
  const call = Number(env.MCP_TOOL_TIMEOUT_MS)
  return { ...(connect > 0 ? { connectTimeoutMs: connect } : {}), ...(call > 0 ? { callTimeoutMs: call } : {}) }
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
        catalog: null,
        renewed: undefined,
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
        timeoutMs: this.timeoutsOf(connection).timeoutMs,
        ...(connection.renewed ? { renewed: connection.renewed } : {}),
        ...(connection.catalog ? { catalog: connection.catalog } : {}),
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
    return [...this.connections.values()].flatMap((connection) => {
      const { timeoutMs, maxTotalMs } = this.timeoutsOf(connection)
      return [...connection.tools.values()].map((tool) => ({
        ...tool.info,
        timeoutMs,
        maxWaitMs: maxTotalMs,
        ...(tool.task ? { task: true } : {}),
      }))
    })
  }

  /** A server's call time-out (its own, or the hub's) and the most progress may stretch it to. */
  private timeoutsOf(connection: Connection): CallTimeouts {
    const timeoutMs = connection.config.timeoutMs ?? this.callTimeoutMs
    return { timeoutMs, maxTotalMs: Math.max(timeoutMs, connection.config.maxTotalTimeoutMs ?? timeoutMs * PROGRESS_STRETCH) }
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

  async call(name: string, args: Record<string, unknown>, signal: AbortSignal): Promise<McpToolResult> {
    const connection = [...this.connections.values()].find((candidate) => candidate.tools.has(name))
    if (!connection) throw new McpToolError(`No MCP tool "${name}".`)
    // A server that died since it was listed gets one new connection, on demand.
    if (connection.state !== 'ready') await this.connect(connection)
    for (let attempt = 1; ; attempt++) {
      const client = connection.client
      if (connection.state !== 'ready' || !client)
        throw new McpToolError(`The MCP server "${connection.name}" is not running: ${connection.message ?? 'it failed to start'}.`)
      const tool = connection.tools.get(name)
      if (!tool) throw new McpToolError(`The MCP server "${connection.name}" no longer lists the tool behind ${name}.`)
      const timeouts = this.timeoutsOf(connection)
      let result: Record<string, unknown>
      try {
        result = tool.task
          ? await runAsTask(client, tool.original, args, signal, timeouts)
          : await client.request({ method: 'tools/call', params: { name: tool.original, arguments: args } }, ResultSchema, {
              signal,
              timeout: timeouts.timeoutMs,
              maxTotalTimeout: timeouts.maxTotalMs,
              // Progress restarts the time-out (the specification's reset-on-progress); the SDK asks
              // for progress only when there is a handler.
              resetTimeoutOnProgress: true,
              onprogress: () => undefined,
            })
      } catch (error) {
        const forgotten = forgottenSession(error)
        // The server restarted and forgot our session: one new session, and the call again.
        if (forgotten !== null && attempt === 1 && !signal.aborted) {
          const renewed = { count: (connection.renewed?.count ?? 0) + 1, status: forgotten }
          await this.renew(connection, client)
          connection.renewed = renewed
          continue
        }
        throw describeCallError(error, connection.name, tool.original, timeouts)
      }
      return readResult(result, tool.original)
    }
  }

  /**
   * A new session in place of the one `failed` had, which the server forgot. Calls that fail
   * together start one session between them: a call whose client was already replaced just retries.
   */
  private async renew(connection: Connection, failed: Client): Promise<void> {
    if (connection.connecting || connection.client === failed) await this.connect(connection)
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
    connection.renewed = undefined
    connection.catalog = null
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
      transport = new StreamableHTTPClientTransport(url, {
        requestInit: { headers: config.headers },
        fetch: boundedFetch(Math.max(this.connectTimeoutMs, this.timeoutsOf(connection).maxTotalMs)),
      })
    }
    const client = new Client({ name: 'skill-playground', version: '0.1.0' }, { jsonSchemaValidator: acceptStructuredContent })
    client.onclose = () => {
      if (connection.client !== client) return
      connection.state = 'failed'
      connection.message = 'The server stopped (its process exited or the connection closed).'
      connection.reason = 'stopped'
      connection.client = null
    }
    // Starting, initializing and every page of the listing share one time-out.
    const deadline = Date.now() + this.connectTimeoutMs
    try {
      await client.connect(transport, { timeout: this.connectTimeoutMs })
      const listing = await listTools(client, connection.name, deadline)
      connection.tools = listing.tools
      connection.catalog = await listCatalog(
        (method, params, timeout) => client.request({ method, params }, PaginatedResultSchema, { timeout }),
        client.getServerCapabilities() ?? {},
        deadline,
      )
      connection.client = client
      connection.state = 'ready'
      if (listing.notes.length > 0) {
        connection.message = listing.notes.join(' ')
        connection.reason = 'partial'
      }
    } catch (error) {
      connection.state = 'failed'
      const text = error instanceof Error ? error.message : String(error)
      const exited = /closed/i.test(text)
      connection.message = exited ? 'The server exited while starting.' : text.slice(0, 2000)
      connection.reason = exited ? 'exited-at-start' : 'connect-failed'
      await client.close().catch(() => undefined)
    }
  }
}

type ListedTool = { original: string; info: LiveToolInfo; task: boolean }

/**
 * The HTTP status with which a Streamable HTTP server said it does not know our session: 404 (the
 * specification's answer), or 400 with a message about the session ("Bad Request: No valid session
 * ID provided", the SDK's examples' and many servers' answer after a restart). Null for any other error.
 */
export function forgottenSession(error: unknown): number | null {
  if (!(error instanceof StreamableHTTPError)) return null
  if (error.code === 404) return 404
  if (error.code === 400 && /session/i.test(error.message)) return 400
  return null
}

/** A failed call in the words the page shows: a time-out says how long the server waited. */
function describeCallError(error: unknown, server: string, tool: string, timeouts: CallTimeouts): McpToolError {
  if (error instanceof McpToolError) return error
  const text = error instanceof Error ? error.message : String(error)
  if (
    error instanceof TaskTimeout ||
    (error instanceof McpError && error.code === (ErrorCode.RequestTimeout as number)) ||
    /timed out|timeout/i.test(text)
  )
    return new McpToolError(
      `The MCP server "${server}" did not answer ${tool} within ${seconds(timeouts.timeoutMs)}${
        timeouts.maxTotalMs > timeouts.timeoutMs ? ` (or ${seconds(timeouts.maxTotalMs)} in all while it reported progress)` : ''
      }.`,
    )
  return new McpToolError(`The MCP server "${server}" failed on ${tool}: ${text}`)
}

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`

/** A call's result as the page gets it: text, structured content (bounded) and every other content item, read within their limits. */
function readResult(result: Record<string, unknown>, tool: string): McpToolResult {
  const read = readToolContent(result.content)
  if (result.isError === true) throw new McpToolError(read.text || `${tool} reported an error.`)
  return {
    ...(read.text ? { text: read.text } : {}),
    // JSON.parse reads any depth; JSON.stringify, the page and the model do not.
    // An image the server repeats there (server-filesystem's read_media_file) keeps its bytes in `content` only.
    ...(result.structuredContent !== undefined
      ? { structured: leaveOutBinary(boundJson(result.structuredContent, RESULT_LIMITS).value) }
      : {}),
    ...(read.content ? { content: read.content } : {}),
    ...(read.moreContent ? { moreContent: read.moreContent } : {}),
  }
}

class TaskTimeout extends Error {
  override name = 'TaskTimeout'
}

const TERMINAL: readonly Task['status'][] = ['completed', 'failed', 'cancelled']

/**
 * A tool that requires task-based execution (MCP 2025-11-25): the call creates a task, whose
 * status is asked for at the server's suggested interval until it ends, and then its result is
 * fetched. The whole task has the call's time-out, restarted by progress up to the total; Abort
 * or the time-out cancels the task on the server.
 */
async function runAsTask(
  client: Client,
  tool: string,
  args: Record<string, unknown>,
  signal: AbortSignal,
  timeouts: CallTimeouts,
): Promise<Record<string, unknown>> {
  const stop = new AbortController()
  const started = Date.now()
  let expired = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const arm = () => {
    clearTimeout(timer)
    const left = Math.min(timeouts.timeoutMs, timeouts.maxTotalMs - (Date.now() - started))
    timer = setTimeout(
      () => {
        expired = true
        stop.abort(new TaskTimeout('The task ran out of time.'))
      },
      Math.max(0, left),
    )
  }
  const abort = () => stop.abort(signal.reason)
  signal.addEventListener('abort', abort, { once: true })
  arm()
  // A signal of its own per request: the SDK leaves its abort listener on the signal it is given.
  const options = () => ({ signal: AbortSignal.any([stop.signal]), timeout: timeouts.maxTotalMs })
  let taskId: string | null = null
  try {
    const created = await client.request({ method: 'tools/call', params: { name: tool, arguments: args } }, CreateTaskResultSchema, {
      ...options(),
      task: { ttl: timeouts.maxTotalMs },
      onprogress: arm,
    })
    taskId = created.task.taskId
    let task: Task = created.task
    while (!TERMINAL.includes(task.status)) {
      if (task.status === 'input_required')
        throw new McpToolError(`${tool} asks for input (an MCP task in "input_required"), which the playground cannot give.`)
      const interval = Math.min(TASK_POLL_LIMITS.maxMs, Math.max(TASK_POLL_LIMITS.minMs, task.pollInterval ?? TASK_POLL_LIMITS.defaultMs))
      await pause(interval, stop.signal)
      task = await client.experimental.tasks.getTask(taskId, options())
    }
    if (task.status !== 'completed')
      throw new McpToolError(
        `${tool}'s task ${task.status === 'failed' ? 'failed' : 'was cancelled'}${task.statusMessage ? `: ${task.statusMessage.slice(0, 500)}` : '.'}`,
      )
    return await client.experimental.tasks.getTaskResult(taskId, CallToolResultSchema.passthrough(), options())
  } catch (error) {
    if (stop.signal.aborted && taskId !== null)
      // Best effort: the server may have finished meanwhile; the call ends either way.
      void client.experimental.tasks.cancelTask(taskId, { timeout: TASK_CANCEL_TIMEOUT_MS }).catch(() => undefined)
    throw expired ? new TaskTimeout('The task ran out of time.') : error
  } finally {
    clearTimeout(timer)
    signal.removeEventListener('abort', abort)
  }
}

/** How long a cancellation of a task may take before the hub stops waiting for its answer. */
const TASK_CANCEL_TIMEOUT_MS = 5000

/** Resolves after `ms`, or rejects when `signal` aborts first. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error)
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', quit)
      resolve()
    }, ms)
    const quit = () => {
      clearTimeout(timer)
      reject(signal.reason as Error)
    }
    signal.addEventListener('abort', quit, { once: true })
  })
}

/** A name from a server, short enough to quote in a message. */
const quoted = (name: string) => JSON.stringify(name.length > 60 ? `${name.slice(0, 60)}…` : name)

const isTimeout = (error: unknown) => error instanceof McpError && error.code === (ErrorCode.RequestTimeout as number)

/**
 * Every page of the server's tools, within LISTING_LIMITS and the deadline. A tool that breaks a
 * rule is left out and named in `notes`, the others are kept; a listing that does not end (more
 * pages, more tools, a cursor seen before, time) keeps the tools read so far and says so.
 */
async function listTools(client: Client, server: string, deadline: number): Promise<{ tools: Map<string, ListedTool>; notes: string[] }> {
  const tools = new Map<string, ListedTool>()
  const leftOut: string[] = []
  let stopped: string | null = null
  let length = 0
  const cursors = new Set<string>()
  let cursor: string | undefined
  for (let page = 1; stopped === null; page++) {
    let result: Awaited<ReturnType<typeof PaginatedResultSchema.parse>>
    try {
      // Our own request rather than client.listTools(): that one refuses the whole list for one
      // malformed tool and compiles every output schema; here each tool is checked on its own.
      result = await client.request({ method: 'tools/list', params: cursor ? { cursor } : {} }, PaginatedResultSchema, {
        timeout: Math.max(1, deadline - Date.now()),
      })
    } catch (error) {
      if (page === 1 || !isTimeout(error)) throw error
      stopped = `Its listing did not finish in time: the tools of the first ${page - 1} pages are offered.`
      break
    }
    if (!Array.isArray(result.tools)) throw new Error('Its tools/list answer has no "tools" list.')
    for (const listed of result.tools as unknown[]) {
      if (tools.size === LISTING_LIMITS.tools) {
        stopped = `It lists more than ${LISTING_LIMITS.tools} tools: the first ${LISTING_LIMITS.tools} are offered.`
        break
      }
      const checked = checkTool(listed, server)
      if (typeof checked === 'string') {
        leftOut.push(checked)
        continue
      }
      if (tools.has(checked.info.name)) {
        leftOut.push(`${quoted(checked.original)} (its name reads as ${checked.info.name}, as another tool's does)`)
        continue
      }
      length += checked.length
      if (length > LISTING_LIMITS.listingLength) {
        stopped = `Its tools' schemas and descriptions come to over ${LISTING_LIMITS.listingLength / 1_000_000} MB: the first ${tools.size} tools are offered.`
        break
      }
      tools.set(checked.info.name, { original: checked.original, info: checked.info, task: checked.task })
    }
    if (stopped !== null) break
    cursor = typeof result.nextCursor === 'string' && result.nextCursor !== '' ? result.nextCursor : undefined
    if (cursor === undefined) break
    if (page === LISTING_LIMITS.pages)
      stopped = `It was still listing after ${LISTING_LIMITS.pages} pages: the tools of those pages are offered.`
    else if (cursors.has(cursor)) stopped = 'It sent the same page cursor twice: the tools listed before are offered.'
    else if (cursor.length > LISTING_LIMITS.cursorLength)
      stopped = `Its page cursor is over ${LISTING_LIMITS.cursorLength} characters: the tools listed before are offered.`
    cursors.add(cursor)
  }
  const notes: string[] = []
  if (leftOut.length > 0)
    notes.push(`Left out: ${leftOut.slice(0, 5).join('; ')}${leftOut.length > 5 ? `; and ${leftOut.length - 5} more` : ''}.`)
  if (stopped !== null) notes.push(stopped)
  return { tools, notes }
}

/** One listed tool as the page gets it, or why it is left out. */
function checkTool(listed: unknown, server: string): { original: string; info: LiveToolInfo; task: boolean; length: number } | string {
  const name = isObject(listed) && typeof listed.name === 'string' ? listed.name : null
  if (name === null || name === '') return 'a tool without a name'
  if (name.length > LISTING_LIMITS.nameLength) return `${quoted(name)} (its name is over ${LISTING_LIMITS.nameLength} characters)`
  const parsed = ToolSchema.safeParse(listed)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const why = issue ? `${issue.path.join('.')}: ${issue.message}` : 'not a tool'
    // The path can hold the server's own keys, of any length.
    return `${quoted(name)} (${why.length > 200 ? `${why.slice(0, 200)}…` : why})`
  }
  const tool = parsed.data
  // Before anything walks the schema: JSON.stringify, the page's lint and the model recurse.
  const over = exceededLimit(tool.inputSchema, SCHEMA_LIMITS)
  if (over === 'depth') return `${quoted(name)} (its input schema is nested deeper than ${SCHEMA_LIMITS.depth} levels)`
  if (over === 'values') return `${quoted(name)} (its input schema has over ${SCHEMA_LIMITS.values} values)`
  const schemaLength = JSON.stringify(tool.inputSchema).length
  if (schemaLength > SCHEMA_LIMITS.length) return `${quoted(name)} (its input schema is over ${SCHEMA_LIMITS.length} characters)`
  const full = tool.description ?? tool.title ?? name
  const description = full.length > LISTING_LIMITS.descriptionLength ? `${full.slice(0, LISTING_LIMITS.descriptionLength)}…` : full
  return {
    original: name,
    info: { name: mcpToolName(server, name), description, parameters: tool.inputSchema, server },
    // A tool that requires a task fails when called plainly (protocol 2025-11-25); "optional" runs plainly.
    task: tool.execution?.taskSupport === 'required',
    length: schemaLength + description.length,
  }
}

/** Statuses whose responses have no body (a Response cannot be built with one). */
const BODILESS = new Set([101, 103, 204, 205, 304])

/**
 * fetch for Streamable HTTP with each message bounded by MAX_MESSAGE_BYTES, as the SDK bounds a
 * stdio line: a JSON body in all, an event stream per event (it may stay open for long). Without
 * it, a body that never ends is read into memory until the process runs out. A POST carries one
 * request, whose answer is of no use after the request's time-out: it is ended at `postLimitMs`
 * (the SDK gives up on the request but leaves its fetch open, so a server that sends a byte now
 * and then would keep a connection per call).
 */
const boundedFetch =
  (postLimitMs: number): FetchLike =>
  async (url, init) => {
    const limit = init?.method === 'POST' ? AbortSignal.timeout(postLimitMs) : null
    const signal = limit && init?.signal ? AbortSignal.any([limit, init.signal]) : (limit ?? init?.signal)
    const response = await fetch(url, { ...init, ...(signal ? { signal } : {}) })
    if (!response.body || BODILESS.has(response.status)) return response
    const eventStream = response.headers.get('content-type')?.includes('text/event-stream') ?? false
    return new Response(response.body.pipeThrough(messageLimit(eventStream)), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    })
  }

const LF = 0x0a
const CR = 0x0d

/** Passes bytes through until one message (the whole body, or one event: up to a blank line) is over the limit. */
function messageLimit(eventStream: boolean): TransformStream<Uint8Array, Uint8Array> {
  let message = 0
  let line = 0
  let afterCR = false
  return new TransformStream({
    transform(chunk, controller) {
      if (!eventStream) message += chunk.length
      else
        for (const byte of chunk) {
          // An event ends at an empty line; a line ends at CR, LF or CRLF (one ending, not two).
          if (byte === LF && afterCR) {
            afterCR = false
            continue
          }
          afterCR = byte === CR
          if (byte === LF || byte === CR) {
            if (line === 0) message = 0
            line = 0
          } else {
            line++
            message++
          }
        }
      if (message > MAX_MESSAGE_BYTES)
        controller.error(new McpMessageTooLarge(`The server sent a message over ${MAX_MESSAGE_BYTES / 1024 / 1024} MB.`))
      else controller.enqueue(chunk)
    },
  })
}

export class McpMessageTooLarge extends Error {
  override name = 'McpMessageTooLarge'
}
