import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encodeShare, MAX_SHORT_LINK_CHARS, type SharePayload } from '../src/core/share'
import { accessSettingsFrom, TOKEN_HEADER } from './accessControl'
import { proxySettingsFrom } from './openaiProxy'
import { createPlaygroundServer } from './playgroundServer'
import { createShortLinkApi, shareDirFrom, shortLinkId } from './shortLinkApi'

const payload: SharePayload = {
  kind: 'workspace',
  skills: [{ path: 'skills/refund-policy/SKILL.md', text: '---\nname: refund-policy\ndescription: 退款政策\n---\n# 退款\n' }],
  utterance: '我要退款',
}
const TOKEN = 'team-secret'

describe('short links on the team server (real HTTP on loopback)', () => {
  const base = mkdtempSync(join(tmpdir(), 'short-links-'))
  const root = join(base, 'dist')
  const dir = join(base, 'data', 'shares')
  let server: Server
  let url = ''

  beforeAll(async () => {
    mkdirSync(root, { recursive: true })
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>app</title>')
    server = createPlaygroundServer({
      root,
      proxy: () => proxySettingsFrom({}),
      access: accessSettingsFrom({ PLAYGROUND_TOKEN: TOKEN }),
      shortLinks: createShortLinkApi(dir),
      log: () => {},
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${url}/api/share`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [TOKEN_HEADER]: TOKEN, ...headers },
      body,
    })
  const read = (id: string, headers: Record<string, string> = { [TOKEN_HEADER]: TOKEN }) => fetch(`${url}/api/share/${id}`, { headers })

  it('says it keeps short links, creates its folder on demand, and gives the stored link back', async () => {
    // The page learns it from the features answer, before any token (docs/hosting.md).
    expect(await (await fetch(`${url}/api/features.json`)).json()).toEqual({
      server: true,
      folder: false,
      tokenRequired: true,
      shortLinks: true,
    })
    const asked = await fetch(`${url}/api/share`, { headers: { [TOKEN_HEADER]: TOKEN } })
    expect(await asked.json()).toEqual({ shortLinks: true, maxChars: MAX_SHORT_LINK_CHARS })
    const link = encodeShare(payload)
    const stored = await post(JSON.stringify({ link }))
    expect(stored.status).toBe(200)
    const { id } = (await stored.json()) as { id: string }
    expect(id).toMatch(/^[0-9a-f]{32}$/)
    expect(id).toBe(shortLinkId(link))
    expect(readFileSync(join(dir, `${id}.link`), 'utf8')).toBe(link)
    const back = await read(id)
    expect(back.status).toBe(200)
    expect(await back.json()).toEqual({ link })
  })

  it('gives the same workspace the same id, and keeps one file for it (no temporary files left)', async () => {
    const link = encodeShare(payload)
    const first = (await (await post(JSON.stringify({ link }))).json()) as { id: string }
    // With its "#": still the same content, the same link.
    const again = (await (await post(JSON.stringify({ link: `#${link}` }))).json()) as { id: string }
    expect(again.id).toBe(first.id)
    const other = (await (await post(JSON.stringify({ link: encodeShare({ ...payload, utterance: '换货' }) }))).json()) as { id: string }
    expect(other.id).not.toBe(first.id)
    expect(readdirSync(dir).filter((name) => name.startsWith(first.id))).toEqual([`${first.id}.link`])
    expect(readdirSync(dir).some((name) => name.endsWith('.tmp'))).toBe(false)
  })

  it('refuses content over the cap with a clear message, and anything a pasted link would refuse', async () => {
    const tooLarge = await post(JSON.stringify({ link: `s1.${'A'.repeat(MAX_SHORT_LINK_CHARS)}` }))
    expect(tooLarge.status).toBe(413)
    expect(((await tooLarge.json()) as { error: { message: string } }).error.message).toMatch(
      /too large for a short link .*limit is 1,000,000/,
    )
    const notLink = await post(JSON.stringify({ link: 'hello' }))
    expect(notLink.status).toBe(422)
    const altered = encodeShare(payload).replace(/\.([0-9a-f]{8})\./, '.00000000.')
    const refused = await post(JSON.stringify({ link: altered }))
    expect(refused.status).toBe(422)
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/checksum/)
    expect((await post(JSON.stringify({ other: 1 }))).status).toBe(400)
    expect((await post('not json')).status).toBe(400)
  })

  it('checks the id strictly: wrong length, upper case, a path, a missing id', async () => {
    for (const id of ['abc', 'A'.repeat(32), `${'a'.repeat(32)}0`, '..%2F..%2Fetc%2Fpasswd', `${'a'.repeat(31)}g`]) {
      const answer = await read(id)
      expect(answer.status, id).toBe(400)
      expect(((await answer.json()) as { error: { type: string } }).error.type).toBe('bad_id')
    }
    const missing = await read('0'.repeat(32))
    expect(missing.status).toBe(404)
    expect(((await missing.json()) as { error: { type: string } }).error.type).toBe('not_found')
  })

  it('refuses every short link request without the team token, as the rest of the API', async () => {
    const link = encodeShare(payload)
    const id = shortLinkId(link)
    for (const answer of [
      await post(JSON.stringify({ link: encodeShare({ ...payload, utterance: 'no token' }) }), { [TOKEN_HEADER]: '' }),
      await post(JSON.stringify({ link }), { [TOKEN_HEADER]: 'wrong' }),
      await read(id, {}),
      await fetch(`${url}/api/share`),
    ]) {
      expect(answer.status).toBe(401)
      expect(((await answer.json()) as { error: { type: string } }).error.type).toBe('token_required')
    }
    expect(readdirSync(dir).some((name) => name.startsWith(shortLinkId(encodeShare({ ...payload, utterance: 'no token' }))))).toBe(false)
  })

  it('refuses a stored file that is damaged, altered or not its id, instead of opening it', async () => {
    const link = encodeShare({ ...payload, utterance: 'damaged' })
    const { id } = (await (await post(JSON.stringify({ link }))).json()) as { id: string }
    writeFileSync(join(dir, `${id}.link`), link.slice(0, link.length - 10))
    const cut = await read(id)
    expect(cut.status).toBe(422)
    expect(((await cut.json()) as { error: { type: string } }).error.type).toBe('damaged')
    // A valid link under another link's id: the content does not match its name.
    writeFileSync(join(dir, `${id}.link`), encodeShare(payload))
    expect((await read(id)).status).toBe(422)
    // Storing it again heals the file.
    expect((await post(JSON.stringify({ link }))).status).toBe(200)
    expect(await (await read(id)).json()).toEqual({ link })
  })

  it('refuses a POST from another site', async () => {
    const answer = await post(JSON.stringify({ link: encodeShare(payload) }), {
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
    })
    expect(answer.status).toBe(403)
  })
})

describe('the short link folder', () => {
  it('is SHARE_DIR, or data/shares beside the app', () => {
    expect(shareDirFrom({ SHARE_DIR: '/srv/shares' }, '/app')).toBe('/srv/shares')
    expect(shareDirFrom({}, '/app')).toBe('/app/data/shares')
  })

  it('turns short links off when it cannot be written, and says so', async () => {
    const base = mkdtempSync(join(tmpdir(), 'short-links-ro-'))
    const blocked = join(base, 'file')
    writeFileSync(blocked, 'a file, not a folder')
    const api = createShortLinkApi(join(blocked, 'shares'))
    expect(api.available).toBe(false)
    expect(api.problem).toMatch(/cannot be written .*short links are off/)
    const readOnly = join(base, 'ro')
    mkdirSync(readOnly)
    chmodSync(readOnly, 0o500)
    // Root ignores file modes; the case above covers it there.
    if (process.getuid?.() !== 0) expect(createShortLinkApi(readOnly).available).toBe(false)
    const server = createPlaygroundServer({
      root: base,
      proxy: () => proxySettingsFrom({}),
      access: accessSettingsFrom({}),
      shortLinks: api,
      log: () => {},
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      expect(await (await fetch(`${url}/api/share`)).json()).toEqual({ shortLinks: false, maxChars: MAX_SHORT_LINK_CHARS })
      expect(await (await fetch(`${url}/api/features.json`)).json()).toEqual({ server: true, folder: false, tokenRequired: false })
      const stored = await fetch(`${url}/api/share`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ link: encodeShare(payload) }),
      })
      expect(stored.status).toBe(404)
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })
})
