import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

/** What each address answers, as the page's fetch sees it; every request is recorded. */
function host(answers: Record<string, () => Response>) {
  const asked: string[] = []
  vi.stubGlobal('fetch', (url: string) => {
    asked.push(url)
    const answer = answers[url]
    return Promise.resolve(answer ? answer() : new Response('Not found.', { status: 404, headers: { 'content-type': 'text/plain' } }))
  })
  return asked
}

const json =
  (body: unknown, status = 200) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/** The adapters afresh: each page asks for the features once, so each test is a new page. */
async function page() {
  vi.resetModules()
  const [{ connectFolder }, { fetchServerInfo }, { fetchServerTools }] = await Promise.all([
    import('./folderConnection'),
    import('./proxyStatus'),
    import('./serverTools'),
  ])
  return {
    load: async (token = '') =>
      Promise.all([connectFolder({ token: () => token, keepToken: () => {} }), fetchServerInfo(token), fetchServerTools(token)]),
  }
}

const TOOLS = { live: [], servers: [], unavailable: [] }
const CONFIG = { proxy: { configured: true, model: 'gpt-test', upstream: 'https://api.example.test/v1' }, publicUrl: null }

describe('what a page asks the process serving it (issue 35 defect 15)', () => {
  beforeEach(() => vi.stubGlobal('window', { location: { hash: '' } }))
  afterEach(() => vi.unstubAllGlobals())

  it('a static copy: asks for the features file once, and for no API it does not have', async () => {
    const asked = host({ 'api/features.json': json({ server: false, folder: false, tokenRequired: false }) })
    const [folder, info, tools] = await (await page()).load()
    expect([folder, info, tools]).toEqual([null, { proxy: null, publicUrl: null }, null])
    expect(asked).toEqual(['api/features.json'])
  })

  it('the served copy without a folder: the proxy and the tools, never api/folder', async () => {
    const asked = host({
      'api/features.json': json({ server: true, folder: false, tokenRequired: false }),
      'api/llm-config': json(CONFIG),
      'api/tools': json(TOOLS),
    })
    const [folder, info, tools] = await (await page()).load()
    expect(folder).toBeNull()
    expect(info.proxy).toMatchObject({ configured: true, model: 'gpt-test' })
    expect(tools).toEqual(TOOLS)
    expect(asked.sort()).toEqual(['api/features.json', 'api/llm-config', 'api/tools'])
  })

  it('a server that wants the team token, opened without one: locked, without a request it would refuse', async () => {
    const asked = host({ 'api/features.json': json({ server: true, folder: true, tokenRequired: true }) })
    const [folder, info, tools] = await (await page()).load()
    expect(folder).toEqual({ blocked: 'token' })
    expect(info.proxy?.locked).toBe(true)
    expect(tools).toBeNull()
    expect(asked).toEqual(['api/features.json'])
  })

  it('with the token, the folder server is asked for its folder', async () => {
    const asked = host({
      'api/features.json': json({ server: true, folder: true, tokenRequired: true }),
      'api/folder': json({ root: '/skills', files: [{ path: 'a/SKILL.md', text: '---\nname: a\n---\n', version: '1' }] }),
      'api/llm-config': json(CONFIG),
      'api/tools': json(TOOLS),
    })
    const [folder] = await (await page()).load('team-secret')
    expect(folder).toMatchObject({ root: '/skills', files: [{ path: 'a/SKILL.md' }] })
    expect(asked).toContain('api/folder')
  })

  it('features that cannot be read (a host answering every address with the page): asks as before', async () => {
    const asked = host({
      'api/features.json': () => new Response('<!doctype html><title>app</title>', { headers: { 'content-type': 'text/html' } }),
      'api/llm-config': json(CONFIG),
    })
    const [folder, info] = await (await page()).load()
    expect(folder).toBeNull()
    expect(info.proxy?.configured).toBe(true)
    expect(asked.sort()).toEqual(['api/features.json', 'api/folder', 'api/llm-config', 'api/tools'])
  })
})
