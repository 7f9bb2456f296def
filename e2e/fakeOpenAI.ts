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
  /**
   * A stream exactly as given, in the shape of a server family (e2e/familyStreams.ts): each event
   * an object (sent as `data: <json>`) or a raw line (an SSE comment, a malformed line), then
   * `[DONE]` unless `done` is false; `end: 'drop'` cuts the connection instead of ending it.
   */
  | { kind: 'events'; events: (object | string)[]; done?: boolean; end?: 'close' | 'drop' }
  /** A body sent as it is, with this content type (a whole JSON completion answering a streaming request). */
  | { kind: 'body'; body: string; contentType: string }

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

  /** The base URL to point a client or the proxy at (`/v1`), once started. */
  get baseUrl(): string {
    const address = this.server?.address()
    if (!address || typeof address === 'string') throw new Error('The fake OpenAI server is not listening.')
    return `http://127.0.0.1:${address.port}/v1`
  }

  /** On loopback, at `port` (0: any free one, see `baseUrl`). */
  async start(port = 0): Promise<void> {
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
      if (reply.kind === 'body') {
        response.writeHead(200, { 'content-type': reply.contentType })
        response.end(reply.body)
        return
      }
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
      if (reply.kind === 'events') {
        for (const event of reply.events) response.write(typeof event === 'string' ? `${event}\n\n` : `data: ${JSON.stringify(event)}\n\n`)
        if (reply.end === 'drop') {
          // Let what was sent reach the client first, then cut the connection mid-stream.
          setTimeout(() => response.destroy(), 100)
          return
        }
        response.end(reply.done === false ? '' : 'data: [DONE]\n\n')
        return
      }
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
