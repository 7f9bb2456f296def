/**
 * A real MCP server for the tests, built with the official SDK: tools `add`, `shout`, `fail` (an
 * isError result) and `slow` (never answers). Run it as
 *   node --import tsx e2e/standIns/mcpTestServer.ts stdio
 *   node --import tsx e2e/standIns/mcpTestServer.ts http <port>
 *   node --import tsx e2e/standIns/mcpTestServer.ts exit       (writes to stderr and exits at once)
 */
import { createServer } from 'node:http'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'

const TOOLS = [
  {
    name: 'add',
    description: 'Add two numbers.',
    inputSchema: {
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number' } },
      required: ['a', 'b'],
      additionalProperties: false,
    },
  },
  {
    name: 'shout',
    description: 'Upper-case a text.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  },
  { name: 'fail', description: 'Always reports an error.', inputSchema: { type: 'object', properties: {} } },
  { name: 'slow', description: 'Never answers.', inputSchema: { type: 'object', properties: {} } },
]

function createMcpServer(): Server {
  const server = new Server({ name: 'test-tools', version: '1.0.0' }, { capabilities: { tools: {} } })
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: TOOLS }))
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const args = request.params.arguments ?? {}
    switch (request.params.name) {
      case 'add': {
        const sum = Number(args.a) + Number(args.b)
        return { content: [{ type: 'text', text: `The sum is ${sum}.` }], structuredContent: { sum } }
      }
      case 'shout':
        return { content: [{ type: 'text', text: String(args.text).toUpperCase() }] }
      case 'fail':
        return { content: [{ type: 'text', text: 'The test tool failed on purpose.' }], isError: true }
      case 'slow':
        await new Promise(() => undefined)
        return { content: [] }
      default:
        return { content: [{ type: 'text', text: `Unknown tool ${request.params.name}` }], isError: true }
    }
  })
  return server
}

const [mode, port] = process.argv.slice(2)
if (mode === 'exit') {
  process.stderr.write('test-tools: cannot open its database (on purpose)\n')
  process.exit(3)
} else if (mode === 'http') {
  // Stateless Streamable HTTP: one server and transport per request.
  createServer(async (request, response) => {
    const server = createMcpServer()
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined })
    response.on('close', () => void transport.close().then(() => server.close()))
    await server.connect(transport)
    await transport.handleRequest(request, response)
  }).listen(Number(port), '127.0.0.1')
} else {
  process.stderr.write('test-tools: ready on stdio\n')
  await createMcpServer().connect(new StdioServerTransport())
}
