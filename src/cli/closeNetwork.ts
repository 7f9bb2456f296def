/**
 * Closes the network of the CLI's sandbox process (pythonChild.ts, docs/skill-code.md). Node 20's
 * permission model does not cover the network, and Python reaches no JavaScript (the runtime drops
 * its handles on the API), so this is a further layer, not the boundary: Pyodide tunnels Python
 * sockets through the `ws` package, refused here with the rest of Node's network and process
 * modules, and every socket, listener and name lookup is refused where all of them pass (the
 * prototypes an `import` of `node:net`, or `fetch` inside Node, would reach too).
 */
import dgram from 'node:dgram'
import dns from 'node:dns'
import { createRequire, syncBuiltinESMExports } from 'node:module'
import net from 'node:net'

/** What `require` refuses in the sandbox. */
const REFUSED_MODULES = new Set([
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

/** For the process's whole life: nothing in it reaches the network afterwards. */
export function closeNetwork(): void {
  const loader = createRequire(import.meta.url)('node:module') as { _load: (request: string, ...rest: unknown[]) => unknown }
  const load = loader._load.bind(loader)
  loader._load = (request: string, ...rest: unknown[]) => {
    if (REFUSED_MODULES.has(request)) throw new Error(`"${request}" is not available in the sandbox.`)
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
    if (name.startsWith('query') || name === 'getHostByAddr') channel[name] = refused('A name lookup') // `import { lookup } from 'node:dns'` reads the module's exports as they were when first imported.
  syncBuiltinESMExports()
}
