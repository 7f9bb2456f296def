/** Conversations: a run's later turns go to the model with the earlier ones (docs/agent-loop.md). */
import { conversationHistory, conversationSkill } from './conversationHistory'
import { runAgent, type RunOptions } from './runAgent'
import type { TraceEvent } from './trace'

/** Runs the next turn of a conversation whose events so far are `earlier`. */
export function runNextTurn(
  earlier: readonly TraceEvent[],
  firstUtterance: string,
  options: RunOptions & { sticky?: boolean },
): Promise<TraceEvent[]> {
  const history = conversationHistory(earlier, firstUtterance)
  // The history ends with the new turn's user message: runAgent adds it itself.
  history.pop()
  const name = options.sticky ? conversationSkill(earlier) : null
  const stickySkill = name ? (options.skills.find((skill) => skill.name === name) ?? null) : null
  return runAgent({ ...options, history, stickySkill })
}

/** Runs every turn in order, with a `turn` event before each later one; stops when a turn is aborted or the model fails. */
export async function runConversation(
  turns: readonly string[],
  options: Omit<RunOptions, 'utterance'> & { sticky?: boolean },
): Promise<TraceEvent[]> {
  const events: TraceEvent[] = []
  for (const [index, utterance] of turns.entries()) {
    if (index > 0) {
      const marker: TraceEvent = { type: 'turn', turn: index + 1, utterance, at: 0 }
      events.push(marker)
      options.onEvent(marker)
    }
    const turn = index === 0 ? await runAgent({ ...options, utterance }) : await runNextTurn(events, turns[0]!, { ...options, utterance })
    events.push(...turn)
    const last = turn.at(-1)
    if (last?.type === 'stopped' && (last.reason === 'aborted' || last.reason === 'model-error')) break
  }
  return events
}
