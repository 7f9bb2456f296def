/**
 * The CLI's sandbox process for one run of a skill's code (docs/skill-code.md): started by
 * nodeCodeRunner.ts with code generation from strings off and an environment without secrets;
 * reads one request on standard input, writes one outcome as JSON on standard output, exits.
 */
import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { SANDBOX_READY, type CodeRunRequest } from '../core/code'

// Anything Pyodide prints about itself goes to standard error: standard output carries the outcome only.
for (const level of ['log', 'info', 'warn', 'debug'] as const)
  console[level] = (...parts: unknown[]) => process.stderr.write(parts.join(' ') + '\n')

// Pyodide tunnels Python sockets through the `ws` package in Node; with these refused, a socket
// cannot connect anywhere. The child needs none of Node's network modules.
const REFUSED = new Set([
  'ws',
  'net',
  'node:net',
  'http',
  'node:http',
  'https',
  'node:https',
  'http2',
  'node:http2',
  'tls',
  'node:tls',
  'dgram',
  'node:dgram',
  'child_process',
  'node:child_process',
  'worker_threads',
  'node:worker_threads',
])
const loader = createRequire(import.meta.url)('node:module') as { _load: (request: string, ...rest: unknown[]) => unknown }
const load = loader._load.bind(loader)
loader._load = (request: string, ...rest: unknown[]) => {
  if (REFUSED.has(request)) throw new Error(`"${request}" is not available in the sandbox.`)
  return load(request, ...rest)
}
for (const name of ['fetch', 'WebSocket', 'EventSource', 'XMLHttpRequest', 'Request', 'Response', 'Headers'])
  delete (globalThis as Record<string, unknown>)[name]

const chunks: Buffer[] = []
for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
const request = JSON.parse(Buffer.concat(chunks).toString('utf8')) as CodeRunRequest
const { startPython } = await import('../adapters/pythonRuntime')
const indexURL = dirname(fileURLToPath(import.meta.resolve('pyodide'))) + '/'
const runtime = await startPython(indexURL)
// The parent's time-out counts the code's own time, from here, not Python's start.
process.stdout.write(`${SANDBOX_READY}\n`)
const outcome = runtime.run(request)
process.stdout.write(JSON.stringify(outcome), () => process.exit(0))
