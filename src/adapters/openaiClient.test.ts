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

/** A fetch that answers with these pieces of body, each read separately, then ends (or breaks off). */
function piecewise(parts: string[], { contentType = 'text/event-stream', breakOff = false } = {}): typeof fetch {
  return async () => {
    const encoder = new TextEncoder()
    let at = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (at < parts.length) controller.enqueue(encoder.encode(parts[at++]))
        else if (breakOff) controller.error(new TypeError('terminated'))
        else controller.close()
      },
    })
    return new Response(body, { status: 200, headers: { 'content-type': contentType } })
  }
}

const ask = (onText: (delta: string) => void = () => {}) => ({
  messages: [{ role: 'user' as const, content: 'x' }],
  tools: [],
  protocol: 'native' as const,
  signal: new AbortController().signal,
  onText,
})

const modelWith = (fetch: typeof globalThis.fetch) =>
  createOpenAIModel({ baseURL: 'http://127.0.0.1:9/v1', apiKey: 'k', model: 'm', label: 't', fetch })

describe('how a reply ends', () => {
  it('[DONE] ends a turn without a finish_reason, even when it arrives split across reads', async () => {
    const event = `data: ${JSON.stringify(chunk({ content: 'No finish reason.' }))}\r\n\r\n`
    const reply = await modelWith(piecewise([event.slice(0, 9), event.slice(9), 'data: [DO', 'NE]\r\n\r\n'])).complete(ask())
    expect(reply.text).toBe('No finish reason.')
  })

  it('a body that ends with neither says the connection dropped; one that breaks off says why', async () => {
    const event = `data: ${JSON.stringify(chunk({ content: 'Half' }))}\n\n`
    await expect(modelWith(piecewise([event])).complete(ask())).rejects.toThrow(
      'The stream ended before the model finished (the connection dropped).',
    )
    await expect(modelWith(piecewise([event], { breakOff: true })).complete(ask())).rejects.toThrow(
      'The stream ended before the model finished (the connection dropped: terminated).',
    )
  })

  it('a whole JSON completion answering the streaming request is read as one chunk, however it arrives', async () => {
    const whole = JSON.stringify(
      {
        object: 'chat.completion',
        choices: [{ index: 0, message: { role: 'assistant', content: '<think>Easy.</think>Whole.' }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 4, completion_tokens: 2 },
      },
      null,
      2,
    )
    let streamed = ''
    const reply = await modelWith(piecewise(['\n  ', whole.slice(0, 30), whole.slice(30)], { contentType: 'application/json' })).complete(
      ask((delta) => (streamed += delta)),
    )
    expect(reply).toEqual({ text: 'Whole.', toolCalls: [], reasoning: 'Easy.', usage: { input: 4, output: 2 } })
    expect(streamed).toBe('Whole.')
    // Whatever its content type says: a body that starts with "{" is a completion.
    await expect(modelWith(piecewise([whole], { contentType: 'text/plain' })).complete(ask())).resolves.toMatchObject({ text: 'Whole.' })
    const broken = await modelWith(piecewise(['{"choices": [', '\n'], { contentType: 'application/json' }))
      .complete(ask())
      .catch((e: unknown) => e)
    expect((broken as Error).message).toMatch(/not valid OpenAI-style JSON/)
  })

  it('an error the server streams keeps its own words', async () => {
    await expect(
      modelWith(streaming([chunk({ content: 'x' }), { object: 'error', message: 'CUDA out of memory', code: 500 }])).complete(ask()),
    ).rejects.toThrow(/^The model server reported an error: CUDA out of memory$/)
    await expect(
      modelWith(streaming([chunk({ content: 'x' }), { error: { message: 'Provider disconnected', code: 502 } }])).complete(ask()),
    ).rejects.toThrow(/^The model server answered an error: Provider disconnected$/)
  })

  it('the reasoning comes back beside the answer, and only the answer streams', async () => {
    let streamed = ''
    const reply = await modelWith(
      streaming([
        chunk({ reasoning_content: 'First, ' }),
        chunk({ content: '<think>then' }),
        chunk({ content: '</think>Answer.' }, 'stop'),
      ]),
    ).complete(ask((delta) => (streamed += delta)))
    expect(reply).toMatchObject({ text: 'Answer.', reasoning: 'First, then' })
    expect(streamed).toBe('Answer.')
  })
})

describe('what goes back to the server', () => {
  it("a call's extra_content (Gemini's thought_signature) is sent back with it on the next turn", async () => {
    const bodies: { messages: { role: string; tool_calls?: unknown[] }[] }[] = []
    const answer = streaming([
      chunk(
        {
          tool_calls: [
            {
              id: 'g1',
              type: 'function',
              function: { name: 'calculator', arguments: '{"expression":"1+1"}' },
              extra_content: { google: { thought_signature: 'EjQKMg' } },
            },
          ],
        },
        'tool_calls',
      ),
    ])
    const model = modelWith(async (input, init) => {
      bodies.push(JSON.parse(String(init?.body)) as (typeof bodies)[number])
      return answer(input, init)
    })
    const first = await model.complete(ask())
    expect(first.toolCalls).toEqual([
      { id: 'g1', name: 'calculator', arguments: '{"expression":"1+1"}', extraContent: { google: { thought_signature: 'EjQKMg' } } },
    ])
    await model.complete({
      ...ask(),
      messages: [
        { role: 'user', content: 'x' },
        { role: 'assistant', content: '', toolCalls: first.toolCalls },
        { role: 'tool', toolCallId: 'g1', name: 'calculator', content: '2' },
      ],
    })
    expect(bodies[1]!.messages[1]!.tool_calls).toEqual([
      {
        id: 'g1',
        type: 'function',
        function: { name: 'calculator', arguments: '{"expression":"1+1"}' },
        extra_content: { google: { thought_signature: 'EjQKMg' } },
      },
    ])
  })
})

describe('servers that refuse a field', () => {
  it('asks once more without stream_options when the server refuses it (older Azure OpenAI api-versions)', async () => {
    const bodies: Record<string, unknown>[] = []
    const answer = streaming([chunk({ content: 'Fine.' }, 'stop')])
    const reply = await modelWith(async (input, init) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>
      bodies.push(body)
      if (body.stream_options)
        return new Response(JSON.stringify({ error: { message: 'Unrecognized request argument supplied: stream_options', code: null } }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        })
      return answer(input, init)
    }).complete(ask())
    expect(reply.text).toBe('Fine.')
    expect(bodies.map((body) => 'stream_options' in body)).toEqual([true, false])
  })
})

describe('a runaway JSON reply', () => {
  it('is not buffered without end: past the limit it is refused in words', async () => {
    const piece = `"${'x'.repeat(1_000_000)}",`
    const error = await modelWith(piecewise(['{"choices": [', ...Array<string>(6).fill(piece)], { contentType: 'application/json' }))
      .complete(ask())
      .catch((e: unknown) => e)
    expect((error as Error).message).toBe(
      'The model server sent a JSON reply of more than 4,000,000 characters instead of a stream; it was not read.',
    )
  })
})
