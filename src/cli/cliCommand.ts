import type { CliIO } from './cliIO'

/** One `skill-playground <name>` command, as the registry (cliCommands.ts) lists it. */
export interface CliCommand {
  name: string
  /** The lines `skill-playground <name> --help` prints under "Usage:", and the full usage lists. */
  usage: string
  /** Runs the command with the arguments after its name; returns the exit code. A thrown error is a usage error (exit 2). */
  run: (args: readonly string[], io: CliIO) => Promise<number> | number
}
