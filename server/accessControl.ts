/**
 * Who may use a team's server. On loopback only this machine can reach it. Bound to any other
 * address with a model key configured, the server needs a shared token (PLAYGROUND_TOKEN: users
 * type it once, the page sends it as a header) or an explicit PLAYGROUND_OPEN=1 for a deployment
 * behind the team's own authenticating reverse proxy. A key must not become a free endpoint for a
 * whole network by accident.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'

export const TOKEN_HEADER = 'x-playground-token'

export interface AccessSettings {
  token: string | undefined
  open: boolean
}

export function accessSettingsFrom(env: Record<string, string | undefined>): AccessSettings {
  return { token: env.PLAYGROUND_TOKEN?.trim() || undefined, open: env.PLAYGROUND_OPEN === '1' }
}

/** Loopback names and addresses: only this machine can reach a server bound there. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase()
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare)
}

/**
 * Why the server must not start with these settings, or null when it may. `exposed` names what a
 * caller could use (the model key, MCP servers: tools that may read files or call services).
 */
export function refusalToStart(host: string, exposed: readonly string[], access: AccessSettings): string | null {
  if (isLoopbackHost(host) || exposed.length === 0 || access.token || access.open) return null
  return [
    `Refusing to start: HOST=${host} exposes ${exposed.join(' and ')} to everyone who can reach this address.`,
    'Set PLAYGROUND_TOKEN=<a long random string> (colleagues type it once), or PLAYGROUND_OPEN=1 when an',
    'authenticating reverse proxy stands in front (see the README, "Hosting for a team").',
  ].join('\n')
}

/**
 * Whether `given` is the secret, in a time that tells nothing about it: both sides are hashed
 * first, so the comparison always runs over the same length (an early answer on a length
 * mismatch would tell the secret's length).
 */
export function sameSecret(given: string, secret: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest()
  return timingSafeEqual(digest(given), digest(secret))
}

/** Whether a request carries the token (always true when none is configured). */
export function hasAccess(request: IncomingMessage, access: AccessSettings): boolean {
  if (!access.token) return true
  const given = request.headers[TOKEN_HEADER]
  return typeof given === 'string' && sameSecret(given, access.token)
}

/**
 * The host names this server answers to. A page on an attacker's domain can point its name at
 * 127.0.0.1 (DNS rebinding) and reach a local server; the Host header still carries the
 * attacker's name, so only loopback names and the configured ones (HOST when it is a name or an
 * address, PUBLIC_URL's host, ALLOWED_HOSTS) are accepted.
 */
export function allowedHostsFrom(env: Record<string, string | undefined>): string[] {
  const hosts: string[] = []
  const bind = env.HOST?.trim()
  if (bind && bind !== '0.0.0.0' && bind !== '::' && bind !== '[::]') hosts.push(bind)
  const publicUrl = env.PUBLIC_URL?.trim()
  if (publicUrl) {
    try {
      hosts.push(new URL(publicUrl).hostname)
    } catch {
      // A PUBLIC_URL that is not an address adds nothing.
    }
  }
  for (const host of (env.ALLOWED_HOSTS ?? '').split(',')) if (host.trim()) hosts.push(host.trim())
  return hosts.map((host) => host.toLowerCase().replace(/^\[|\]$/g, ''))
}

/** Whether a request's Host header names this server (loopback, or one of `allowed`). */
export function hostAllowed(hostHeader: string | undefined, allowed: readonly string[]): boolean {
  if (!hostHeader) return false
  let name: string
  try {
    name = new URL(`http://${hostHeader}`).hostname.toLowerCase().replace(/^\[|\]$/g, '')
  } catch {
    return false
  }
  return isLoopbackHost(name) || allowed.includes(name)
}
