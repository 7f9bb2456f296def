/**
 * How LLM routing's execute step tells the model what the chosen skill's code returned (seed
 * 004: decide, execute, answer), and how the offline model reads it back to answer from it.
 */
const RETURNED = "The skill's code ("
const MARK = ') returned: '
const FAILED = ') failed: '

export function codeResultNote(
  file: string,
  outcome: { ok: true; result: unknown; userMessage: string | null } | { ok: false; message: string },
): string {
  if (!outcome.ok) return `\n\n${RETURNED}${file}${FAILED}${outcome.message}. Tell the user what went wrong; do not make up a result.`
  return `\n\n${RETURNED}${file}${MARK}${JSON.stringify(outcome.result)}${outcome.userMessage ? `\nIts message for the user: ${outcome.userMessage}` : ''}\nAnswer the user from this result.`
}

/** The note in a user message, read back: the result (or failure) and the code's message for the user. */
export function readCodeResultNote(
  text: string,
): { ok: true; result: unknown; userMessage: string | null } | { ok: false; message: string } | null {
  const at = text.lastIndexOf(RETURNED)
  if (at < 0) return null
  const rest = text.slice(at + RETURNED.length)
  const failed = rest.indexOf(FAILED)
  const returned = rest.indexOf(MARK)
  if (failed >= 0 && (returned < 0 || failed < returned))
    return { ok: false, message: rest.slice(failed + FAILED.length).split('. Tell the user')[0] ?? '' }
  if (returned < 0) return null
  const [json = 'null', ...lines] = rest.slice(returned + MARK.length).split('\n')
  let result: unknown
  try {
    result = JSON.parse(json)
  } catch {
    result = json
  }
  const said = lines.find((line) => line.startsWith('Its message for the user: '))
  return { ok: true, result, userMessage: said ? said.slice('Its message for the user: '.length) : null }
}
