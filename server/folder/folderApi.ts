/**
 * The folder's endpoints, when the server was started on one (`skill-playground open <dir>`,
 * docs/open-folder.md), with the same checks as the other APIs (requestGuard.ts):
 *   GET    /api/folder          {"root", "files": [{"path", "text", "version"}], "leftAlone": [{"path", "reason"}], "leftAloneCount"}
 *   GET    /api/folder/events   server-sent events: {"type": "changed", "file"} | {"type": "removed", "path"}
 *   PUT    /api/folder/file     {"path", "text", "base"} → {"version"} | 409 {"error", "disk"}
 *   DELETE /api/folder/file     {"path", "base"} → {} | 409 {"error", "disk"}
 *   POST   /api/folder/move     {"from", "to"} → {} | 409 {"error"}
 *   POST   /api/folder/unlock   {"code"} → {"token"} | 403: the one-time address hands the page the team token
 * `base` is the version the page last read: a file changed on disk since then is a conflict,
 * never overwritten.
 */
import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { sameSecret } from '../accessControl'
import { fail, readJsonBody, RequestRefusal, sameOrigin, sendJson } from '../requestGuard'
import type { DiskEvent, DiskResult, DiskWorkspace } from './diskWorkspace'

/** A skill file is small; this bounds what one write may carry. */
const MAX_WRITE_BYTES = 4 * 1024 * 1024

type Next = () => void

/** The one path a page without the team token may use: it brings the one-time code instead. */
export const UNLOCK_PATH = '/api/folder/unlock'

export interface FolderApi {
  handle: (request: IncomingMessage, response: ServerResponse, next: Next) => void
  /**
   * With a team token set: a code, good once, that the address `skill-playground open` prints
   * carries in its fragment (never sent to a server by a browser, so never in a log); the page
   * trades it for the token, which it keeps for the tab. Null without a token.
   */
  unlockCode: string | null
  /** Tells every open page about a change on disk. */
  broadcast: (event: DiskEvent) => void
  /** Ends the event streams (the server is stopping). */
  close: () => void
}

export function createFolderApi(workspace: DiskWorkspace, access: { token?: string | undefined } = {}): FolderApi {
  const streams = new Set<ServerResponse>()
  let unlockCode = access.token ? randomBytes(24).toString('base64url') : null
  const unlock = (code: string): string | null => {
    if (unlockCode === null || !access.token || !sameSecret(code, unlockCode)) return null
    unlockCode = null
    return access.token
  }
  const broadcast = (event: DiskEvent) => {
    for (const stream of streams) stream.write(`data: ${JSON.stringify(event)}\n\n`)
  }
  const answer = (response: ServerResponse, result: DiskResult) => {
    if (result.ok) return sendJson(response, 200, { version: result.version })
    sendJson(response, result.status, {
      error: { message: result.error, type: result.status === 409 ? 'conflict' : 'refused' },
      disk: result.disk ?? null,
    })
  }
  const text = (value: unknown, name: string): string => {
    if (typeof value !== 'string') throw new RequestRefusal(400, `Send "${name}" as a string.`)
    return value
  }
  const base = (value: unknown): string | null => (value === null || value === undefined ? null : text(value, 'base'))

  const handle = (request: IncomingMessage, response: ServerResponse, next: Next) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/'
    if (path !== '/api/folder' && !path.startsWith('/api/folder/')) return next()
    if (!sameOrigin(request)) return fail(response, 403, 'Only the playground page may use its folder.', 'forbidden')
    if (request.method === 'GET' && path === '/api/folder') {
      workspace.list().then(
        (listing) => sendJson(response, 200, { root: workspace.root, ...listing }),
        (error: unknown) =>
          fail(response, 500, `The folder could not be read: ${error instanceof Error ? error.message : String(error)}`, 'disk_error'),
      )
      return
    }
    if (request.method === 'GET' && path === '/api/folder/events') {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' })
      response.write(': connected\n\n')
      streams.add(response)
      request.on('close', () => streams.delete(response))
      return
    }
    const act = async () => {
      const body = (await readJsonBody(request, MAX_WRITE_BYTES)) as Record<string, unknown> | null
      if (typeof body !== 'object' || body === null) throw new RequestRefusal(400, 'Send a JSON object.')
      if (request.method === 'PUT' && path === '/api/folder/file')
        return answer(response, workspace.write(text(body.path, 'path'), text(body.text, 'text'), base(body.base)))
      if (request.method === 'DELETE' && path === '/api/folder/file')
        return answer(response, workspace.remove(text(body.path, 'path'), base(body.base)))
      if (request.method === 'POST' && path === '/api/folder/move')
        return answer(response, workspace.move(text(body.from, 'from'), text(body.to, 'to')))
      if (request.method === 'POST' && path === UNLOCK_PATH) {
        const token = unlock(text(body.code, 'code'))
        if (token === null)
          return fail(response, 403, 'This address was used already or is not this server’s: type the team token instead.', 'forbidden')
        return sendJson(response, 200, { token })
      }
      fail(response, 404, 'No such endpoint.', 'not_found')
    }
    act().catch((error: unknown) => {
      if (error instanceof RequestRefusal) return fail(response, error.status, error.message, 'refused')
      fail(response, 500, `The folder could not be changed: ${error instanceof Error ? error.message : String(error)}`, 'disk_error')
    })
  }
  const close = () => {
    for (const stream of streams) stream.end()
    streams.clear()
  }
  return { handle, broadcast, close, unlockCode }
}
