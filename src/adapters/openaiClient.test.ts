import { describe, expect, it } from 'vitest'
import { createOpenAIModel } from './openaiClient'

/** A fetch that answers every request with these server-sent events. */
function streaming(events: unknown[]): typeof fetch {
  return async () =>
    new Response(events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join('') + 'data: [DONE]\n\n', {
      status: 200,
      headers: { 'content-type': 'text/event-stream' },
    })
}

const chunk = (delta: unknown, finish: string | null = null) => ({
  id: 'c',
  object: 'chat.completion.chunk',
  created: 0,
  model: 'm',
  choices: [{ index: 0, delta, finish_reason: finish }],
})

/** A fetch that answers with these raw server-sent event lines. */
function rawStream(body: string): typeof fetch {
  return async () => new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } })
}

describe('the OpenAI-compatible client', () => {
  it('says in words when the stream is not JSON, and ignores chunks that are not chunk objects', async () => {
    const request = () => ({
      messages: [{ role: 'user' as const, content: 'x' }],
      tools: [],
      protocol: 'native' as const,
      signal: new AbortController().signal,
      onText: () => {},
    })
    const broken = createOpenAIModel({
      baseURL: 'http://127.0.0.1:9/v1',
      apiKey: 'k',
      model: 'm',
      label: 't',
      fetch: rawStream('data: {oops\n\n'),
    })
    const error = await broken.complete(request()).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Error)
    expect((error as Error).message).toMatch(/not valid OpenAI-style JSON/)
    expect((error as Error).message).not.toMatch(/Expected property name/)

    const odd = createOpenAIModel({
      baseURL: 'http://127.0.0.1:9/v1',
      apiKey: 'k',
      model: 'm',
      label: 't',
      fetch: rawStream(
        `data: 5\n\ndata: null\n\ndata: {"choices":"x"}\n\ndata: ${JSON.stringify(chunk({ content: 'hi' }, 'stop'))}\n\ndata: [DONE]\n\n`,
      ),
    })
    await expect(odd.complete(request())).resolves.toMatchObject({ text: 'hi' })
  })

  it('accepts only integer tool-call indexes: "__proto__" from an upstream never reaches a prototype', async () => {
    const model = createOpenAIModel({
      baseURL: 'http://127.0.0.1:9/v1',
      apiKey: 'k',
      model: 'm',
      label: 'test',
      fetch: streaming([
        chunk({ tool_calls: [{ index: '__proto__', id: 'polluted', function: { name: 'x', arguments: '{}' } }] }),
        chunk(
          { tool_calls: [{ index: 0, id: 'call_a', function: { name: 'calculator', arguments: '{"expression":"1+1"}' } }] },
          'tool_calls',
        ),
      ]),
    })
    const reply = await model.complete({
      messages: [{ role: 'user', content: 'x' }],
      tools: [],
      protocol: 'native',
      signal: new AbortController().signal,
      onText: () => {},
    })
    expect(reply.toolCalls).toEqual([{ id: 'call_a', name: 'calculator', arguments: '{"expression":"1+1"}' }])
    expect((Array.prototype as unknown as { id?: unknown }).id).toBeUndefined()
    expect(({} as { id?: unknown }).id).toBeUndefined()
  })
})
