/**
 * A conversation as its trace records it. The history is read off the events, so a saved run can
 * be continued after a reload; this module stays light (the run view imports it).
 */
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
    const loaded = loadedSkill(event)
    if (loaded) return loaded
  }
  return null
}

/**
 * The skill the model loaded with load_skill in the turn whose events start at `from`: read up to
 * the next turn's marker only, so a turn is never labelled with what a later turn routed to or loaded.
 */
export function skillLoadedInTurn(events: readonly TraceEvent[], from: number): string | null {
  for (let index = from; index < events.length; index++) {
    const event = events[index]!
    if (event.type === 'turn') return null
    const loaded = loadedSkill(event)
    if (loaded) return loaded
  }
  return null
}

function loadedSkill(event: TraceEvent): string | null {
  if (event.type !== 'tool' || event.tool !== 'load_skill' || event.error) return null
  try {
    const name = (JSON.parse(event.arguments) as { name?: unknown }).name
    return typeof name === 'string' ? name : null
  } catch {
    // Not a loaded skill.
    return null
  }
}
