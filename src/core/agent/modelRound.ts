import { message } from '../messages'
import type { AgentContext } from './buildContext'
import { capText, MAX_REPLY_CHARS } from './capText'
import { stopRun, type RunEnd } from './finishRun'
import type { RunOptions } from './runOptions'
import { parseSkillCalls } from './textProtocol'
import type { Emit } from './traceStep'
import type { ModelReply, ToolCall } from './types'

/** A round's reply that asks for tools. */
export interface ToolRequest {
  text: string
  toolCalls: ToolCall[]
}

/**
 * Step 3: one model call, its text and reasoning streamed (capped), traced. A reply without tool
 * calls is the final answer; an error or an Abort ends the run.
 */
export async function modelRound(context: AgentContext, round: number, options: RunOptions, emit: Emit): Promise<ToolRequest | RunEnd> {
  const { model, signal, clock } = options
  const { protocol } = context
  if (signal.aborted) return stopRun('aborted', message('run.abortedBefore', { round }))
  emit({ type: 'round', round, maxRounds: context.maxRounds })
  const callStarted = clock()
  let text = ''
  let toolCalls: ToolCall[]
  let usage: ModelReply['usage']
  let reasoning = ''
  let streamedReasoning = 0
  try {
    const reply = await model.complete({
      messages: context.messages,
      tools: context.toolSpecs,
      protocol,
      signal,
      onText: (delta) => {
        // Past the cap the rest is not shown (a runaway reply must not freeze the page).
        if (text.length >= MAX_REPLY_CHARS) return
        const kept = delta.slice(0, MAX_REPLY_CHARS - text.length)
        text += kept
        options.onText?.(round, kept)
      },
      onReasoning: (delta) => {
        if (streamedReasoning >= MAX_REPLY_CHARS) return
        const kept = delta.slice(0, MAX_REPLY_CHARS - streamedReasoning)
        streamedReasoning += kept.length
        options.onReasoning?.(round, kept)
      },
    })
    text = capText(reply.text, MAX_REPLY_CHARS)
    usage = reply.usage
    reasoning = reply.reasoning ? capText(reply.reasoning, MAX_REPLY_CHARS) : ''
    toolCalls = protocol === 'text' ? parseSkillCalls(reply.text, round) : reply.toolCalls
  } catch (error) {
    if (signal.aborted) {
      if (text) emit({ type: 'model', round, text, latencyMs: Math.round(clock() - callStarted), toolCalls: 0 })
      return stopRun('aborted', message('run.abortedAnswering'))
    }
    return stopRun('model-error', message('run.modelFailed', { error: error instanceof Error ? error.message : String(error) }))
  }
  emit({
    type: 'model',
    round,
    text,
    latencyMs: Math.round(clock() - callStarted),
    toolCalls: toolCalls.length,
    ...(usage ? { usage } : {}),
    ...(reasoning ? { reasoning } : {}),
  })
  if (signal.aborted) return stopRun('aborted', message('run.aborted'))
  if (toolCalls.length === 0) return { end: 'final', text }
  return { text, toolCalls }
}
