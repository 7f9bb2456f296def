/**
 * closeNetwork in this file's own process (vitest runs each test file in a process of its own, and
 * this is the only test here: the process has no network afterwards). A listener on loopback,
 * started before, counts what arrives: nothing may.
 */
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { expect, it } from 'vitest'
import { closeNetwork } from './closeNetwork'

it('refuses every way to the network: require, import, fetch, sockets, TLS, HTTP, UDP, listeners and name lookups', async () => {
  let connections = 0
  const listener = createServer((socket) => {
    connections++
    socket.destroy()
  })
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve))
  const port = (listener.address() as { port: number }).port
  closeNetwork()

  const tried: Record<string, string> = {}
  const attempt = async (name: string, action: () => unknown) => {
    try {
      await action()
      tried[name] = 'went through'
    } catch (error) {
      tried[name] =
        error instanceof Error && /not available in the sandbox|is not a function|is not defined/.test(error.message)
          ? 'refused'
          : String(error)
    }
  }
  const require = createRequire(import.meta.url)
  for (const name of ['node:net', 'http', 'node:https', 'tls', 'dgram', 'dns', 'ws', 'child_process', 'node:worker_threads'])
    await attempt(`require ${name}`, () => require(name))
  await attempt('fetch', () => fetch(`http://127.0.0.1:${port}/`))
  const net = await import('node:net')
  await attempt('net.connect', () => net.connect(port, '127.0.0.1'))
  await attempt('new Socket().connect', () => new net.Socket().connect(port, '127.0.0.1'))
  await attempt('listen', () => net.createServer().listen(0, '127.0.0.1'))
  const http = await import('node:http')
  await attempt('http.get', () => http.get(`http://127.0.0.1:${port}/`))
  const tls = await import('node:tls')
  await attempt('tls.connect', () => tls.connect(port, '127.0.0.1'))
  const dgram = await import('node:dgram')
  await attempt('udp send', () => dgram.createSocket('udp4').send('x', port, '127.0.0.1'))
  await attempt('udp bind', () => dgram.createSocket('udp4').bind(0))
  const { lookup, promises, Resolver } = await import('node:dns')
  await attempt('lookup', () => lookup('localhost', () => {}))
  await attempt('promises.lookup', () => promises.lookup('localhost'))
  await attempt('Resolver', () => new Resolver().resolve4('localhost', () => {}))
  await attempt('promises.Resolver', () => new promises.Resolver().resolve4('localhost'))

  await new Promise((resolve) => setTimeout(resolve, 100))
  for (const [name, outcome] of Object.entries(tried)) expect(`${name}: ${outcome}`).toBe(`${name}: refused`)
  expect(connections).toBe(0)
  await new Promise<void>((resolve) => listener.close(() => resolve()))
})
