/**
 * Conversations: a run's later turns go to the model with the earlier ones (docs/agent-loop.md).
 * The history is read off the trace, so a saved run can be continued after a reload.
 */
import { runAgent, type RunOptions } from './runAgent'
import type { TraceEvent } from './trace'
import type { ChatMessage } from './types'

/** The user and assistant messages of the turns in `events` (the first turn's message is `firstUtterance`). */
export function conversationHistory(events: readonly TraceEvent[], firstUtterance: string): ChatMessage[] {
  const history: ChatMessage[] = [{ role: 'user', content: firstUtterance }]
  for (const event of events) {
    if (event.type === 'final') history.push({ role: 'assistant', content: event.text })
    if (event.type === 'turn') {
      // A turn that ended without an answer still leaves its question in the history.
      if (history.at(-1)?.role === 'user') history.push({ role: 'assistant', content: '(no answer)' })
      history.push({ role: 'user', content: event.utterance })
    }
  }
  return history
}

/** The skill a conversation started with: routed to, or loaded with load_skill. */
export function conversationSkill(events: readonly TraceEvent[]): string | null {
  for (const event of events) {
    if (event.type === 'activation' && event.skill) return event.skill
    if (event.type === 'tool' && event.tool === 'load_skill' && !event.error) {
      try {
        const name = (JSON.parse(event.arguments) as { name?: unknown }).name
        if (typeof name === 'string') return name
      } catch {
        // Not a loaded skill.
      }
    }
  }
  return null
}

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
