import type { JsonSchema } from '../skill'

/** One message of the conversation sent to the model (OpenAI Chat Completions shape). */
export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string; toolCalls?: ToolCall[] }
  | { role: 'tool'; toolCallId: string; name: string; content: string }

export interface ToolCall {
  id: string
  name: string
  /** The raw JSON text the model produced; it may be malformed. */
  arguments: string
}

/** A tool as the model sees it. */
export interface ToolSpec {
  name: string
  description: string
  parameters: JsonSchema
}

export interface ModelRequest {
  messages: ChatMessage[]
  tools: ToolSpec[]
  signal: AbortSignal
  /** Called with each piece of streamed text as it arrives. */
  onText: (delta: string) => void
}

export interface ModelReply {
  text: string
  toolCalls: ToolCall[]
}

/** What the agent loop needs from a model: the scripted one, or an OpenAI-compatible API. */
export interface ModelClient {
  readonly label: string
  complete: (request: ModelRequest) => Promise<ModelReply>
}

/** A structured tool error that goes back to the model so it can correct itself (SPEC §4). */
export interface ToolError {
  error: { type: 'invalid_arguments' | 'refused' | 'timeout' | 'failed' | 'unknown_tool'; message: string; details?: unknown }
}
