/**
 * A local OpenAI-compatible server for the tests, on loopback: it records every request and
 * answers Chat Completions with a script of streamed replies or failures.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http'

export type FakeReply =
  | { kind: 'text'; text: string }
  | { kind: 'tool'; name: string; arguments: string; split?: number }
  | { kind: 'status'; status: number; message: string; retryAfter?: number }
  | { kind: 'drop'; text: string }
  | { kind: 'slow'; pieces: string[]; delayMs: number }

export interface RecordedRequest {
  headers: IncomingMessage['headers']
  body: { model: string; messages: { role: string; content: string | null }[]; tools?: { function: { name: string } }[]; stream?: boolean }
}

export class FakeOpenAI {
  readonly requests: RecordedRequest[] = []
  private replies: FakeReply[] = []
  private server: Server | null = null

  script(...replies: FakeReply[]) {
    this.replies = replies
    this.requests.length = 0
  }

  async start(port: number): Promise<void> {
    this.server = createServer(async (request, response) => {
      // The browser-key mode calls this server directly from the page: answer CORS like a real API.
      response.setHeader('access-control-allow-origin', '*')
      if (request.method === 'OPTIONS') {
        response.writeHead(204, {
          'access-control-allow-methods': 'POST',
          'access-control-allow-headers': String(request.headers['access-control-request-headers'] ?? '*'),
        })
        response.end()
        return
      }
      let raw = ''
      for await (const chunk of request) raw += String(chunk)
      this.requests.push({ headers: request.headers, body: JSON.parse(raw || '{}') })
      const reply = this.replies.shift() ?? { kind: 'text', text: '(no more scripted replies)' }
      if (reply.kind === 'status') {
        response.writeHead(reply.status, {
          'content-type': 'application/json',
          ...(reply.retryAfter !== undefined ? { 'retry-after': String(reply.retryAfter) } : {}),
        })
        response.end(JSON.stringify({ error: { message: reply.message, type: 'test_error' } }))
        return
      }
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
      const send = (delta: object, finish: string | null = null) =>
        response.write(
          `data: ${JSON.stringify({ id: 'chatcmpl-test', object: 'chat.completion.chunk', created: 0, model: 'test-model', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
        )
      if (reply.kind === 'slow') {
        send({ role: 'assistant', content: '' })
        for (const piece of reply.pieces) {
          if (response.destroyed) return
          send({ content: piece })
          await new Promise((resolve) => setTimeout(resolve, reply.delayMs))
        }
        send({}, 'stop')
        response.end('data: [DONE]\n\n')
        return
      }
      if (reply.kind === 'text' || reply.kind === 'drop') {
        send({ role: 'assistant', content: '' })
        for (const piece of reply.text.match(/.{1,8}/gsu) ?? []) send({ content: piece })
        if (reply.kind === 'drop') {
          // Let the partial reply reach the client first, then cut the connection mid-stream.
          setTimeout(() => response.destroy(), 150)
          return
        }
        send({}, 'stop')
      } else {
        const at = reply.split ?? Math.floor(reply.arguments.length / 2)
        send({
          role: 'assistant',
          content: null,
          tool_calls: [{ index: 0, id: 'call_test_1', type: 'function', function: { name: reply.name, arguments: '' } }],
        })
        send({ tool_calls: [{ index: 0, function: { arguments: reply.arguments.slice(0, at) } }] })
        send({ tool_calls: [{ index: 0, function: { arguments: reply.arguments.slice(at) } }] })
        send({}, 'tool_calls')
      }
      // As the API does when asked (stream_options.include_usage): a last chunk with no choices and the token counts.
      const body = this.requests.at(-1)!.body as { stream_options?: { include_usage?: boolean } }
      if (body.stream_options?.include_usage)
        response.write(
          `data: ${JSON.stringify({ id: 'chatcmpl-test', object: 'chat.completion.chunk', created: 0, model: 'test-model', choices: [], usage: { prompt_tokens: 100, completion_tokens: 7, total_tokens: 107 } })}\n\n`,
        )
      response.end('data: [DONE]\n\n')
    })
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve))
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve))
  }
}
