import { CLI_COMMANDS } from './cliCommands'
import type { CliIO } from './cliIO'
import { eachLine, terminalIO } from './terminalIO'

// The terminal type has its own module (cliIO.ts); callers that took it from here still can.
export type { CliIO } from './cliIO'

/** The full usage: every command's, in the registry's order. */
const USAGE = `Usage:\n${CLI_COMMANDS.map((command) => command.usage).join('\n')}`

/** Runs one CLI command and returns the exit code. */
export async function runCli(argv: readonly string[], terminal: CliIO): Promise<number> {
  const [name, ...rest] = argv
  const io = terminalIO(terminal)
  const command = CLI_COMMANDS.find((candidate) => candidate.name === name)
  // `open --help` would otherwise open a folder named --help, and `lint -h` ask for a folder.
  if (command && asksForHelp(rest)) {
    eachLine(io.out, `Usage:\n${command.usage}`)
    return 0
  }
  if (!command) {
    if (name === undefined || name === '-h' || name === '--help' || name === 'help') {
      eachLine(io.out, USAGE)
      return name === undefined ? 2 : 0
    }
    io.err(`Unknown command "${name}".`)
    eachLine(io.err, USAGE)
    return 2
  }
  try {
    return await command.run(rest, io)
  } catch (error) {
    io.err(`skill-playground: ${error instanceof Error ? error.message : String(error)}`)
    return 2
  }
}

function asksForHelp(args: readonly string[]): boolean {
  for (const arg of args) {
    if (arg === '--') return false
    if (arg === '--help' || arg === '-h') return true
  }
  return false
}
