import { message } from '../messages'
import { activateSkill } from './activateSkill'
import { buildContext, type AgentContext } from './buildContext'
import { finishRun, stopRun, type RunEnd } from './finishRun'
import { modelRound } from './modelRound'
import type { RunOptions } from './runOptions'
import { runToolCalls } from './runToolCalls'
import type { TraceEvent } from './trace'
import type { Emit } from './traceStep'

export { DEFAULT_TIMEOUTS, type RunOptions, type Timers } from './runOptions'
export { MAX_REPLY_CHARS, MAX_RESULT_CHARS, TRUNCATED_MARK } from './capText'

/**
 * The agent loop of docs/agent-loop.md: activate a skill (or not), build the context, then rounds
 * of one model call plus the tool calls it asks for, each validated, guarded and traced, until a
 * final answer or a limit.
 */
export async function runAgent(options: RunOptions): Promise<TraceEvent[]> {
  const { clock, onEvent } = options
  const started = clock()
  const events: TraceEvent[] = []
  const emit: Emit = (event) => {
    const stamped = { ...event, at: Math.round(clock() - started) }
    events.push(stamped)
    onEvent(stamped)
  }

  const activation = await activateSkill(options, emit)
  if (!activation) return events
  const context = await buildContext(activation, options, emit)
  finishRun(await runRounds(context, options, emit), emit)
  return events
}

/** Rounds until the model answers without tool calls, a step ends the run, or the rounds run out. */
async function runRounds(context: AgentContext, options: RunOptions, emit: Emit): Promise<RunEnd> {
  for (let round = 1; round <= context.maxRounds; round++) {
    const reply = await modelRound(context, round, options, emit)
    if ('end' in reply) return reply
    const end = await runToolCalls(context, round, reply, options, emit)
    if (end) return end
  }
  return stopRun('round-limit', message('run.roundLimit', { rounds: context.maxRounds }))
}
