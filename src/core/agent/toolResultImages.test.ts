import { describe, expect, it } from 'vitest'
import { parseSkill } from '../skill'
import { createVirtualFiles } from '../tools/virtualFiles'
import { builtinToolRegistry, registryWithServerTools, withLiveRunners, type ServerTools } from '../tools'
import type { McpToolResult } from '../tools/mcpContent'
import {
  modelTakesImages,
  runAgent,
  type ChatMessage,
  type ModelClient,
  type ModelRequest,
  type RunOptions,
  type TraceEvent,
} from './index'

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='

/** What the MCP hub hands the page for server-everything's get-tiny-image and friends. */
const RESULT: McpToolResult = {
  text: 'This is a tiny image:',
  content: [
    { type: 'image', mimeType: 'image/png', bytes: 70, data: PNG },
    { type: 'image', mimeType: 'image/png', bytes: 1_125_000, omitted: 'too-large' },
    { type: 'resource', uri: 'demo://readme', mimeType: 'text/markdown', text: '# Readme' },
    { type: 'resource_link', uri: 'demo://resource/7', name: 'Resource 7' },
  ],
}

const skill = parseSkill(
  'look/SKILL.md',
  '---\nname: look\ntrigger_keywords: [look]\nrequired_tools: [everything__tiny_image, everything__slow]\nmax_rounds: 3\n---\nLook.\n',
)

const server = (maxWaitMs?: number): ServerTools => ({
  live: ['tiny_image', 'slow'].map((tool) => ({
    name: `everything__${tool}`,
    description: tool,
    parameters: { type: 'object', properties: {} },
    server: 'everything',
    ...(maxWaitMs ? { timeoutMs: maxWaitMs / 10, maxWaitMs } : {}),
  })),
  unavailable: [],
  servers: [],
})

/** A model that calls one tool, then answers; it keeps what it was sent. */
function recordingModel(tool: string, takesImages: boolean): ModelClient & { sent: ChatMessage[][] } {
  const sent: ChatMessage[][] = []
  return {
    label: 'recording',
    takesImages,
    sent,
    complete: (request: ModelRequest) => {
      sent.push(structuredClone(request.messages))
      return Promise.resolve(
        sent.length === 1 ? { text: '', toolCalls: [{ id: 'c1', name: tool, arguments: '{}' }] } : { text: 'Seen.', toolCalls: [] },
      )
    },
  }
}

function run(model: ModelClient, call: (name: string) => Promise<unknown>, tools: ServerTools, extra: Partial<RunOptions> = {}) {
  const registry = withLiveRunners(registryWithServerTools(builtinToolRegistry, tools), {}, tools, (name) => call(name))
  return runAgent({
    utterance: 'look',
    skills: [skill],
    mode: 'keyword',
    threshold: 0.3,
    model,
    registry,
    tools: { files: createVirtualFiles({}), knowledge: [], mocks: {}, now: () => new Date(0) },
    signal: new AbortController().signal,
    clock: () => 0,
    timers: { set: (fn, ms) => setTimeout(fn, ms), clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>) },
    onEvent: () => {},
    ...extra,
  })
}

const toolEvent = (events: TraceEvent[]) => events.find((event): event is Extract<TraceEvent, { type: 'tool' }> => event.type === 'tool')!

describe('an MCP tool’s images, resources and links in the trace and for the model', () => {
  it('shows the image in the trace and sends it as an image part to a model that takes images', async () => {
    const model = recordingModel('everything__tiny_image', true)
    const events = await run(model, () => Promise.resolve(RESULT), server())
    const event = toolEvent(events)
    expect(event.images).toEqual([{ mimeType: 'image/png', data: PNG, bytes: 70 }])
    // The result keeps no bytes: each image is a sentence, the resource's text and the link as sent.
    expect(JSON.stringify(event.result)).not.toContain(PNG)
    const second = model.sent[1]!
    const toolMessage = second.find((message) => message.role === 'tool')!
    expect(JSON.parse(toolMessage.content)).toMatchObject({
      text: 'This is a tiny image:',
      content: [
        { type: 'image', note: expect.stringMatching(/^An image \(image\/png, 70 B\) from everything__tiny_image\. It is attached/) },
        { type: 'image', note: expect.stringContaining('over 1.0 MB, so it is not shown') },
        { type: 'resource', uri: 'demo://readme', text: '# Readme' },
        { type: 'resource_link', uri: 'demo://resource/7', name: 'Resource 7' },
      ],
    })
    expect(second.at(-1)).toEqual({
      role: 'user',
      content: 'The images the tools returned above, in order:\n1. from everything__tiny_image (image/png)',
      images: [{ mimeType: 'image/png', data: PNG }],
    })
  })

  it('describes the image in words to a model that does not take images, and still shows it in the trace', async () => {
    const model = recordingModel('everything__tiny_image', false)
    const events = await run(model, () => Promise.resolve(RESULT), server())
    expect(toolEvent(events).images).toHaveLength(1)
    const second = model.sent[1]!
    expect(second.some((message) => message.role === 'user' && message.images)).toBe(false)
    const toolMessage = second.find((message) => message.role === 'tool')!
    expect(toolMessage.content).toContain('An image (image/png, 70 B) from everything__tiny_image. This model does not take images')
    expect(toolMessage.content).not.toContain(PNG)
  })

  it('knows the common vision models by name', () => {
    for (const name of [
      'gpt-4o-mini',
      'gpt-4.1-mini',
      'claude-sonnet-4-5',
      'gemini-2.5-flash',
      'llava:13b',
      'qwen2.5-vl-7b-instruct',
      'o3',
    ])
      expect([name, modelTakesImages(name)]).toEqual([name, true])
    for (const name of ['gpt-3.5-turbo', 'deepseek-chat', 'llama3.1:8b', 'qwen2.5:7b', 'o3-mini', 'mistral-7b-instruct'])
      expect([name, modelTakesImages(name)]).toEqual([name, false])
  })
})

describe('an MCP tool’s time-out in the run', () => {
  const slow = (ms: number) => () => new Promise((done) => setTimeout(() => done({ text: 'late but fine' }), ms))

  it('waits as long as the server does (its maxWaitMs plus the grace), past the live default', async () => {
    const events = await run(recordingModel('everything__slow', false), slow(300), server(100), { timeouts: { live: 100 } })
    expect(toolEvent(events)).toMatchObject({ error: null, result: { text: 'late but fine' } })
  })

  it('keeps the live default for a server that gave none', async () => {
    const events = await run(recordingModel('everything__slow', false), slow(300), server(), { timeouts: { live: 100 } })
    expect(toolEvent(events).error).toMatchObject({ type: 'timeout', message: 'everything__slow took longer than 0.1 s.' })
  })

  it('gives each MCP tool in the registry its server’s wait plus the grace', () => {
    expect(registryWithServerTools(builtinToolRegistry, server(60_000)).get('everything__slow')?.timeoutMs).toBe(62_000)
    expect(registryWithServerTools(builtinToolRegistry, server()).get('everything__slow')?.timeoutMs).toBeUndefined()
  })
})
