/**
 * Hostile MCP servers for the tests, built with the official SDK: each mode is a server that
 * sends what a careless or malicious one can (docs/live-tools.md, "What an MCP server can send").
 * Run it as `node --import tsx e2e/standIns/hostileMcpServer.ts <mode>` (stdio) or
 * `... http <port>` (Streamable HTTP on 127.0.0.1). The modes:
 *   deep-result   `deep_result` answers with structured content 100,000 levels deep
 *   deep-schema   `deep_schema` takes arguments 3,000 levels deep
 *   redos         `redos` declares an output pattern that backtracks, and answers what makes it
 *   odd           a name over 128 characters, a 140,000-character description, a malformed tool,
 *                 two names that read alike
 * each beside one ordinary tool, `echo`; and
 *   endless       tools/list always has a next page
 *   many          5,000 tools on one page
 *   noisy         prints non-JSON lines on stdout and floods stderr, then serves `echo`
 *   http          over Streamable HTTP: at /slow-endless a listing that always has a next page,
 *                 each after a pause; at /silent a server that never answers; at any other path
 *                 `echo`, `endless_body` and `endless_event`, whose answers never end (a JSON
 *                 body, one event of an event stream), `trickle`, whose answer comes a byte at a
 *                 time, and `sent`, which says how much of the last of those answers was sent
 *                 and whether the client hung up
 * A deep value is too deep for the SDK's own JSON.stringify, so the transport writes it into the
 * message text where a placeholder stands, as a server with another JSON encoder would send it.
 */
import { createServer, type ServerResponse } from 'node:http'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { CallToolRequestSchema, ListToolsRequestSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'

/** `{"a": {"a": … {} … }}`, `levels` objects deep, as text. */
const nestedText = (levels: number) => '{"a":'.repeat(levels) + '{}' + '}'.repeat(levels)
/** A schema `levels` object schemas deep, each the property `x` of the one above, as text. */
const nestedSchemaText = (levels: number) =>
  '{"type":"object","properties":{"x":'.repeat(levels) + '{"type":"string"}' + '}}'.repeat(levels)

const PLACEHOLDERS: Record<string, string> = {
  '@@deep-result@@': nestedText(100_000),
  '@@deep-schema@@': nestedSchemaText(3_000),
}

/** Writes each message as one line, with the placeholders replaced by their text. */
class RawStdioTransport extends StdioServerTransport {
  override send(message: JSONRPCMessage): Promise<void> {
    let line = JSON.stringify(message)
    for (const [placeholder, text] of Object.entries(PLACEHOLDERS)) line = line.replace(`"${placeholder}"`, () => text)
    return new Promise((resolve) => {
      if (process.stdout.write(line + '\n')) resolve()
      else process.stdout.once('drain', resolve)
    })
  }
}

const echo = {
  name: 'echo',
  description: 'Answers with its text.',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
}

const TOOLS: Record<string, object[]> = {
  'deep-result': [
    { name: 'deep_result', description: 'Answers with structured content 100,000 levels deep.', inputSchema: { type: 'object' } },
  ],
  'deep-schema': [
    {
      name: 'deep_schema',
      description: 'Takes arguments 3,000 levels deep.',
      inputSchema: { type: 'object', properties: { x: '@@deep-schema@@' } },
    },
  ],
  redos: [
    {
      name: 'redos',
      description: 'Declares an output pattern that backtracks.',
      inputSchema: { type: 'object' },
      outputSchema: { type: 'object', properties: { word: { type: 'string', pattern: '^(a+)+$' } }, required: ['word'] },
    },
  ],
  odd: [
    { name: `long_${'n'.repeat(300)}`, description: 'A name over 128 characters.', inputSchema: { type: 'object' } },
    { name: 'wordy', description: 'Wordy. '.repeat(20_000), inputSchema: { type: 'object' } },
    { name: 'shapeless', description: 'Its input schema is not an object schema.', inputSchema: { type: 'string' } },
    { name: 'dot_ted', description: 'A name of its own.', inputSchema: { type: 'object' } },
    { name: 'dot.ted', description: 'A name that reads as dot_ted.', inputSchema: { type: 'object' } },
  ],
}

function hostileServer(mode: string): Server {
  const server = new Server({ name: `hostile-${mode}`, version: '1.0.0' }, { capabilities: { tools: {} } })
  server.setRequestHandler(ListToolsRequestSchema, (request) => {
    if (mode === 'endless' || mode === 'slow-endless') {
      const page = Number(request.params?.cursor?.slice('page-'.length) ?? 0)
      const answer = { tools: [{ ...echo, name: `echo_${page}` }], nextCursor: `page-${page + 1}` }
      return mode === 'endless' ? answer : new Promise<typeof answer>((resolve) => setTimeout(() => resolve(answer), 500))
    }
    if (mode === 'many') return { tools: Array.from({ length: 5000 }, (_, index) => ({ ...echo, name: `echo_${index}` })) }
    if (mode === 'http')
      return {
        tools: [
          echo,
          ...['endless_body', 'endless_event', 'trickle', 'sent'].map((name) => ({
            name,
            description: name,
            inputSchema: { type: 'object' },
          })),
        ] as never,
      }
    return { tools: [echo, ...(TOOLS[mode] ?? [])] as never }
  })
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    switch (request.params.name) {
      case 'deep_result':
        return { content: [{ type: 'text', text: 'Deep.' }], structuredContent: { nested: '@@deep-result@@' } }
      case 'sent':
        return { content: [{ type: 'text', text: JSON.stringify(lastEndless) }], structuredContent: { ...lastEndless } }
      case 'redos':
        return { content: [{ type: 'text', text: 'A word.' }], structuredContent: { word: `${'a'.repeat(34)}!` } }
      default:
        return { content: [{ type: 'text', text: String(request.params.arguments?.text ?? request.params.name) }] }
    }
  })
  return server
}

/** How much of the last endless answer went out, and whether the client hung up on it. */
const lastEndless = { bytes: 0, hungUp: false }
/** The stand-in's own bound, so that a client that never hangs up is not sent more than this. */
const ENDLESS_BYTES = 256 * 1024 * 1024

/** An answer that starts as `start` and then keeps coming, as fast as the client reads it. */
function sendForever(response: ServerResponse, type: string, start: string) {
  Object.assign(lastEndless, { bytes: 0, hungUp: false })
  response.on('close', () => (lastEndless.hungUp = !response.writableFinished))
  response.writeHead(200, { 'content-type': type })
  response.write(start)
  const chunk = 'x'.repeat(64 * 1024)
  const more = () => {
    while (!response.destroyed) {
      if (lastEndless.bytes >= ENDLESS_BYTES) return void response.end('"}]}}\n\n')
      lastEndless.bytes += chunk.length
      if (!response.write(chunk)) return void response.once('drain', more)
    }
  }
  more()
}

/** The stand-in's own bound for a trickle, so that a client that never hangs up is not kept forever. */
const TRICKLE_BYTES = 600

/** An answer that starts as `start` and then comes one byte at a time, slowly, without end. */
function trickle(response: ServerResponse, start: string) {
  Object.assign(lastEndless, { bytes: 0, hungUp: false })
  response.on('close', () => (lastEndless.hungUp = !response.writableFinished))
  response.writeHead(200, { 'content-type': 'application/json' })
  response.write(start)
  const drip = setInterval(() => {
    if (response.destroyed) return clearInterval(drip)
    if (++lastEndless.bytes < TRICKLE_BYTES) return void response.write('x')
    clearInterval(drip)
    response.end('"}]}}')
  }, 100)
}

const [mode = 'odd', port] = process.argv.slice(2)
if (mode === 'http') {
  createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://stand-in').pathname
    // A server busy with something else: the request is taken, and never answered.
    if (path === '/silent') return
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      const message = JSON.parse(body || '{}') as { id?: number; method?: string; params?: { name?: string } }
      const start = `{"jsonrpc":"2.0","id":${message.id},"result":{"content":[{"type":"text","text":"`
      if (message.method === 'tools/call' && message.params?.name === 'endless_body')
        return sendForever(response, 'application/json', start)
      if (message.method === 'tools/call' && message.params?.name === 'endless_event')
        return sendForever(response, 'text/event-stream', `event: message\ndata: ${start}`)
      if (message.method === 'tools/call' && message.params?.name === 'trickle') return trickle(response, start)
      // Everything else through the SDK: stateless, one server and transport per request.
      const server = hostileServer(path === '/slow-endless' ? 'slow-endless' : mode)
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true })
      response.on('close', () => void transport.close().then(() => server.close()))
      void server.connect(transport).then(() => transport.handleRequest(request, response, JSON.parse(body || 'null')))
    })
  }).listen(Number(port), '127.0.0.1')
} else {
  if (mode === 'noisy') {
    // Log lines on stdout (a common mistake) and a flood on stderr, before and while serving.
    process.stdout.write('starting up...\nnot json {\n')
    const flood = 'warning: something is noisy '.repeat(2000) + '\n'
    let left = 200
    const spill = () => {
      while (left-- > 0) if (!process.stderr.write(flood)) return void process.stderr.once('drain', spill)
    }
    spill()
  }
  await hostileServer(mode).connect(new RawStdioTransport())
}
