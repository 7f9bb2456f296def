/** A problem the yaml package reports, as one line: the editor shows the place and the excerpt itself. */
export function cleanYamlMessage(message: string): string {
  // The yaml package appends " at line N, column M" and a code excerpt; the editor shows both itself.
  return message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '') ?? message
}

/** What a thrown value says (a library may throw something that is not an Error). */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
