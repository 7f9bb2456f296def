/**
 * The CLI's sandbox process for one run of a skill's code (docs/skill-code.md): started by
 * nodeCodeRunner.ts under Node's permission model (it may read Pyodide's files and its own, write
 * nothing, start no process or worker), with code generation from strings off and an environment
 * without secrets; reads one request on standard input, writes one outcome as JSON on standard
 * output, exits. Its last argument is Pyodide's folder.
 */
import dgram from 'node:dgram'
import dns from 'node:dns'
import { constants as fsConstants } from 'node:fs'
import { createRequire } from 'node:module'
import net from 'node:net'
import { SANDBOX_READY, type CodeRunRequest } from '../core/code'

// Anything Pyodide prints about itself goes to standard error: standard output carries the outcome only.
for (const level of ['log', 'info', 'warn', 'debug'] as const)
  console[level] = (...parts: unknown[]) => process.stderr.write(parts.join(' ') + '\n')

/**
 * Node 20's permission model does not cover the network. Python reaches no JavaScript (the
 * runtime drops its handles on the API), so these are a further layer, not the boundary: Pyodide
 * tunnels Python sockets through the `ws` package, refused here with the rest of Node's network
 * and process modules, and every socket, listener and name lookup is refused where all of them
 * pass (the prototypes an `import` of `node:net` would reach too).
 */
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
  'dns',
  'node:dns',
  'child_process',
  'node:child_process',
  'worker_threads',
  'node:worker_threads',
])

function refused(what: string): () => never {
  return () => {
    throw new Error(`${what} is not available in the sandbox.`)
  }
}

function closeNetwork(): void {
  const loader = createRequire(import.meta.url)('node:module') as { _load: (request: string, ...rest: unknown[]) => unknown }
  const load = loader._load.bind(loader)
  loader._load = (request: string, ...rest: unknown[]) => {
    if (REFUSED.has(request)) throw new Error(`"${request}" is not available in the sandbox.`)
    return load(request, ...rest)
  }
  for (const name of ['fetch', 'WebSocket', 'EventSource', 'XMLHttpRequest', 'Request', 'Response', 'Headers'])
    delete (globalThis as Record<string, unknown>)[name]
  Object.assign(net.Socket.prototype, { connect: refused('A network connection') })
  Object.assign(net.Server.prototype, { listen: refused('Listening on the network') })
  Object.assign(dgram.Socket.prototype, { bind: refused('A UDP socket'), connect: refused('A UDP socket'), send: refused('A UDP socket') })
  // Name lookups leave the machine too: the system resolver, and each query of the DNS client.
  Object.assign(dns, { lookup: refused('A name lookup'), lookupService: refused('A name lookup') })
  Object.assign(dns.promises, { lookup: refused('A name lookup'), lookupService: refused('A name lookup') })
  const channel = Object.getPrototypeOf((new dns.Resolver() as unknown as { _handle: object })._handle) as Record<string, unknown>
  for (const name of Object.getOwnPropertyNames(channel))
    if (name.startsWith('query') || name === 'getHostByAddr') channel[name] = refused('A name lookup')
}

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
