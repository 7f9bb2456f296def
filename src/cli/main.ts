import { createInterface } from 'node:readline'
import type { CliIO } from './cliIO'
import { runCli } from './runCli'

const io: CliIO = {
  out: (line) => process.stdout.write(line + '\n'),
  err: (line) => process.stderr.write(line + '\n'),
  lines: async function* () {
    if (process.stdin.isTTY) process.stderr.write('Reading utterances from standard input, one per line (Ctrl+D ends).\n')
    // crlfDelay: Infinity treats \r\n as one line break; nothing else is trimmed.
    for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) yield line
  },
}

// `skill-playground route … | head` closes the pipe early: that is the reader's choice, not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0)
  throw error
})

const code = await runCli(process.argv.slice(2), io)
// The command has answered: once its output is written, nothing it may have left behind (a child
// process waiting on a pipe, a timer) keeps the process from ending with that answer.
process.stdout.write('', () => process.stderr.write('', () => process.exit(code)))
