import type { Message } from '../messages'
import type { TraceEvent } from './trace'
import { said, type Emit } from './traceStep'

type StopReason = Extract<TraceEvent, { type: 'stopped' }>['reason']

/** How a run ends: the model's final answer, or a stop with its reason. */
export type RunEnd = { end: 'final'; text: string } | { end: 'stopped'; reason: StopReason; text: Message }

export function stopRun(reason: StopReason, text: Message): RunEnd {
  return { end: 'stopped', reason, text }
}

/** The last step: the final answer, or why the run stopped, traced. */
export function finishRun(end: RunEnd, emit: Emit): void {
  if (end.end === 'final') emit({ type: 'final', text: end.text })
  else emit({ type: 'stopped', reason: end.reason, ...said(end.text) })
}
