import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { readdir, writeFile } from 'node:fs/promises'
import { randomBytes } from 'node:crypto'
import { request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_SHARE_MAX_BYTES, encodeShare, MAX_SHORT_LINK_CHARS, packShare, type SharePayload } from '../src/core/share'
import { accessSettingsFrom, refusalToStart, TOKEN_HEADER } from './accessControl'
import { exposedServices, startRefusal } from './exposedServices'
import { proxySettingsFrom } from './openaiProxy'
import { createPlaygroundServer } from './playgroundServer'
import {
  createShortLinkApi,
  shareDirFrom,
  shareMaxBytesFrom,
  SHORT_LINK_FILE_MIN_BYTES,
  shortLinkDiskBytes,
  shortLinkId,
  shortLinkSettingsFrom,
  type ShortLinkOptions,
} from './shortLinkApi'

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

/** A playground server on loopback with only a short link API (no token), for one test. */
async function shortLinkServer(dir: string, options: ShortLinkOptions = {}) {
  const base = mkdtempSync(join(tmpdir(), 'short-links-app-'))
  writeFileSync(join(base, 'index.html'), '<!doctype html><title>app</title>')
  const server = createPlaygroundServer({
    root: base,
    proxy: () => proxySettingsFrom({}),
    access: accessSettingsFrom({}),
    shortLinks: createShortLinkApi(dir, options),
    log: () => {},
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  const url = `http://127.0.0.1:${port}`
  const store = (link: string) =>
    fetch(`${url}/api/share`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ link }) })
  // A request refused before its body was read leaves its connection open until it times out: closed here.
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve())
      server.closeAllConnections()
    })
  return { url, port, store, close }
}

describe('a team server open to the network (review of issue 35 item 4)', () => {
  it('counts a short link folder it can write as exposed: HOST=0.0.0.0 without a token or proxy refuses to start', () => {
    const exposed = exposedServices({ apiKey: false, mcpCount: 0, shortLinks: true })
    expect(exposed).toEqual(['a short link folder anyone could write to (SHARE_DIR)'])
    expect(refusalToStart('0.0.0.0', exposed, accessSettingsFrom({}))).toMatch(/Refusing to start: .*short link folder/)
    expect(refusalToStart('0.0.0.0', exposed, accessSettingsFrom({ PLAYGROUND_TOKEN: 't' }))).toBeNull()
    expect(refusalToStart('127.0.0.1', exposed, accessSettingsFrom({}))).toBeNull()
    // A folder that cannot be written keeps no links, so it gives nothing away.
    expect(exposedServices({ apiKey: false, mcpCount: 0, shortLinks: false })).toEqual([])
    expect(exposedServices({ apiKey: true, mcpCount: 2, shortLinks: false })).toEqual(['the OpenAI key', '2 MCP servers'])
  })

  it('reads SHARE_MAX_BYTES once, with its default from core, and refuses a value that is not a size', () => {
    expect(shareMaxBytesFrom({})).toEqual({ bytes: DEFAULT_SHARE_MAX_BYTES })
    expect(shareMaxBytesFrom({ SHARE_MAX_BYTES: ' 2048 ' })).toEqual({ bytes: 2048 })
    for (const bad of ['0', '-1', '1.5', '10MB', 'lots']) expect(shareMaxBytesFrom({ SHARE_MAX_BYTES: bad })).toHaveProperty('problem')
  })

  it('caps the whole folder: a link past SHARE_MAX_BYTES is refused with 507 and a clear message; the same link again and links removed by hand free room', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'short-links-cap-'))
    const first = encodeShare(payload)
    const second = encodeShare({ ...payload, utterance: '换货' })
    const third = encodeShare({ ...payload, utterance: '退货' })
    // Room for two links, not three (each file counted as at least a disk block).
    const maxBytes = shortLinkDiskBytes(first.length) + shortLinkDiskBytes(second.length) + Math.floor(shortLinkDiskBytes(third.length) / 2)
    const server = await shortLinkServer(dir, { maxBytes })
    try {
      expect((await server.store(first)).status).toBe(200)
      expect((await server.store(second)).status).toBe(200)
      const full = await server.store(third)
      expect(full.status).toBe(507)
      const body = (await full.json()) as { error: { type: string; message: string } }
      expect(body.error.type).toBe('full')
      expect(body.error.message).toMatch(/short link folder is full .*SHARE_MAX_BYTES.*Nothing was stored/)
      expect(readdirSync(dir).filter((name) => name.endsWith('.link'))).toHaveLength(2)
      // Sharing a kept link again takes no new room.
      expect((await server.store(first)).status).toBe(200)
      // A link removed from the folder frees its room: the folder is counted again before refusing.
      rmSync(join(dir, `${shortLinkId(first)}.link`))
      expect((await server.store(third)).status).toBe(200)
    } finally {
      await server.close()
    }
    // Counted from disk at start: a restarted server knows what the folder already holds.
    const again = await shortLinkServer(dir, { maxBytes })
    try {
      expect((await again.store(first)).status).toBe(507)
    } finally {
      await again.close()
    }
  })

  it("keeps its folder and files readable by the server's own user only", async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'short-links-mode-')), 'shares')
    const server = await shortLinkServer(dir)
    try {
      const { id } = (await (await server.store(encodeShare(payload))).json()) as { id: string }
      expect(statSync(dir).mode & 0o777).toBe(0o700)
      expect(statSync(join(dir, `${id}.link`)).mode & 0o777).toBe(0o600)
    } finally {
      await server.close()
    }
  })

  it('serves a stored file that hashes to its id as it is, without decoding it again (the page decodes what it opens)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'short-links-read-'))
    // Not what store would write today (an unknown field), yet it is the file named by its hash.
    const kept = packShare('s1.', { ...payload, extra: 'from an older server' })
    // Not a link the decoder would pass at all: the server does not look inside, the page does.
    const undecodable = 's1.this is not what a link holds'
    for (const text of [kept, undecodable]) writeFileSync(join(dir, `${shortLinkId(text)}.link`), text)
    const server = await shortLinkServer(dir)
    try {
      for (const text of [kept, undecodable]) {
        const answer = await fetch(`${server.url}/api/share/${shortLinkId(text)}`)
        expect(answer.status).toBe(200)
        expect(await answer.json()).toEqual({ link: text })
      }
    } finally {
      await server.close()
    }
  })

  it('bounds reads per client as it bounds writes', async () => {
    const server = await shortLinkServer(mkdtempSync(join(tmpdir(), 'short-links-reads-')))
    try {
      const statuses: number[] = []
      for (let batch = 0; batch < 61; batch++)
        statuses.push(
          ...(await Promise.all(
            Array.from({ length: 10 }, () => fetch(`${server.url}/api/share/${'0'.repeat(32)}`).then((answer) => answer.status)),
          )),
        )
      expect(statuses.filter((status) => status === 404)).toHaveLength(600)
      expect(statuses.filter((status) => status === 429)).toHaveLength(10)
    } finally {
      await server.close()
    }
  })

  it('says a chunked body that grew past the cap is too large without claiming a length it never learned', async () => {
    const server = await shortLinkServer(mkdtempSync(join(tmpdir(), 'short-links-chunked-')))
    try {
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const outgoing = httpRequest(
          { host: '127.0.0.1', port: server.port, path: '/api/share', method: 'POST', headers: { 'content-type': 'application/json' } },
          (response) => {
            const chunks: Buffer[] = []
            response.on('data', (chunk: Buffer) => chunks.push(chunk))
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }))
          },
        )
        outgoing.on('error', reject)
        // No content-length: sent in chunks until the server stops reading.
        const piece = 'A'.repeat(64 * 1024)
        outgoing.write('{"link": "s1.')
        for (let sent = 0; sent < MAX_SHORT_LINK_CHARS + 128 * 1024; sent += piece.length) outgoing.write(piece)
        outgoing.end('"}')
      })
      expect(answer.status).toBe(413)
      const message = (JSON.parse(answer.body) as { error: { message: string } }).error.message
      expect(message).toMatch(/too large for a short link \(the limit is 1,000,000 characters\)/)
      expect(message).not.toMatch(/\b0 characters/)
    } finally {
      await server.close()
    }
  })
})

/** `count` tiny links written straight into `dir`, its mtime then set back an hour (a folder nobody changed lately). */
function prefill(dir: string, count: number) {
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  for (let index = 0; index < count; index++) {
    const text = `s1.prefilled ${index}`
    writeFileSync(join(dir, `${shortLinkId(text)}.link`), text)
  }
  const hourAgo = new Date(Date.now() - 3600_000)
  utimesSync(dir, hourAgo, hourAgo)
}
const tinyLink = (index: number) => encodeShare({ ...payload, utterance: `case ${index}` })
const folderCost = (dir: string) =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.link'))
    .reduce((total, name) => total + shortLinkDiskBytes(statSync(join(dir, name)).size), 0)

/**
 * A server over a folder of `prefilled` tiny links with room for 300 files, counting how often it
 * lists the folder (each list is a count of the folder).
 */
async function countedFolderServer(prefix: string, prefilled: number) {
  const dir = join(mkdtempSync(join(tmpdir(), prefix)), 'shares')
  prefill(dir, prefilled)
  let listed = 0
  const list = (folder: string) => {
    listed++
    return readdir(folder)
  }
  const server = await shortLinkServer(dir, { maxBytes: 300 * SHORT_LINK_FILE_MIN_BYTES, list })
  return { dir, server, listed: () => listed }
}

describe('the short link folder under attack (review of the short link store)', () => {
  it('does not count a full folder again for every refused link: one count, until the folder changes', async () => {
    const { dir, server, listed } = await countedFolderServer('short-links-recount-', 300)
    try {
      for (let index = 0; index < 10; index++) expect((await server.store(tinyLink(index))).status).toBe(507)
      // The count at start; no refusal lists the folder again, since it did not change.
      expect(listed()).toBeLessThanOrEqual(1)
      // A link removed by hand changes the folder: counted again, its room is free.
      rmSync(join(dir, `${shortLinkId('s1.prefilled 0')}.link`))
      expect((await server.store(tinyLink(0))).status).toBe(200)
      expect(listed()).toBe(2)
    } finally {
      await server.close()
    }
  })

  it('a link kept already is not written again, so re-sharing it leaves a full folder uncounted', async () => {
    const { dir, server, listed } = await countedFolderServer('short-links-again-', 299)
    try {
      // The last block goes to this link; the folder is full.
      const kept = tinyLink(1000)
      expect((await server.store(kept)).status).toBe(200)
      // As if that write were long past (a count soon after a change counts again, the mtime being coarse).
      const hourAgo = new Date(Date.now() - 3600_000)
      utimesSync(dir, hourAgo, hourAgo)
      // Alternating the kept link with new ones: the kept one writes nothing, so the folder does not
      // change and the new ones are refused from what is known (one count may follow the first write).
      for (let index = 0; index < 6; index++) {
        expect((await server.store(kept)).status).toBe(200)
        expect((await server.store(tinyLink(index))).status).toBe(507)
      }
      expect(listed()).toBeLessThanOrEqual(2)
    } finally {
      await server.close()
    }
  })

  it('counts each file as at least a disk block: ten tiny links fill ten blocks, the eleventh is refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'short-links-blocks-'))
    const server = await shortLinkServer(dir, { maxBytes: 10 * SHORT_LINK_FILE_MIN_BYTES })
    try {
      for (let index = 0; index < 10; index++) {
        expect(tinyLink(index).length).toBeLessThan(SHORT_LINK_FILE_MIN_BYTES)
        expect((await server.store(tinyLink(index))).status, `link ${index}`).toBe(200)
      }
      const eleventh = await server.store(tinyLink(10))
      expect(eleventh.status).toBe(507)
      expect(((await eleventh.json()) as { error: { type: string } }).error.type).toBe('full')
      expect(readdirSync(dir).filter((name) => name.endsWith('.link'))).toHaveLength(10)
    } finally {
      await server.close()
    }
    // Counted from disk the same way after a restart.
    const again = await shortLinkServer(dir, { maxBytes: 10 * SHORT_LINK_FILE_MIN_BYTES })
    try {
      expect((await again.store(tinyLink(10))).status).toBe(507)
    } finally {
      await again.close()
    }
  })

  it('keeps writes in flight counted: with room for one more link, ten stored at once give one 200 and the folder stays within its cap', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'short-links-race-')), 'shares')
    prefill(dir, 5)
    const maxBytes = 6 * SHORT_LINK_FILE_MIN_BYTES
    let release = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    let writes = 0
    // Each write puts its temporary file there (the folder changed, so a refusal counts it again),
    // then waits until the others were answered: every store decides while a write is in flight.
    const write = async (file: string, text: string) => {
      writes++
      await writeFile(file, text, { encoding: 'utf8', mode: 0o600 })
      await gate
    }
    const server = await shortLinkServer(dir, { maxBytes, write })
    // Bounded: without the fix every store waits at the gate, which then opens after a while.
    const opener = setTimeout(release, 3000)
    try {
      let answered = 0
      const statuses = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          server.store(tinyLink(100 + index)).then((answer) => {
            if (++answered === 9) release()
            return answer.status
          }),
        ),
      )
      expect(statuses.filter((status) => status === 200)).toHaveLength(1)
      expect(statuses.filter((status) => status === 507)).toHaveLength(9)
      expect(writes).toBe(1)
      expect(folderCost(dir)).toBeLessThanOrEqual(maxBytes)
      expect(readdirSync(dir).some((name) => name.endsWith('.tmp'))).toBe(false)
    } finally {
      clearTimeout(opener)
      release()
      await server.close()
    }
  })

  it('lets a damaged file healed by its content grow only within the cap', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'short-links-heal-'))
    // A link larger than a block (content that does not compress), so healing its cut file takes more room.
    const big = encodeShare({ ...payload, utterance: randomBytes(12_000).toString('base64') })
    expect(big.length).toBeGreaterThan(2 * SHORT_LINK_FILE_MIN_BYTES)
    writeFileSync(join(dir, `${shortLinkId(big)}.link`), big.slice(0, 10))
    const server = await shortLinkServer(dir, { maxBytes: 2 * SHORT_LINK_FILE_MIN_BYTES })
    try {
      expect((await server.store(big)).status).toBe(507)
      expect(folderCost(dir)).toBeLessThanOrEqual(2 * SHORT_LINK_FILE_MIN_BYTES)
    } finally {
      await server.close()
    }
  })
})

describe('short link ids stay private on the server (review of the short link store)', () => {
  it('logs a short link read as /api/share/… without its id', async () => {
    const base = mkdtempSync(join(tmpdir(), 'short-links-log-'))
    writeFileSync(join(base, 'index.html'), '<!doctype html><title>app</title>')
    const lines: string[] = []
    const server = createPlaygroundServer({
      root: base,
      proxy: () => proxySettingsFrom({}),
      access: accessSettingsFrom({}),
      shortLinks: createShortLinkApi(join(base, 'shares')),
      log: (line) => lines.push(line),
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      const stored = await fetch(`${url}/api/share`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ link: encodeShare(payload) }),
      })
      const { id } = (await stored.json()) as { id: string }
      expect((await fetch(`${url}/api/share/${id}?x=1`)).status).toBe(200)
      expect((await fetch(`${url}/api/share/${'0'.repeat(32)}`)).status).toBe(404)
      await expect.poll(() => lines.length).toBeGreaterThanOrEqual(3)
      expect(lines.some((line) => line.startsWith('POST /api/share 200 '))).toBe(true)
      expect(lines.some((line) => line.startsWith('GET /api/share/… 200 '))).toBe(true)
      expect(lines.some((line) => line.startsWith('GET /api/share/… 404 '))).toBe(true)
      expect(lines.join('\n')).not.toContain(id)
      expect(lines.join('\n')).not.toContain('0'.repeat(32))
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })

  it('warns once at start about a SHARE_DIR other users may open, and leaves its mode as it is', () => {
    const open = join(mkdtempSync(join(tmpdir(), 'short-links-open-')), 'shares')
    mkdirSync(open)
    chmodSync(open, 0o755)
    const api = createShortLinkApi(open)
    expect(api.available).toBe(true)
    expect(api.warning).toMatch(/SHARE_DIR .* is open to other users of this machine \(mode 755\).*chmod 700/)
    expect(statSync(open).mode & 0o777).toBe(0o755)
    const closed = join(mkdtempSync(join(tmpdir(), 'short-links-closed-')), 'shares')
    expect(createShortLinkApi(closed).warning).toBeNull()
  })
})

describe('SHARE_DIR=off (review of the short link store)', () => {
  it('keeps no short links, so HOST=0.0.0.0 without a token starts and the features name none', async () => {
    const env = { HOST: '0.0.0.0', SHARE_DIR: 'off' }
    for (const spelling of ['off', ' OFF ', 'Off'])
      expect(shortLinkSettingsFrom({ SHARE_DIR: spelling }, '/app')).toEqual({ off: 'SHARE_DIR=off' })
    const settings = shortLinkSettingsFrom(env, '/app')
    expect('dir' in settings).toBe(false)
    // What serve.ts checks before it starts: nothing exposed, so no refusal.
    expect(startRefusal('0.0.0.0', { apiKey: false, mcpCount: 0, shortLinks: 'dir' in settings }, accessSettingsFrom(env))).toBeNull()
    // And what the page learns: no short links on this server.
    const base = mkdtempSync(join(tmpdir(), 'short-links-off-'))
    writeFileSync(join(base, 'index.html'), '<!doctype html><title>app</title>')
    const server = createPlaygroundServer({
      root: base,
      proxy: () => proxySettingsFrom({}),
      access: accessSettingsFrom(env),
      log: () => {},
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const features = (await (
        await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/features.json`)
      ).json()) as object
      expect(features).not.toHaveProperty('shortLinks')
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })

  it('keeps short links otherwise, and names SHARE_DIR=off as a way out when they alone stop the start', () => {
    expect(shortLinkSettingsFrom({}, '/app')).toEqual({ dir: '/app/data/shares', maxBytes: DEFAULT_SHARE_MAX_BYTES })
    expect(shortLinkSettingsFrom({ SHARE_DIR: '/srv/offsite' }, '/app')).toEqual({ dir: '/srv/offsite', maxBytes: DEFAULT_SHARE_MAX_BYTES })
    // A folder edited in place keeps none unless SHARE_DIR asks.
    expect(shortLinkSettingsFrom({}, '/app', { editingFolder: true })).toHaveProperty('off')
    expect(shortLinkSettingsFrom({ SHARE_DIR: '/srv/s' }, '/app', { editingFolder: true })).toHaveProperty('dir', '/srv/s')
    expect(shortLinkSettingsFrom({ SHARE_MAX_BYTES: 'lots' }, '/app')).toHaveProperty('problem')
    const alone = startRefusal('0.0.0.0', { apiKey: false, mcpCount: 0, shortLinks: true }, accessSettingsFrom({}))
    expect(alone).toMatch(/^Refusing to start: HOST=0\.0\.0\.0 exposes a short link folder anyone could write to \(SHARE_DIR\)/)
    expect(alone).toMatch(/Or set SHARE_DIR=off: the server then keeps no short links and exposes nothing\./)
    const withKey = startRefusal('0.0.0.0', { apiKey: true, mcpCount: 0, shortLinks: true }, accessSettingsFrom({}))
    expect(withKey).toMatch(/SHARE_DIR=off.*the rest above still needs the token or the proxy/)
    expect(startRefusal('0.0.0.0', { apiKey: true, mcpCount: 0, shortLinks: false }, accessSettingsFrom({}))).not.toMatch(/SHARE_DIR/)
    expect(
      startRefusal('0.0.0.0', { apiKey: false, mcpCount: 0, shortLinks: true }, accessSettingsFrom({ PLAYGROUND_TOKEN: 't' })),
    ).toBeNull()
  })
})
