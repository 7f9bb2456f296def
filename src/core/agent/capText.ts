/** A model reply longer than this is cut, with a mark: what follows would freeze the page and overflow the next call. */
export const MAX_REPLY_CHARS = 200_000
/** A tool result longer than this (as JSON) reaches the model and the trace cut, with a mark. */
export const MAX_RESULT_CHARS = 100_000

export const TRUNCATED_MARK = '\n[… truncated: the rest was longer than the playground keeps]'

export function capText(text: string, limit: number): string {
  return text.length > limit ? text.slice(0, limit) + TRUNCATED_MARK : text
}

/** A result too large for the next model call becomes its beginning, marked truncated. */
export function capResult<T extends { result: unknown }>(outcome: T): T {
  const json = JSON.stringify(outcome.result) ?? ''
  if (json.length <= MAX_RESULT_CHARS) return outcome
  return { ...outcome, result: { truncated: true, characters: json.length, preview: json.slice(0, MAX_RESULT_CHARS) } }
}
