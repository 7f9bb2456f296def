/**
 * The CLI's sandbox process for runs of a skill's code (docs/skill-code.md): started by
 * nodeCodeRunner.ts under Node's permission model (it may read Pyodide's files, its own and the
 * snapshot file it is given, write nothing, start no process or worker), with code generation from
 * strings off and an environment without secrets.
 *
 * It reads requests on standard input, one JSON per line, and answers each with one outcome line
 * on standard output, after a ready line once that run's fresh interpreter is restored (the first
 * one's before any request). Every run gets an interpreter of its own, restored from a memory
 * snapshot of Python taken before any user code (pythonRuntime.ts). Its arguments:
 * `[--snapshot=<file>] [--send-snapshot] <pyodide folder>`: the snapshot to restore from (checked
 * against the digest in its header; a bad one is reported and Python starts from nothing), and
 * whether to send the snapshot it had to take itself, so the parent can keep it for the next
 * process. Ends when its standard input does.
 */
import { constants as fsConstants, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { pathToFileURL } from 'node:url'
import { SANDBOX_READY, type CodeRunRequest } from '../core/code'
import { closeNetwork } from './closeNetwork'
import { readSnapshotFile } from './pythonSnapshotFile'

// Anything Pyodide prints about itself goes to standard error: standard output carries the outcome only.
for (const level of ['log', 'info', 'warn', 'debug'] as const)
  console[level] = (...parts: unknown[]) => process.stderr.write(parts.join(' ') + '\n')

/**
 * The permission model refuses `process.binding`; Pyodide's NODEFS asks it for the file-open flags
 * when it starts (it is never mounted here), so it gets those and nothing else.
 */
Object.assign(process, {
  binding: (name: string) => {
    if (name === 'constants') return { fs: fsConstants }
    throw new Error(`process.binding('${name}') is not available in the sandbox.`)
  },
})

closeNetwork()
// Run from a file, argv[1] is the script; run with --eval, the arguments start there.
const args = process.argv.slice(1)
const pyodideDir = args.at(-1) ?? ''
const snapshotPath = args.find((arg) => arg.startsWith('--snapshot='))?.slice('--snapshot='.length)
const sendSnapshot = args.includes('--send-snapshot')

const write = (line: string) => new Promise<void>((resolve) => process.stdout.write(line + '\n', () => resolve()))

const { PYODIDE_VERSION, snapshotPython, startPython } = await import('../adapters/pythonRuntime')
const indexURL = `${pyodideDir}/`
// Every interpreter after the first instantiates the wasm compiled for the first.
const host = { moduleURL: pathToFileURL(join(pyodideDir, 'pyodide.asm.mjs')).href }

/** The snapshot to restore every run's interpreter from, and the interpreter for the first run. */
async function prepare(): Promise<{ snapshot: Uint8Array; first: Awaited<ReturnType<typeof startPython>> }> {
  if (snapshotPath) {
    try {
      const snapshot = readSnapshotFile(readFileSync(snapshotPath), PYODIDE_VERSION)
      return { snapshot, first: await startPython(indexURL, snapshot, host) }
    } catch (error) {
      await write(JSON.stringify({ snapshotInvalid: error instanceof Error ? error.message : String(error) }))
    }
  }
  const { snapshot, runtime } = await snapshotPython(indexURL, host)
  if (sendSnapshot) await write(JSON.stringify({ snapshot: Buffer.from(snapshot).toString('base64') }))
  return { snapshot, first: runtime }
}

const { snapshot, first } = await prepare()
let runtime: Awaited<ReturnType<typeof startPython>> | undefined = first
// Python has started: the parent may send requests.
await write(SANDBOX_READY)
for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  if (!line.trim()) continue
  // Each run's interpreter is restored when its request comes (a process asked for one run, the
  // usual `exec`, restores no second one); the ready line starts the run's clock in the parent.
  runtime ??= await startPython(indexURL, snapshot, host)
  await write(SANDBOX_READY)
  const request = JSON.parse(line) as CodeRunRequest
  const outcome = runtime.run(request)
  runtime = undefined
  await write(JSON.stringify(outcome))
}
process.exit(0)
