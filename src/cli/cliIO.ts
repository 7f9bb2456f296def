/**
 * The terminal a command talks to: its own module so that the commands, the registry and the
 * terminal wrapper all depend on it and none of them on each other (docs/architecture.md, "The CLI's commands").
 */
export interface CliIO {
  /** Prints one line: a line break in it is shown as an escape, not obeyed (terminalIO.ts). */
  out: (line: string) => void
  err: (line: string) => void
  /** Standard input, one line at a time, line breaks removed. */
  lines: () => AsyncIterable<string>
}
