/**
 * Assembles one model turn from the chunks an OpenAI-compatible server streams. Servers differ
 * in the shapes they send (docs/model-compatibility.md lists each family's): tool-call deltas
 * with or without `index`, several calls sharing one index, the name repeated in every delta,
 * `arguments` as an object, reasoning as `reasoning_content`, `reasoning` or `<think>` tags in the
 * text, a whole `chat.completion` instead of chunks. The client feeds every chunk here and reads
 * one turn back.
 */
import type { ModelReply, ToolCall } from './types'

/** More tool calls than this in one reply are not a real model's: the rest are not assembled. */
export const MAX_STREAMED_TOOL_CALLS = 128

/** One model turn as the stream described it. */
export interface AssembledTurn {
  text: string
  /** The model's reasoning (`reasoning_content`, `reasoning`, `<think>` blocks); '' when it sent none. */
  reasoning: string
  toolCalls: ToolCall[]
  usage?: ModelReply['usage']
  /** A `finish_reason` or the stream's `[DONE]` arrived: the turn ended, it was not cut off. */
  finished: boolean
  /** An error the server put in the stream instead of a chunk, in its own words. */
  error?: string
}

interface OpenCall {
  id: string
  name: string
  arguments: string
  extraContent?: Record<string, unknown>
}

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)
const text = (value: unknown): string => (typeof value === 'string' ? value : '')

/** Tags some servers leave around the reasoning in the text (DeepSeek-R1 and Qwen3 without a reasoning parser; Gemini's `<thought>`). */
const THINK_TAGS = ['think', 'thought'] as const

/**
 * Splits streamed text into answer and reasoning: a `<think>…</think>` block at the start of the
 * reply (or right after another one) is reasoning, even when a tag arrives split across chunks.
 * Text is passed on as soon as it cannot be the start of a tag.
 */
class ThinkSplitter {
  private mode: 'lead' | 'think' | 'text' = 'lead'
  private pending = ''
  private close = ''
  sawTag = false

  constructor(
    private readonly onText: (piece: string) => void,
    private readonly onReasoning: (piece: string) => void,
  ) {}

  feed(piece: string): void {
    if (this.mode === 'text') return this.onText(piece)
    this.pending += piece
    this.drain()
  }

  end(): void {
    if (this.mode === 'think') this.onReasoning(this.pending)
    else if (this.pending.trim()) this.onText(this.pending.trimStart())
    this.pending = ''
  }

  private drain(): void {
    for (;;) {
      if (this.mode === 'think') {
        const at = this.pending.indexOf(this.close)
        if (at < 0) {
          // Keep what could be the start of the closing tag; the rest is reasoning now.
          const safe = Math.max(0, this.pending.length - (this.close.length - 1))
          if (safe > 0) this.onReasoning(this.pending.slice(0, safe))
          this.pending = this.pending.slice(safe)
          return
        }
        this.onReasoning(this.pending.slice(0, at))
        this.pending = this.pending.slice(at + this.close.length)
        this.mode = 'lead'
        continue
      }
      const lead = this.pending.trimStart()
      if (lead === '') return
      const tag = THINK_TAGS.find((name) => lead.startsWith(`<${name}>`))
      if (tag) {
        this.sawTag = true
        this.mode = 'think'
        this.close = `</${tag}>`
        this.pending = lead.slice(tag.length + 2)
        continue
      }
      // "<thi" may still become "<think>": wait for the next piece.
      if (THINK_TAGS.some((name) => `<${name}>`.startsWith(lead))) return
      this.mode = 'text'
      this.pending = ''
      return this.onText(lead)
    }
  }
}

/**
 * Feed it every chunk of one streamed reply (`push`), say when `[DONE]` arrived (`done`), and
 * read the turn (`result`). Text that is the answer is passed to `onText` as it arrives, the
 * reasoning to `onReasoning`.
 */
export class StreamAssembler {
  private answer = ''
  private reasoning = ''
  private readonly calls: OpenCall[] = []
  // By index as the stream numbers them, and by id; Maps, so an index like "__proto__" never reaches a prototype.
  private readonly byIndex = new Map<number, OpenCall>()
  private readonly byId = new Map<string, OpenCall>()
  private usage: ModelReply['usage']
  private finished = false
  private error: string | undefined
  private readonly splitter: ThinkSplitter

  constructor(
    onText: (delta: string) => void = () => {},
    private readonly onReasoning: (delta: string) => void = () => {},
  ) {
    this.splitter = new ThinkSplitter(
      (piece) => {
        this.answer += piece
        onText(piece)
      },
      (piece) => this.think(piece),
    )
  }

  private think(piece: string): void {
    if (piece === '') return
    this.reasoning += piece
    this.onReasoning(piece)
  }

  /** One parsed chunk (or a whole `chat.completion`, read as one chunk). Anything else is ignored. */
  push(chunk: unknown): void {
    if (!isObject(chunk)) return
    this.readUsage(chunk.usage)
    // vLLM and others send an error as a chunk of its own: `{"object": "error", "message": …}`.
    if (chunk.object === 'error' && typeof chunk.message === 'string') this.error ??= chunk.message
    if (isObject(chunk.error)) this.error ??= text(chunk.error.message) || JSON.stringify(chunk.error)
    const choices = chunk.choices
    const choice: unknown = Array.isArray(choices) ? choices[0] : undefined
    if (!isObject(choice)) return
    this.readUsage(choice.usage)
    // A streamed chunk carries `delta`; a whole completion carries `message`, whose calls are complete.
    if (isObject(choice.delta)) this.readDelta(choice.delta, false)
    else if (isObject(choice.message)) this.readDelta(choice.message, true)
    const reason = choice.finish_reason
    if (typeof reason === 'string' && reason !== '') {
      this.finished = true
      if (reason === 'error') this.error ??= 'The model server ended the reply with an error.'
    }
  }

  /** The stream's `data: [DONE]` arrived. */
  done(): void {
    this.finished = true
  }

  result(): AssembledTurn {
    this.splitter.end()
    let answer = this.answer
    let reasoning = this.reasoning
    // Some templates open the think block in the prompt, so the reply has only its end.
    const orphan = this.splitter.sawTag ? -1 : answer.indexOf('</think>')
    if (orphan >= 0) {
      reasoning += answer.slice(0, orphan)
      answer = answer.slice(orphan + '</think>'.length).trimStart()
    }
    return {
      text: answer,
      reasoning: reasoning.trim(),
      toolCalls: this.calls.map((call, index) => ({
        id: call.id || `call_${index + 1}`,
        name: call.name,
        arguments: call.arguments,
        ...(call.extraContent ? { extraContent: call.extraContent } : {}),
      })),
      ...(this.usage ? { usage: this.usage } : {}),
      finished: this.finished,
      ...(this.error !== undefined ? { error: this.error } : {}),
    }
  }

  private readUsage(usage: unknown): void {
    if (isObject(usage) && typeof usage.prompt_tokens === 'number' && typeof usage.completion_tokens === 'number')
      this.usage = { input: usage.prompt_tokens, output: usage.completion_tokens }
  }

  private readDelta(delta: Json, whole: boolean): void {
    this.think(text(delta.reasoning_content) || text(delta.reasoning) || detailsText(delta.reasoning_details))
    const content = delta.content
    if (typeof content === 'string') this.splitter.feed(content)
    else if (Array.isArray(content)) {
      // Mistral's reasoning models send parts: text, and thinking (itself a list of text parts).
      for (const part of content as unknown[]) {
        if (!isObject(part)) continue
        if (part.type === 'text') this.splitter.feed(text(part.text))
        else if (part.type === 'thinking') this.think(partsText(part.thinking))
      }
    }
    const calls = Array.isArray(delta.tool_calls) ? (delta.tool_calls as unknown[]) : []
    calls.forEach((part, position) => {
      if (isObject(part)) this.readCall(part, whole || position > 0 ? position : undefined, whole)
    })
    // The legacy single `function_call` some older servers still send.
    if (calls.length === 0 && isObject(delta.function_call)) this.readCall({ function: delta.function_call }, undefined, whole)
  }

  /**
   * One tool-call part. With an integer `index` it continues the call at that index unless it
   * brings another id; without one it continues the current call unless it brings a new id or a
   * new name. `position` is its place in a list that holds whole calls (a completion's message, or
   * a chunk with several calls), where each entry is a call of its own.
   */
  private readCall(part: Json, position: number | undefined, whole: boolean): void {
    const fn = isObject(part.function) ? part.function : {}
    const id = text(part.id)
    const name = text(fn.name)
    const rawIndex = part.index
    const index =
      typeof rawIndex === 'number' && Number.isInteger(rawIndex) && rawIndex >= 0 && rawIndex <= MAX_STREAMED_TOOL_CALLS
        ? rawIndex
        : undefined
    if (rawIndex !== undefined && rawIndex !== null && index === undefined) return
    let call: OpenCall | undefined = id ? this.byId.get(id) : undefined
    if (!call && !whole) {
      if (index !== undefined) {
        const atIndex = this.byIndex.get(index)
        // Another id, or another name once the call has arguments, is another call at the same index (Ollama numbers every call 0).
        const otherName = name !== '' && atIndex?.name !== '' && atIndex?.name !== name && atIndex?.arguments !== ''
        if (atIndex && (!id || !atIndex.id || atIndex.id === id) && !otherName) call = atIndex
      } else if (position === undefined) {
        const current = this.calls.at(-1)
        const newId = id !== '' && current?.id !== '' && current?.id !== id
        const newName = name !== '' && current?.name !== '' && current?.name !== name
        if (current && !newId && !newName) call = current
      }
    }
    if (!call) {
      if (this.calls.length >= MAX_STREAMED_TOOL_CALLS) return
      call = { id: '', name: '', arguments: '' }
      this.calls.push(call)
    }
    if (index !== undefined) this.byIndex.set(index, call)
    if (id) {
      call.id ||= id
      this.byId.set(id, call)
    }
    // A name equal to the call's own is a repeat (llama.cpp before mid-2025 sent it in every delta).
    if (name && name !== call.name) call.name += name
    // Gemini 3 refuses the next turn unless each call's thought_signature comes back with it.
    if (isObject(part.extra_content)) call.extraContent = part.extra_content
    const args = fn.arguments
    if (typeof args === 'string') call.arguments += args
    else if (isObject(args) || Array.isArray(args)) call.arguments += JSON.stringify(args)
  }
}

function partsText(parts: unknown): string {
  if (typeof parts === 'string') return parts
  if (!Array.isArray(parts)) return ''
  return (parts as unknown[]).map((part) => (isObject(part) ? text(part.text) : '')).join('')
}

/** OpenRouter's `reasoning_details`: text or summary entries (encrypted ones carry nothing readable). */
function detailsText(details: unknown): string {
  if (!Array.isArray(details)) return ''
  return (details as unknown[]).map((detail) => (isObject(detail) ? text(detail.text) || text(detail.summary) : '')).join('')
}
