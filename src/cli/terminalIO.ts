import { terminalSafe } from '../core/lib/terminalSafe'
import type { CliIO } from './cliIO'

/**
 * The one place where what the commands print is made inert: names, messages and
 * answers come from skill files, eval files and models, and each call prints exactly one line with
 * its control characters, line breaks and bidi overrides escaped (`terminalSafe`), so no name can
 * move the cursor, retitle the window, open a link or start a line of its own (a CI workflow
 * command). JSON output keeps its value: the escapes are JSON's own.
 */
export function terminalIO(io: CliIO): CliIO {
  return { out: (line) => io.out(terminalSafe(line)), err: (line) => io.err(terminalSafe(line)), lines: io.lines }
}

/** Text the CLI wrote itself over several lines (the usage, indented JSON): one line at a time. */
export function eachLine(print: (line: string) => void, text: string): void {
  for (const line of text.split('\n')) print(line)
}
