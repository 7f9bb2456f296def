/**
 * The CLI's sandbox process for one run of a skill's code (docs/skill-code.md): started by
 * nodeCodeRunner.ts under Node's permission model (it may read Pyodide's files and its own, write
 * nothing, start no process or worker), with code generation from strings off and an environment
 * without secrets; reads one request on standard input, writes one outcome as JSON on standard
 * output, exits. Its last argument is Pyodide's folder.
 */
import { constants as fsConstants } from 'node:fs'
import { SANDBOX_READY, type CodeRunRequest } from '../core/code'
import { closeNetwork } from './closeNetwork'

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
const pyodideDir = process.argv.at(-1) ?? ''
const chunks: Buffer[] = []
for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
const request = JSON.parse(Buffer.concat(chunks).toString('utf8')) as CodeRunRequest
const { startPython } = await import('../adapters/pythonRuntime')
const runtime = await startPython(`${pyodideDir}/`)
// The parent's time-out counts the code's own time, from here, not Python's start.
process.stdout.write(`${SANDBOX_READY}\n`)
const outcome = runtime.run(request)
process.stdout.write(JSON.stringify(outcome), () => process.exit(0))
