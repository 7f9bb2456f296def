import type { JsonSchema } from '../skill'

/** One message of the conversation sent to the model (OpenAI Chat Completions shape). */
export type ChatMessage =
  | { role: 'system'; content: string }
  /** `images`: image parts after the text, for a model that takes images (tool results' images, core/agent/toolResultImages.ts). */
  | { role: 'user'; content: string; images?: ChatImage[] }
  | { role: 'assistant'; content: string; toolCalls?: ToolCall[] }
  | { role: 'tool'; toolCallId: string; name: string; content: string }

/** An image given to the model: base64 bytes and their type. */
export interface ChatImage {
  mimeType: string
  data: string
}

export interface ToolCall {
  id: string
  name: string
  /** The raw JSON text the model produced; it may be malformed. */
  arguments: string
  /** What the server asked to have sent back with the call, as it sent it (Gemini's `extra_content.google.thought_signature`). */
  extraContent?: Record<string, unknown>
}

/** A tool as the model sees it. */
export interface ToolSpec {
  name: string
  description: string
  parameters: JsonSchema
}

export type ToolProtocol = 'native' | 'text'

/** The skills offered to the model when it is asked to route (docs/routing.md, LLM routing). */
export interface RouteCandidate {
  name: string
  description: string
  parameters: Record<string, unknown> | undefined
  triggerKeywords: readonly string[]
}

export interface ModelRequest {
  messages: ChatMessage[]
  /** The tools the model may call. With the text protocol they are described in the prompt instead of sent. */
  tools: ToolSpec[]
  protocol: ToolProtocol
  /** Set when the model is asked to pick a skill rather than to answer. */
  route?: RouteCandidate[]
  signal: AbortSignal
  /** Called with each piece of streamed text as it arrives. */
  onText: (delta: string) => void
  /** Called with each piece of the model's reasoning as it arrives (never part of the text). */
  onReasoning?: (delta: string) => void
}

export interface ModelReply {
  text: string
  toolCalls: ToolCall[]
  /** What the model reasoned before answering, when the server sends it (never part of `text`). */
  reasoning?: string
  /** Tokens the API counted for this call, when it says. */
  usage?: { input: number; output: number }
}

/** What the agent loop needs from a model: the scripted one, or an OpenAI-compatible API. */
export interface ModelClient {
  readonly label: string
  /** The model reads image parts in user messages; otherwise tools' images are described in words. */
  readonly takesImages?: boolean
  complete: (request: ModelRequest) => Promise<ModelReply>
}

/** A structured tool error that goes back to the model so it can correct itself (docs/agent-loop.md). */
export interface ToolError {
  error: { type: 'invalid_arguments' | 'refused' | 'timeout' | 'failed' | 'unknown_tool'; message: string; details?: unknown }
}
