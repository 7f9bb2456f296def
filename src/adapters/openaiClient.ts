/**
 * The only module that imports `openai`: a ModelClient over the Chat Completions API (the one
 * every OpenAI-compatible server implements), streaming text and tool calls.
 */
import OpenAI, { APIConnectionError, APIError, APIUserAbortError } from 'openai'
import type { ChatMessage, ModelClient, ModelReply, ModelRequest, ToolCall } from '../core/agent'
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

/** More parallel tool calls than this in one reply are not a real model's. */
const MAX_TOOL_CALLS = 128

export function createOpenAIModel(options: OpenAIClientOptions): ModelClient {
  // The SDK refuses to run in a browser unless told; in proxy mode no real key is in the page.
  const client = new OpenAI({
    baseURL: options.baseURL,
    apiKey: options.apiKey,
    dangerouslyAllowBrowser: true,
    maxRetries: options.maxRetries ?? 0,
    timeout: 120_000,
    ...(options.headers ? { defaultHeaders: options.headers } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })
  return {
    label: options.label,
    takesImages: options.takesImages ?? modelTakesImages(options.model),
    complete: async (request) => {
      try {
        return await streamReply(client, options, request)
      } catch (error) {
        throw new Error(describeError(error, options))
      }
    },
  }
}

async function streamReply(client: OpenAI, options: OpenAIClientOptions, request: ModelRequest): Promise<ModelReply> {
  const stream = await client.chat.completions.create(
    {
      model: options.model,
      temperature: options.temperature ?? 0.2,
      stream: true,
      // The last chunk then carries the token counts (evals report cost from them).
      stream_options: { include_usage: true },
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
  let text = ''
  let finished = false
  // By index as the stream numbers them; a Map, so an index like "__proto__" can never reach a prototype.
  const calls = new Map<number, { id: string; name: string; arguments: string }>()
  let usage: ModelReply['usage']
  for await (const chunk of stream) {
    const counted = (chunk as { usage?: { prompt_tokens?: unknown; completion_tokens?: unknown } | null } | null)?.usage
    if (counted && typeof counted.prompt_tokens === 'number' && typeof counted.completion_tokens === 'number')
      usage = { input: counted.prompt_tokens, output: counted.completion_tokens }
    // An upstream may send any JSON as a chunk; only an object with a choices list is one.
    const choices: unknown = (chunk as { choices?: unknown } | null)?.choices
    const choice = Array.isArray(choices) ? (choices[0] as (typeof chunk.choices)[number] | undefined) : undefined
    if (!choice) continue
    const delta = choice.delta
    if (delta?.content) {
      text += delta.content
      request.onText(delta.content)
    }
    for (const part of delta?.tool_calls ?? []) {
      const index: unknown = part.index
      if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index > MAX_TOOL_CALLS) continue
      const call = calls.get(index) ?? { id: '', name: '', arguments: '' }
      calls.set(index, call)
      if (part.id) call.id = part.id
      if (part.function?.name) call.name += part.function.name
      if (part.function?.arguments) call.arguments += part.function.arguments
    }
    if (choice.finish_reason) finished = true
  }
  // Aborting mid-stream ends the loop quietly: say so rather than pass off a partial reply.
  if (request.signal.aborted) throw new APIUserAbortError()
  if (!finished) throw new Error('The stream ended before the model finished (the connection dropped).')
  const toolCalls: ToolCall[] = [...calls.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, call], index) => ({ id: call.id || `call_${index + 1}`, name: call.name, arguments: call.arguments }))
  return { text, toolCalls, ...(usage ? { usage } : {}) }
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
