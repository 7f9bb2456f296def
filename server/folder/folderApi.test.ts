/**
 * The folder's endpoints over real HTTP on loopback, with real folders and real links
 * (docs/open-folder.md): links that fan out or go round in a cycle, and the team token.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { accessSettingsFrom, TOKEN_HEADER } from '../accessControl'
import { proxySettingsFrom } from '../openaiProxy'
import { createPlaygroundServer } from '../playgroundServer'
import { rawGet } from '../rawRequest'
import { openDiskWorkspace, type DiskWorkspace } from './diskWorkspace'
import { createFolderApi, type FolderApi } from './folderApi'

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

const skill = (name: string) => `---\nname: ${name}\n---\nDo ${name}.\n`

async function serveFolder(build: (root: string) => void, env: Record<string, string> = {}) {
  const dist = mkdtempSync(join(tmpdir(), 'folder-api-dist-'))
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>')
  const root = mkdtempSync(join(tmpdir(), 'folder-api-'))
  build(root)
  const access = accessSettingsFrom(env)
  const workspace: DiskWorkspace = openDiskWorkspace(root, () => {})
  const folder: FolderApi = createFolderApi(workspace, access)
  const server: Server = createPlaygroundServer({ root: dist, proxy: () => proxySettingsFrom({}), access, folder, log: () => {} })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  cleanups.push(async () => {
    folder.close()
    await new Promise((resolve) => server.close(resolve))
    await workspace.close()
    rmSync(root, { recursive: true, force: true })
    rmSync(dist, { recursive: true, force: true })
  })
  return { root, folder, port: (server.address() as AddressInfo).port }
}

function post(port: number, path: string, body: unknown, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const outgoing = request(
      { host: '127.0.0.1', port, path, method: 'POST', headers: { 'content-type': 'application/json', ...headers } },
      (response) => {
        let text = ''
        response.on('data', (chunk: Buffer) => (text += chunk.toString()))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }))
      },
    )
    outgoing.on('error', reject)
    outgoing.end(JSON.stringify(body))
  })
}

describe('the folder endpoints', () => {
  it('32 links that fan out inside the folder are not followed: the folder answers at once, and so does /healthz meanwhile', async () => {
    // d0 holds two links to d1, d1 two to d2, …: followed, 2^16 ways down to d16.
    const levels = 16
    const { port } = await serveFolder((root) => {
      for (let level = 0; level <= levels; level++) {
        mkdirSync(join(root, `d${level}`))
        writeFileSync(join(root, `d${level}/SKILL.md`), skill(`d${level}`))
        if (level < levels) for (const name of ['a', 'b']) symlinkSync(`../d${level + 1}`, join(root, `d${level}/${name}`))
      }
    })
    const listing = rawGet(port, '/api/folder')
    const health = await rawGet(port, '/healthz')
    expect(health.status).toBe(200)
    const answer = await listing
    expect(answer.status).toBe(200)
    const body = JSON.parse(answer.body) as {
      files: { path: string }[]
      leftAlone: { path: string; reason: string }[]
      leftAloneCount: number
    }
    expect(body.files.map((file) => file.path).sort()).toEqual(
      Array.from({ length: levels + 1 }, (_, level) => `d${level}/SKILL.md`).sort(),
    )
    expect(body.leftAloneCount).toBe(2 * levels)
    expect(body.leftAlone).toContainEqual({ path: 'd0/a', reason: 'link' })
  }, 15_000)

  it('two links that form a cycle are left alone, and the rest of the folder opens', async () => {
    const { port } = await serveFolder((root) => {
      for (const name of ['x', 'y']) {
        mkdirSync(join(root, name))
        writeFileSync(join(root, `${name}/SKILL.md`), skill(name))
      }
      symlinkSync('../y', join(root, 'x/other'))
      symlinkSync('../x', join(root, 'y/other'))
      // And two that point at each other, resolving to nothing.
      symlinkSync('loop-b', join(root, 'loop-a'))
      symlinkSync('loop-a', join(root, 'loop-b'))
    })
    const answer = await rawGet(port, '/api/folder')
    expect(answer.status).toBe(200)
    const body = JSON.parse(answer.body) as { files: { path: string }[]; leftAlone: { path: string; reason: string }[] }
    expect(body.files.map((file) => file.path)).toEqual(['x/SKILL.md', 'y/SKILL.md'])
    expect(body.leftAlone.map((entry) => entry.path).sort()).toEqual(['loop-a', 'loop-b', 'x/other', 'y/other'])
  })

  it('with a team token, a page without it is told the folder is locked; the one-time code gives it the token once', async () => {
    const token = 'team-secret-for-the-folder'
    const { port, folder } = await serveFolder(
      (root) => {
        mkdirSync(join(root, 'calc'))
        writeFileSync(join(root, 'calc/SKILL.md'), skill('calc'))
      },
      { PLAYGROUND_TOKEN: token },
    )
    const locked = await rawGet(port, '/api/folder')
    expect(locked.status).toBe(401)
    expect(JSON.parse(locked.body)).toMatchObject({ error: { type: 'folder_token_required' } })
    expect((await rawGet(port, '/api/llm-config')).body).toContain('"token_required"')

    const code = folder.unlockCode as string
    expect(code).toMatch(/^[\w-]{32}$/)
    expect((await post(port, '/api/folder/unlock', { code: `${code}x` })).status).toBe(403)
    expect((await post(port, '/api/folder/unlock', { code: code.slice(0, 8) })).status).toBe(403)
    // Another site's page cannot trade the code (and does not use it up).
    expect((await post(port, '/api/folder/unlock', { code }, { 'sec-fetch-site': 'cross-site' })).status).toBe(403)
    const unlocked = await post(port, '/api/folder/unlock', { code })
    expect(unlocked.status).toBe(200)
    expect(JSON.parse(unlocked.body)).toEqual({ token })
    // Good once: the printed address does not open the folder a second time.
    expect((await post(port, '/api/folder/unlock', { code })).status).toBe(403)

    const open = await rawGet(port, '/api/folder', { [TOKEN_HEADER]: token })
    expect(open.status).toBe(200)
    expect((JSON.parse(open.body) as { files: { path: string }[] }).files.map((file) => file.path)).toEqual(['calc/SKILL.md'])
    // The events, which a page reads with the token in a header.
    const events = await new Promise<{ status: number; type: string }>((resolve, reject) => {
      const outgoing = request({ host: '127.0.0.1', port, path: '/api/folder/events', headers: { [TOKEN_HEADER]: token } }, (response) => {
        resolve({ status: response.statusCode ?? 0, type: String(response.headers['content-type']) })
        response.destroy()
      })
      outgoing.on('error', reject)
      outgoing.end()
    })
    expect(events).toEqual({ status: 200, type: 'text/event-stream' })
  })
})
