/**
 * A real MCP server built with the official SDK's McpServer, in the shapes the reference server
 * @modelcontextprotocol/server-everything sends: an image, an embedded resource (text and blob),
 * resource links, audio, a slow tool that reports progress, a tool that requires task-based
 * execution (protocol 2025-11-25), and resources, resource templates and prompts to list. Over
 * Streamable HTTP it keeps sessions as the SDK's examples do, and answers a session it does not
 * know as told: 404 (the specification) or 400 "Bad Request: No valid session ID provided" (the
 * examples, and server-everything). Run it as
 *   node --import tsx e2e/standIns/mcpFeatureServer.ts stdio
 *   node --import tsx e2e/standIns/mcpFeatureServer.ts http <port> [404|400]
 * or import startFeatureHttpServer for a server in the test's own process.
 */
import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http'
import { InMemoryTaskStore } from '@modelcontextprotocol/sdk/experimental/tasks/stores/in-memory.js'
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { isInitializeRequest, type Task } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'

/** A 1×1 PNG, as server-everything's get-tiny-image sends its (larger) one: base64 in `data`. */
export const TINY_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='

export const README_URI = 'demo://resource/static/document/README.md'
export const README_TEXT = '# Demo\n\nThe embedded resource’s text, as server-everything’s get-resource-reference sends it.'

/** What the task tool's server saw: tasks it was asked to cancel. */
export const taskLog = { cancelled: [] as string[] }

/** An InMemoryTaskStore that notes each cancellation, so a test can see Abort reach the server. */
class WatchedTaskStore extends InMemoryTaskStore {
  override async updateTaskStatus(taskId: string, status: Task['status'], statusMessage?: string, sessionId?: string): Promise<void> {
    if (status === 'cancelled') taskLog.cancelled.push(taskId)
    await super.updateTaskStatus(taskId, status, statusMessage, sessionId)
  }
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

export function createFeatureServer(taskStore = new WatchedTaskStore()): McpServer {
  const server = new McpServer(
    { name: 'feature-tools', version: '1.0.0' },
    { capabilities: { tasks: { requests: { tools: { call: {} } }, cancel: {} } }, taskStore },
  )
  server.registerTool('tiny_image', { description: 'Returns a tiny PNG image.' }, () => ({
    content: [
      { type: 'text', text: 'This is a tiny image:' },
      { type: 'image', data: TINY_PNG, mimeType: 'image/png' },
      { type: 'text', text: 'The image above is the MCP logo.' },
    ],
  }))
  server.registerTool('big_image', { description: 'Returns an image over the playground’s limit.' }, () => ({
    content: [{ type: 'image', data: 'A'.repeat(1_500_000), mimeType: 'image/png' }],
  }))
  server.registerTool('resource_reference', { description: 'Returns an embedded text resource and a blob.' }, () => ({
    content: [
      { type: 'text', text: 'Returning resource reference:' },
      { type: 'resource', resource: { uri: README_URI, mimeType: 'text/markdown', text: README_TEXT } },
      {
        type: 'resource',
        resource: { uri: 'demo://resource/static/blob/data.bin', mimeType: 'application/octet-stream', blob: 'AAECAwQF' },
      },
    ],
  }))
  server.registerTool('resource_links', { description: 'Returns links to resources.' }, () => ({
    content: [
      { type: 'text', text: 'Here are 2 resource links.' },
      { type: 'resource_link', uri: README_URI, name: 'README.md', mimeType: 'text/markdown', description: 'The demo README' },
      { type: 'resource_link', uri: 'demo://resource/dynamic/7', name: 'Resource 7' },
    ],
  }))
  server.registerTool('audio_clip', { description: 'Returns a short audio clip.' }, () => ({
    content: [{ type: 'audio', data: 'UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQAAAAA=', mimeType: 'audio/wav' }],
  }))
  server.registerTool(
    'slow',
    {
      description: 'Answers after `ms`, reporting progress every `every` ms when asked for it.',
      inputSchema: { ms: z.number(), every: z.number().optional() },
    },
    async ({ ms, every }, extra) => {
      const token = extra._meta?.progressToken
      const started = Date.now()
      for (let step = 1; Date.now() - started < ms; step++) {
        await sleep(Math.min(every ?? ms, ms - (Date.now() - started)))
        if (token !== undefined && every !== undefined)
          await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: step } })
      }
      return { content: [{ type: 'text', text: `Done after ${ms} ms.` }] }
    },
  )
  server.experimental.tasks.registerToolTask(
    'research',
    {
      description: 'A research query that runs as a task (it requires task-based execution).',
      inputSchema: { topic: z.string(), ms: z.number() },
      execution: { taskSupport: 'required' },
    },
    {
      async createTask({ topic, ms }, { taskStore: store, taskRequestedTtl }) {
        const task = await store.createTask({ ttl: taskRequestedTtl, pollInterval: 100 })
        void (async () => {
          await sleep(ms)
          const current = await store.getTask(task.taskId)
          if (current?.status !== 'working') return
          await store.storeTaskResult(task.taskId, 'completed', {
            content: [{ type: 'text', text: `Research on ${topic}: three sources agree.` }],
            structuredContent: { topic, sources: 3 },
          })
        })()
        return { task }
      },
      getTask: (_args, { taskId, taskStore: store }) => store.getTask(taskId),
      getTaskResult: async (_args, { taskId, taskStore: store }) =>
        (await store.getTaskResult(taskId)) as { content: { type: 'text'; text: string }[] },
    },
  )
  server.registerResource('readme', README_URI, { description: 'The demo README', mimeType: 'text/markdown' }, (uri) => ({
    contents: [{ uri: uri.href, mimeType: 'text/markdown', text: README_TEXT }],
  }))
  server.registerResource(
    'dynamic',
    new ResourceTemplate('demo://resource/dynamic/{id}', { list: undefined }),
    { description: 'A resource made for each id' },
    (uri) => ({ contents: [{ uri: uri.href, text: `Resource ${uri.href}` }] }),
  )
  server.registerPrompt('simple-prompt', { description: 'A prompt without arguments' }, () => ({
    messages: [{ role: 'user', content: { type: 'text', text: 'This is a simple prompt.' } }],
  }))
  server.registerPrompt(
    'args-prompt',
    { description: 'A prompt with arguments', argsSchema: { city: z.string().describe('Name of the city'), state: z.string().optional() } },
    ({ city }) => ({ messages: [{ role: 'user', content: { type: 'text', text: `What is the weather in ${city}?` } }] }),
  )
  return server
}

export interface FeatureHttpServer {
  url: string
  /** What a restart loses: every session. */
  forgetSessions: () => void
  close: () => Promise<void>
}

/**
 * Streamable HTTP with a session per client, as the SDK's simpleStreamableHttp example keeps them;
 * a request with a session id it does not know is answered `unknownSession` (404 or 400).
 */
export async function startFeatureHttpServer(unknownSession: 404 | 400, port = 0): Promise<FeatureHttpServer> {
  const sessions = new Map<string, StreamableHTTPServerTransport>()
  const taskStore = new WatchedTaskStore()
  const http: HttpServer = createServer((request, response) => void handle(request, response))
  async function handle(request: IncomingMessage, response: ServerResponse) {
    const id = request.headers['mcp-session-id']
    const sessionId = typeof id === 'string' ? id : undefined
    const known = sessionId ? sessions.get(sessionId) : undefined
    if (known) return known.handleRequest(request, response)
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const body: unknown = chunks.length > 0 ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined
    if (!sessionId && request.method === 'POST' && isInitializeRequest(body)) {
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (created) => void sessions.set(created, transport),
      })
      transport.onclose = () => {
        if (transport.sessionId) sessions.delete(transport.sessionId)
      }
      await createFeatureServer(taskStore).connect(transport)
      return transport.handleRequest(request, response, body)
    }
    response.writeHead(unknownSession, { 'content-type': 'application/json' })
    response.end(
      JSON.stringify({
        jsonrpc: '2.0',
        error:
          unknownSession === 404
            ? { code: -32001, message: 'Session not found' }
            : { code: -32000, message: 'Bad Request: No valid session ID provided' },
        id: null,
      }),
    )
  }
  await new Promise<void>((done) => http.listen(port, '127.0.0.1', done))
  const { port: bound } = http.address() as { port: number }
  return {
    url: `http://127.0.0.1:${bound}/mcp`,
    forgetSessions: () => sessions.clear(),
    close: async () => {
      sessions.clear()
      http.closeAllConnections()
      await new Promise((done) => http.close(done))
    },
  }
}

const [mode, port, unknown] = process.argv.slice(2)
if (import.meta.filename === process.argv[1]) {
  if (mode === 'http') await startFeatureHttpServer(unknown === '404' ? 404 : 400, Number(port))
  else await createFeatureServer().connect(new StdioServerTransport())
}
