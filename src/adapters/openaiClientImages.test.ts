import { describe, expect, it } from 'vitest'
import { createOpenAIModel } from './openaiClient'

/** A fetch that keeps each request's body and answers with one finished text chunk. */
function recording(bodies: unknown[]): typeof fetch {
  return (_url, init) => {
    bodies.push(JSON.parse(String(init?.body)))
    const chunk = {
      id: 'c',
      object: 'chat.completion.chunk',
      created: 0,
      model: 'm',
      choices: [{ index: 0, delta: { content: 'ok' }, finish_reason: 'stop' }],
    }
    return Promise.resolve(
      new Response(`data: ${JSON.stringify(chunk)}\n\ndata: [DONE]\n\n`, { headers: { 'content-type': 'text/event-stream' } }),
    )
  }
}

describe('tools’ images for the model', () => {
  it('sends a user message’s images as image_url parts after its text', async () => {
    const bodies: unknown[] = []
    const model = createOpenAIModel({
      baseURL: 'http://127.0.0.1:9/v1',
      apiKey: 'k',
      model: 'gpt-4.1-mini',
      label: 'm',
      fetch: recording(bodies),
    })
    expect(model.takesImages).toBe(true)
    await model.complete({
      messages: [
        { role: 'system', content: 'Look.' },
        {
          role: 'user',
          content: 'The images the tools returned above, in order:\n1. from a__b (image/png)',
          images: [{ mimeType: 'image/png', data: 'AAAA' }],
        },
      ],
      tools: [],
      protocol: 'native',
      signal: new AbortController().signal,
      onText: () => {},
    })
    expect((bodies[0] as { messages: unknown[] }).messages[1]).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'The images the tools returned above, in order:\n1. from a__b (image/png)' },
        { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
      ],
    })
  })

  it('judges from the model’s name whether it takes images, unless told', () => {
    const base = { baseURL: 'http://127.0.0.1:9/v1', apiKey: 'k', label: 'm' }
    expect(createOpenAIModel({ ...base, model: 'deepseek-chat' }).takesImages).toBe(false)
    expect(createOpenAIModel({ ...base, model: 'my-finetune', takesImages: true }).takesImages).toBe(true)
  })
})
