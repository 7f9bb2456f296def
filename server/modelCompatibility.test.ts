/**
 * The compatibility matrix (docs/model-compatibility.md): every family's stream shapes
 * (e2e/familyStreams.ts), served by a loopback stand-in for the upstream, forwarded by the real
 * proxy and read by the page's own client (the real `openai` SDK), assert the turn the page gets.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FAMILY_SHAPES, type FamilyShape } from '../e2e/familyStreams'
import { FakeOpenAI } from '../e2e/fakeOpenAI'
import { createOpenAIModel } from '../src/adapters/openaiClient'
import type { ModelReply } from '../src/core/agent'
import { createOpenAIProxy, proxySettingsFrom } from './openaiProxy'

const upstream = new FakeOpenAI()
let proxy: Server
let proxyUrl = ''

beforeAll(async () => {
  await upstream.start()
  const middleware = createOpenAIProxy(() =>
    proxySettingsFrom({ OPENAI_API_KEY: 'sk-server', OPENAI_BASE_URL: upstream.baseUrl, OPENAI_MODEL: 'test-model' }),
  )
  proxy = createServer((request, response) => middleware(request, response, () => response.writeHead(404).end()))
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((resolve) => proxy.close(resolve))
  await upstream.stop()
})

/** One turn as the page asks for it: through the proxy, with tools, streaming. */
async function replay(shape: FamilyShape): Promise<{ reply: ModelReply; streamed: string }> {
  upstream.script(...(Array.isArray(shape.reply) ? shape.reply : [shape.reply]))
  const model = createOpenAIModel({
    baseURL: `${proxyUrl}/v1`,
    apiKey: 'proxy',
    model: 'test-model',
    label: 'OpenAI (server proxy)',
    // What a browser adds to a same-origin request; Node's fetch does not.
    headers: { 'sec-fetch-site': 'same-origin' },
  })
  let streamed = ''
  const reply = await model.complete({
    messages: [{ role: 'user', content: 'What is 2+2, and the weather in Paris?' }],
    tools: [
      { name: 'calculator', description: 'Evaluate', parameters: { type: 'object', properties: { expression: { type: 'string' } } } },
      { name: 'get_weather', description: 'Weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } },
    ],
    protocol: 'native',
    signal: new AbortController().signal,
    onText: (delta) => {
      streamed += delta
    },
  })
  return { reply, streamed }
}

describe('the compatibility matrix: each family’s stream through the proxy and the page’s client', () => {
  for (const shape of FAMILY_SHAPES) {
    it(`${shape.family}: ${shape.shape}`, async () => {
      const expected = shape.expected
      if ('error' in expected) {
        const error = await replay(shape).catch((e: unknown) => e)
        expect(error).toBeInstanceOf(Error)
        expect((error as Error).message).toMatch(expected.error)
        return
      }
      const { reply, streamed } = await replay(shape)
      expect(reply.text).toBe(expected.text)
      // What streamed live is the answer too, never the reasoning.
      if (!expected.reasoning) expect(streamed).toBe(expected.text)
      else expect(streamed).not.toContain(expected.reasoning)
      expect(reply.reasoning ?? '').toBe(expected.reasoning ?? '')
      expect(reply.toolCalls.map((call) => ({ name: call.name, arguments: JSON.parse(call.arguments) as unknown }))).toEqual(
        expected.toolCalls ?? [],
      )
      // Every call has an id of its own, to pair with its result.
      expect(new Set(reply.toolCalls.map((call) => call.id)).size).toBe(reply.toolCalls.length)
      expect(reply.usage).toEqual(expected.usage)
      // The request the upstream got is the page's: streamed, with the tools, with the server's key.
      const sent = upstream.requests.at(-1)!
      expect(sent.body.stream).toBe(true)
      expect(sent.headers.authorization).toBe('Bearer sk-server')
      expect(sent.body.tools?.map((tool) => tool.function.name)).toEqual(['calculator', 'get_weather'])
    })
  }

  it('covers every family named in issue 33', () => {
    expect(new Set(FAMILY_SHAPES.map((shape) => shape.family))).toEqual(
      new Set([
        'OpenAI',
        'Azure OpenAI',
        'Ollama',
        'vLLM',
        'llama.cpp server',
        'LiteLLM',
        'DeepSeek',
        'OpenRouter',
        'LM Studio',
        'Gemini (OpenAI-compatible)',
        'Other servers',
      ]),
    )
  })
})
