/**
 * The only module that imports `openai`: a ModelClient over the Chat Completions API (the one
 * every OpenAI-compatible server implements), streaming text and tool calls.
 */
import OpenAI, { APIConnectionError, APIError, APIUserAbortError } from 'openai'
import { StreamAssembler, type ChatMessage, type ModelClient, type ModelReply, type ModelRequest } from '../core/agent'
import { modelTakesImages } from '../core/agent'

export interface OpenAIClientOptions {
  /** Absolute base URL, e.g. `${location.origin}/v1` for the proxy. */
  baseURL: string
  /** For the proxy a placeholder: the server replaces it with its own key. */
  apiKey: string
  model: string
  label: string
  temperature?: number
  /** Extra request headers (the team token for a server that asks for one). */
  headers?: Record<string, string>
  /** For tests: the fetch the SDK uses. */
  fetch?: typeof fetch
  /** Retries after a 429 or 5xx, honouring Retry-After (the SDK's backoff); 0 in the page, where the user sees every failure. */
  maxRetries?: number
  /** Whether the model takes image parts; by default judged from its name (core/agent modelTakesImages). */
  takesImages?: boolean
}

export function createOpenAIModel(options: OpenAIClientOptions): ModelClient {
  return {
    label: options.label,
    takesImages: options.takesImages ?? modelTakesImages(options.model),
    complete: async (request) => {
      try {
        return await streamReply(options, request)
      } catch (error) {
        throw new Error(describeError(error, options))
      }
    },
  }
}

/** What the response watcher saw of one reply: whether the stream's `[DONE]` passed. */
interface Watch {
  done: boolean
  /** Why the watcher stopped reading the body, in words. */
  refused?: string
}

/** A whole JSON reply larger than this is not a chat completion the page could show. */
const MAX_JSON_REPLY_CHARS = 4_000_000

async function streamReply(options: OpenAIClientOptions, request: ModelRequest): Promise<ModelReply> {
  const watch: Watch = { done: false }
  // A client per request: its fetch watches this reply's body for `[DONE]`, which the SDK keeps to itself.
  const client = new OpenAI({
    baseURL: options.baseURL,
    apiKey: options.apiKey,
    // The SDK refuses to run in a browser unless told; in proxy mode no real key is in the page.
    dangerouslyAllowBrowser: true,
    maxRetries: options.maxRetries ?? 0,
    timeout: 120_000,
    ...(options.headers ? { defaultHeaders: options.headers } : {}),
    fetch: watchingFetch(options.fetch ?? ((input, init) => fetch(input, init)), watch),
  })
  const ask = (withUsage: boolean) =>
    client.chat.completions.create(
      {
        model: options.model,
        temperature: options.temperature ?? 0.2,
        stream: true,
        // The last chunk then carries the token counts (evals report cost from them).
        ...(withUsage ? { stream_options: { include_usage: true } } : {}),
        messages: request.messages.map(toOpenAI),
        // With the SKILL_CALL text protocol the tools are described in the system prompt instead.
        ...(request.tools.length > 0 && request.protocol === 'native'
          ? {
              tools: request.tools.map((tool) => ({
                type: 'function' as const,
                function: { name: tool.name, description: tool.description, parameters: tool.parameters },
              })),
            }
          : {}),
      },
      { signal: request.signal },
    )
  let stream: Awaited<ReturnType<typeof ask>>
  try {
    stream = await ask(true)
  } catch (error) {
    // Servers that refuse the field (Azure OpenAI before api-version 2024-09-01) are asked once more without it.
    if (!(error instanceof APIError) || error.status !== 400 || !/stream_options/.test(error.message)) throw error
    stream = await ask(false)
  }
  const assembler = new StreamAssembler(request.onText, request.onReasoning)
  try {
    for await (const chunk of stream) assembler.push(chunk)
  } catch (error) {
    if (request.signal.aborted || error instanceof APIError || error instanceof SyntaxError) throw error
    if (watch.refused) throw new Error(watch.refused)
    // The body broke off mid-reply (a reset connection, a proxy that gave up).
    throw new Error(
      `The stream ended before the model finished (the connection dropped: ${error instanceof Error ? error.message : String(error)}).`,
    )
  }
  if (watch.done) assembler.done()
  // Aborting mid-stream ends the loop quietly: say so rather than pass off a partial reply.
  if (request.signal.aborted) throw new APIUserAbortError()
  const turn = assembler.result()
  if (turn.error !== undefined) throw new Error(`The model server reported an error: ${turn.error}`)
  // Only a body that ended with neither a finish_reason nor [DONE] was cut off.
  if (!turn.finished) throw new Error('The stream ended before the model finished (the connection dropped).')
  return {
    text: turn.text,
    toolCalls: turn.toolCalls,
    ...(turn.reasoning ? { reasoning: turn.reasoning } : {}),
    ...(turn.usage ? { usage: turn.usage } : {}),
  }
}

/**
 * The SDK's fetch, watching each successful reply on its way in: it notes the stream's `[DONE]`,
 * and a whole JSON completion sent to a streaming request (some servers ignore `stream`) is
 * handed on as one server-sent event followed by `[DONE]`, so the SDK reads it as one chunk.
 */
function watchingFetch(inner: typeof fetch, watch: Watch): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init)
    if (!response.ok || !response.body) return response
    const headers = new Headers(response.headers)
    headers.set('content-type', 'text/event-stream')
    return new Response(response.body.pipeThrough(watchBody(watch)), { status: response.status, statusText: response.statusText, headers })
  }
}

const DONE_LINE = /^data:[ \t]*\[DONE\]/

function watchBody(watch: Watch): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder()
  const encoder = new TextEncoder()
  let kind: 'unknown' | 'events' | 'json' = 'unknown'
  let line = ''
  let json = ''
  const scan = (text: string) => {
    const lines = (line + text).split(/\r\n|\r|\n/)
    line = lines.pop() ?? ''
    if (lines.some((each) => DONE_LINE.test(each))) watch.done = true
  }
  return new TransformStream({
    transform(bytes, controller) {
      const text = decoder.decode(bytes, { stream: true })
      if (kind === 'unknown') {
        const start = text.trimStart()
        if (start === '') {
          json += text
          return
        }
        kind = start.startsWith('{') ? 'json' : 'events'
        if (kind === 'events' && json) controller.enqueue(encoder.encode(json))
      }
      if (kind === 'json') {
        json += text
        if (json.length > MAX_JSON_REPLY_CHARS) {
          watch.refused = `The model server sent a JSON reply of more than ${MAX_JSON_REPLY_CHARS.toLocaleString('en')} characters instead of a stream; it was not read.`
          controller.error(new Error(watch.refused))
        }
        return
      }
      scan(text)
      controller.enqueue(bytes)
    },
    flush(controller) {
      const rest = decoder.decode()
      if (kind === 'json') {
        json += rest
        let event = json.replace(/[\r\n]+/g, ' ')
        try {
          event = JSON.stringify(JSON.parse(json))
        } catch {
          // Not JSON after all: the SDK's parse fails on it and the user is told so.
        }
        watch.done = true
        controller.enqueue(encoder.encode(`data: ${event}\n\ndata: [DONE]\n\n`))
        return
      }
      // The bytes are already passed on; only the last line is left to look at.
      scan(rest + '\n')
    },
  })
}

function toOpenAI(message: ChatMessage): OpenAI.Chat.Completions.ChatCompletionMessageParam {
  switch (message.role) {
    case 'system':
      return { role: message.role, content: message.content }
    case 'user':
      // Tools' images (core/agent/toolResultImages.ts) follow the text as image parts.
      return message.images?.length
        ? {
            role: 'user',
            content: [
              { type: 'text', text: message.content },
              ...message.images.map((image) => ({
                type: 'image_url' as const,
                image_url: { url: `data:${image.mimeType};base64,${image.data}` },
              })),
            ],
          }
        : { role: message.role, content: message.content }
    case 'assistant':
      return {
        role: 'assistant',
        content: message.content || null,
        ...(message.toolCalls?.length
          ? {
              tool_calls: message.toolCalls.map((call) => ({
                id: call.id,
                type: 'function' as const,
                function: { name: call.name, arguments: call.arguments },
                ...(call.extraContent ? { extra_content: call.extraContent } : {}),
              })),
            }
          : {}),
      }
    case 'tool':
      return { role: 'tool', tool_call_id: message.toolCallId, content: message.content }
  }
}

function describeError(error: unknown, options: OpenAIClientOptions): string {
  if (error instanceof APIUserAbortError) return 'Aborted.'
  // The SDK parses each server-sent event as JSON; a bare SyntaxError ("Expected property name…")
  // would tell the user nothing.
  if (error instanceof SyntaxError)
    return `The model server at ${options.baseURL} sent a reply that is not valid OpenAI-style JSON, so it could not be read. Check that the base URL points to an OpenAI-compatible API.`
  if (error instanceof APIConnectionError) return `Could not reach ${options.baseURL}: ${error.message}`
  if (error instanceof APIError) {
    const detail =
      error.error && typeof error.error === 'object' && 'message' in error.error
        ? String((error.error as { message: unknown }).message)
        : error.message
    switch (error.status) {
      case 401:
      case 403:
        return `The model server refused the credentials (${error.status}): ${detail}`
      case 404:
        return `Not found (404): check the model name "${options.model}" and the base URL. ${detail}`
      case 429:
        return `Rate limited by the model server (429): ${detail}. Wait a moment and run again.`
      default:
        return `The model server answered ${error.status ?? 'an error'}: ${detail}`
    }
  }
  return error instanceof Error ? error.message : String(error)
}
