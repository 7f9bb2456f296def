/**
 * An MCP server over Streamable HTTP written without the SDK: plain JSON-RPC over node:http, one
 * JSON body per request, a session id from `initialize`. A request with a session id it does not
 * know is answered as many servers do after a restart: HTTP 400 with
 * `{"jsonrpc":"2.0","error":{"code":-32000,"message":"Bad Request: No valid session ID provided"},"id":null}`.
 * One tool, `echo`. Import startRawSessionServer, or run
 *   node --import tsx e2e/standIns/rawSessionMcpServer.ts <port>
 */
import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'

export interface RawSessionServer {
  url: string
  /** What a restart loses: every session. */
  restart: () => void
  /** Requests answered 400 for an unknown session, and initialize requests, so far. */
  counts: { refused: number; initialized: number }
  close: () => Promise<void>
}

const json = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  response.writeHead(status, { 'content-type': 'application/json', ...headers })
  response.end(JSON.stringify(body))
}

export async function startRawSessionServer(port = 0): Promise<RawSessionServer> {
  const sessions = new Set<string>()
  const counts = { refused: 0, initialized: 0 }
  const http = createServer((request: IncomingMessage, response: ServerResponse) => {
    void (async () => {
      if (request.method === 'GET')
        return json(response, 405, { jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null })
      if (request.method === 'DELETE') return void response.writeHead(200).end()
      const chunks: Buffer[] = []
      for await (const chunk of request) chunks.push(chunk as Buffer)
      const message = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        id?: number | string
        method: string
        params?: Record<string, unknown>
      }
      const session = request.headers['mcp-session-id']
      if (message.method === 'initialize') {
        counts.initialized++
        const id = randomUUID()
        sessions.add(id)
        return json(
          response,
          200,
          {
            jsonrpc: '2.0',
            id: message.id,
            result: { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'raw-session', version: '1.0.0' } },
          },
          { 'mcp-session-id': id },
        )
      }
      if (typeof session !== 'string' || !sessions.has(session)) {
        counts.refused++
        return json(response, 400, {
          jsonrpc: '2.0',
          error: { code: -32000, message: 'Bad Request: No valid session ID provided' },
          id: null,
        })
      }
      if (message.id === undefined) return void response.writeHead(202).end()
      switch (message.method) {
        case 'tools/list':
          return json(response, 200, {
            jsonrpc: '2.0',
            id: message.id,
            result: {
              tools: [
                {
                  name: 'echo',
                  description: 'Echoes its text.',
                  inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
                },
              ],
            },
          })
        case 'tools/call': {
          const args = (message.params?.arguments ?? {}) as { text?: unknown }
          return json(response, 200, {
            jsonrpc: '2.0',
            id: message.id,
            result: { content: [{ type: 'text', text: `echo: ${String(args.text)}` }] },
          })
        }
        default:
          return json(response, 200, { jsonrpc: '2.0', id: message.id, error: { code: -32601, message: `No method ${message.method}` } })
      }
    })()
  })
  await new Promise<void>((done) => http.listen(port, '127.0.0.1', done))
  const { port: bound } = http.address() as { port: number }
  return {
    url: `http://127.0.0.1:${bound}/mcp`,
    restart: () => sessions.clear(),
    counts,
    close: async () => {
      http.closeAllConnections()
      await new Promise((done) => http.close(done))
    },
  }
}

if (import.meta.filename === process.argv[1]) await startRawSessionServer(Number(process.argv[2]))
