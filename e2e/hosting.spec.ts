/**
 * Hosting for a team: the built dist/ from a plain static file server under a sub-path, and
 * `npm run serve` with a team token. Each test starts its own server on a free loopback port.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { join } from 'node:path'
import sirv from 'sirv'
import { rawGet as raw } from '../server/rawRequest'
import { FakeOpenAI } from './fakeOpenAI'
import { examples, expect, test } from './fixtures'
import { freePort, listen, ROOT, serve } from './serverProcess'
const DIST = join(ROOT, 'dist')
const SUB_PATH = '/tools/skill-playground/'

/** A plain static file server: the files of dist/ under a sub-path, nothing else. */
async function staticHost(): Promise<{ url: string; close: () => Promise<void> }> {
  const files = sirv(DIST, { dev: false })
  const server = createServer((request, response) => {
    if (!request.url?.startsWith(SUB_PATH)) return void response.writeHead(404).end()
    request.url = `/${request.url.slice(SUB_PATH.length)}`
    files(request, response, () => void response.writeHead(404).end())
  })
  const port = await listen(server)
  return { url: `http://127.0.0.1:${port}${SUB_PATH}`, close: () => new Promise((resolve) => server.close(() => resolve())) }
}

test('the static build works under a sub-path: a shared workspace opens in a fresh browser without duplicates, tests merged', async ({
  browser,
}) => {
  const host = await staticHost()
  try {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(host.url)
    await expect(page.getByRole('listbox', { name: 'Skills' }).getByRole('option')).toHaveCount(examples.skills)
    // No server beside a static copy: the proxy is shown as unavailable, with the reason.
    await page.getByRole('combobox', { name: 'Model' }).selectOption('browser')
    await expect(page.getByRole('option', { name: /OpenAI \(server proxy\)/ })).toBeDisabled()
    // …and no live tools: every tool is mocked, and Live says why it is unavailable.
    await page.getByRole('tab', { name: 'Tools' }).click()
    await expect(page.getByRole('region', { name: 'Tools' }).getByRole('note')).toContainText('no server beside it')
    const fetchMode = page.getByRole('combobox', { name: 'web_fetch mode' })
    await expect(fetchMode.getByRole('option', { name: 'Live (unavailable)' })).toBeDisabled()
    await expect(fetchMode).toHaveAttribute('title', /Live needs `npm run serve`/)

    // The sender adds a skill and a routing case, and shares the workspace.
    await page.getByRole('button', { name: '+ New' }).click()
    await page.getByRole('dialog', { name: 'New skill' }).getByRole('button', { name: 'Translation' }).click()
    await page.getByRole('button', { name: 'Share' }).click()
    const dialog = page.getByRole('dialog', { name: 'Share' })
    await dialog.getByLabel('The whole workspace', { exact: false }).check()
    const link = await dialog.getByRole('textbox', { name: 'Link' }).inputValue()
    expect(link.startsWith(host.url)).toBe(true)
    await context.close()

    const colleague = await browser.newContext()
    const theirs = await colleague.newPage()
    await theirs.goto(host.url)
    await expect(theirs.getByRole('listbox', { name: 'Skills' }).getByRole('option')).toHaveCount(examples.skills)
    await theirs.goto(link)
    const banner = theirs.getByRole('region', { name: 'Shared draft' })
    await expect(banner).toContainText('Opened from a shared link: 1 skill')
    await expect(banner).toContainText(`${examples.skills} skills you already had`)
    await banner.getByRole('button', { name: 'Keep' }).click()
    await expect(theirs.getByRole('listbox', { name: 'Skills' }).getByRole('option')).toHaveCount(examples.skills + 1)
    await theirs.getByRole('tab', { name: /Tests/ }).click()
    const tests = theirs.getByRole('region', { name: 'Routing tests' })
    await expect(tests.getByRole('status')).toContainText(`${examples.cases + 4} passed, 0 failed`)
    await colleague.close()
  } finally {
    await host.close()
  }
})

test('from a local address the Share dialog says colleagues cannot open the link, and points it to the team address', async ({
  page,
  share,
}) => {
  await share.open()
  const note = share.dialog.getByRole('note', { name: 'Local address' })
  await expect(note).toContainText('a local address: colleagues cannot open links to it')
  await note.getByRole('textbox', { name: 'Team address' }).fill('playground.example.org/team/')
  await note.getByRole('button', { name: 'Use this address' }).click()
  await expect(share.link).toHaveValue(/^https:\/\/playground\.example\.org\/team\/#s1\./)
  await expect(note).toContainText('Links point to the team address instead')
  await page.keyboard.press('Escape')
})

test('npm run serve for a team: refuses an exposed key without access control; with a token the API needs it and the app works', async ({
  browser,
}) => {
  test.setTimeout(60_000)
  const refused = serve({ HOST: '0.0.0.0', PORT: String(await freePort()), OPENAI_API_KEY: 'sk-team-key' })
  expect(await refused.exited).toBe(1)
  expect(refused.output()).toContain('Refusing to start')

  const upstream = new FakeOpenAI()
  const upstreamPort = await freePort()
  await upstream.start(upstreamPort)
  const port = await freePort()
  const sibling = join(ROOT, `dist-probe-${port}`)
  mkdirSync(sibling)
  writeFileSync(join(sibling, 'secret.txt'), 'sibling secret')
  const server = serve({
    HOST: '127.0.0.1',
    PORT: String(port),
    PLAYGROUND_TOKEN: 'team-token-1234',
    OPENAI_API_KEY: 'sk-team-key',
    OPENAI_BASE_URL: `http://127.0.0.1:${upstreamPort}/v1`,
    OPENAI_MODEL: 'team-model',
  })
  try {
    await expect.poll(async () => (await raw(port, '/healthz').catch(() => ({ status: 0 }))).status, { timeout: 20_000 }).toBe(200)

    expect((await raw(port, '/api/llm-config')).status).toBe(401)
    const script = (await raw(port, '/')).body.match(/assets\/[^"]+\.js/)?.[0]
    expect(script).toBeTruthy()
    const asset = await raw(port, `/${script}`, { 'accept-encoding': 'br, gzip' })
    expect(asset.headers['content-encoding']).toBe('br')
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect((await raw(port, '/')).headers['cache-control']).toBe('no-cache')
    expect((await raw(port, '/%E0%A4%A')).status).toBe(400)
    for (const path of [`/../dist-probe-${port}/secret.txt`, `/%2e%2e/dist-probe-${port}/secret.txt`])
      expect((await raw(port, path)).body).not.toContain('sibling secret')
    expect((await raw(port, '/healthz')).body).toBe('ok')

    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`http://127.0.0.1:${port}/`)
    await page.getByRole('button', { name: 'Skip the guide' }).click()
    await page.getByRole('combobox', { name: 'Model' }).selectOption('proxy')
    await expect(page.getByRole('note').filter({ hasText: 'needs the team token' })).toBeVisible()
    await page.getByRole('textbox', { name: 'Team token' }).fill('team-token-1234')
    await page.getByRole('button', { name: 'Unlock' }).click()
    await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeEnabled()
    upstream.script({ kind: 'text', text: 'Hello from the team model.' })
    await page.getByRole('textbox', { name: 'Test utterance' }).fill('hello there')
    await page.getByRole('button', { name: 'Run', exact: true }).click()
    await expect(page.getByRole('region', { name: 'Run trace' }).getByRole('listitem', { name: 'Final answer' })).toContainText(
      'Hello from the team model.',
    )
    // The token reaches our server only: the upstream gets the server's key, not the team token.
    expect(upstream.requests[0]?.headers.authorization).toBe('Bearer sk-team-key')
    expect(JSON.stringify(upstream.requests[0]?.headers)).not.toContain('team-token-1234')
    await context.close()
    expect(server.output()).not.toContain('team-token-1234')
  } finally {
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
    await upstream.stop()
    rmSync(sibling, { recursive: true, force: true })
  }
})
