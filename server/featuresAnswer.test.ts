import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { readServerFeatures, SERVER_FEATURES_PATH, STATIC_FEATURES } from '../src/core/hosting'
import { accessSettingsFrom } from './accessControl'
import type { FolderApi } from './folder/folderApi'
import { proxySettingsFrom } from './openaiProxy'
import { createPlaygroundServer } from './playgroundServer'
import { rawGet as get } from './rawRequest'

const root = mkdtempSync(join(tmpdir(), 'features-'))
mkdirSync(join(root, 'api'), { recursive: true })
writeFileSync(join(root, 'index.html'), '<!doctype html><title>app</title>')
// What the build writes for a static copy; the server answers the same address itself.
writeFileSync(join(root, SERVER_FEATURES_PATH), JSON.stringify(STATIC_FEATURES))

/** A folder that answers nothing itself: only whether one is there matters here. */
const folder: FolderApi = { handle: (_request, _response, next) => next(), unlockCode: null, broadcast: () => {}, close: () => {} }

describe('the server tells the page what it offers at one address (issue 35 defect 15)', () => {
  let server: Server | null = null
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))

  async function start(env: Record<string, string>, withFolder = false): Promise<number> {
    server = createPlaygroundServer({
      root,
      proxy: () => proxySettingsFrom({}),
      access: accessSettingsFrom(env),
      ...(withFolder ? { folder } : {}),
      log: () => {},
    })
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
    return (server.address() as AddressInfo).port
  }

  it('answers, instead of the static file, that a server is here and whether it edits a folder', async () => {
    const plain = await start({})
    const answer = await get(plain, `/${SERVER_FEATURES_PATH}`)
    expect(answer.status).toBe(200)
    expect(answer.headers['content-type']).toBe('application/json')
    expect(readServerFeatures(JSON.parse(answer.body))).toEqual({ server: true, folder: false, tokenRequired: false })
    await new Promise<void>((resolve) => server!.close(() => resolve()))
    const open = await start({}, true)
    expect(JSON.parse((await get(open, `/${SERVER_FEATURES_PATH}`)).body)).toMatchObject({ folder: true })
  })

  it('answers without the team token, saying that one is needed; the API behind it still refuses', async () => {
    const port = await start({ PLAYGROUND_TOKEN: 'team-secret' })
    const answer = await get(port, `/${SERVER_FEATURES_PATH}`)
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.body)).toEqual({ server: true, folder: false, tokenRequired: true })
    expect((await get(port, '/api/llm-config')).status).toBe(401)
  })

  it('reads only a features answer: anything else is not one', () => {
    expect(readServerFeatures(STATIC_FEATURES)).toEqual(STATIC_FEATURES)
    expect(readServerFeatures({ server: false, folder: true, tokenRequired: true })).toEqual(STATIC_FEATURES)
    for (const value of [null, 'features', [], {}, { server: 'yes' }]) expect(readServerFeatures(value)).toBeNull()
  })
})
