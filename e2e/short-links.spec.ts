/**
 * Short links on a team server (issue 35 item 4, docs/share-links.md "Short links"): `npm run
 * serve` with SHARE_DIR and a team token keeps a shared workspace and gives a short link, the same
 * workspace the same link; a colleague opens it in a fresh browser once they have the token. A
 * static copy and a server that cannot keep them say so and keep the long links.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sirv from 'sirv'
import { encodeShare } from '../src/core/share'
import { rawGet as raw } from '../server/rawRequest'
import { examples, expect, test } from './fixtures'
import { freePort, listen, ROOT, serve } from './serverProcess'

const TOKEN = 'team-token-short-links'

async function teamServer(env: Record<string, string>) {
  const port = await freePort()
  const server = serve({ HOST: '127.0.0.1', PORT: String(port), ...env })
  await expect.poll(async () => (await raw(port, '/healthz').catch(() => ({ status: 0 }))).status, { timeout: 20_000 }).toBe(200)
  return {
    url: `http://127.0.0.1:${port}/`,
    output: server.output,
    stop: async () => {
      server.child.kill('SIGTERM')
      await server.exited
    },
  }
}

test('a colleague opens a short link from the team server in a fresh browser: the same workspace gives the same link', async ({
  browser,
}) => {
  const shares = mkdtempSync(join(tmpdir(), 'e2e-shares-'))
  const server = await teamServer({ PLAYGROUND_TOKEN: TOKEN, SHARE_DIR: shares })
  try {
    expect(server.output()).toContain(`Short links: kept in ${shares}`)
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(server.url)
    await page.getByRole('button', { name: 'Skip the guide' }).click()
    await page.getByRole('combobox', { name: 'Model' }).selectOption('proxy')
    await page.getByRole('textbox', { name: 'Team token' }).fill(TOKEN)
    await page.getByRole('button', { name: 'Unlock' }).click()
    await page.getByRole('button', { name: '+ New' }).click()
    await page.getByRole('dialog', { name: 'New skill' }).getByRole('button', { name: 'Translation' }).click()

    const makeShortLink = async () => {
      await page.getByRole('button', { name: 'Share' }).click()
      const dialog = page.getByRole('dialog', { name: 'Share' })
      await dialog.getByLabel('The whole workspace', { exact: false }).check()
      const long = await dialog.getByRole('textbox', { name: 'Link' }).inputValue()
      // The long link's warning points to the short link as well as the file.
      await expect(dialog.getByRole('status').filter({ hasText: 'Or make a short link' })).toBeVisible()
      await dialog.getByRole('button', { name: 'Make a short link' }).click()
      const short = await dialog.getByRole('textbox', { name: 'Short link' }).inputValue()
      await expect(dialog).toContainText('kept on this team server')
      await dialog.getByRole('button', { name: 'Done' }).click()
      return { long, short }
    }
    const first = await makeShortLink()
    expect(first.short).toMatch(new RegExp(`^${server.url.replace(/[.]/g, '\\.')}#t1\\.[0-9a-f]{32}$`))
    expect(first.long.length).toBeGreaterThan(2000)
    expect(first.short.length).toBeLessThan(80)
    // Shared again, unchanged: the same link, one file on the server.
    expect((await makeShortLink()).short).toBe(first.short)
    expect(readdirSync(shares).filter((name) => name.endsWith('.link'))).toHaveLength(1)

    // Links pointing to a team address (this page is on loopback): that may be another server,
    // where a short link kept here would not open, so none is offered.
    await page.getByRole('button', { name: 'Share' }).click()
    const dialog = page.getByRole('dialog', { name: 'Share' })
    await dialog.getByRole('textbox', { name: 'Team address' }).fill('https://team.example.org/playground/')
    await dialog.getByRole('button', { name: 'Use this address' }).click()
    await expect(dialog.getByRole('textbox', { name: 'Link' })).toHaveValue(/^https:\/\/team\.example\.org\/playground\/#s1\./)
    await expect(dialog).toContainText('which may be another server where it would not open')
    await expect(dialog.getByRole('button', { name: 'Make a short link' })).toHaveCount(0)
    await context.close()

    // A colleague in a fresh browser: the team server wants the token first, then the link opens.
    const colleague = await browser.newContext()
    const theirs = await colleague.newPage()
    await theirs.goto(first.short)
    await expect(theirs.getByRole('alert', { name: 'Link could not be opened' })).toContainText('needs the team token')
    await expect(theirs).not.toHaveURL(/#t1\./)
    await theirs.getByRole('button', { name: 'Skip the guide' }).click()
    await theirs.getByRole('combobox', { name: 'Model' }).selectOption('proxy')
    await theirs.getByRole('textbox', { name: 'Team token' }).fill(TOKEN)
    await theirs.getByRole('button', { name: 'Unlock' }).click()
    const banner = theirs.getByRole('region', { name: 'Shared draft' })
    await expect(banner).toContainText('Opened from a shared link: 1 skill')
    await expect(theirs.getByRole('alert', { name: 'Link could not be opened' })).toHaveCount(0)
    await banner.getByRole('button', { name: 'Keep' }).click()
    await expect(theirs.getByRole('listbox', { name: 'Skills' }).getByRole('option')).toHaveCount(examples.skills + 1)
    await theirs.getByRole('tab', { name: /Tests/ }).click()
    await expect(theirs.getByRole('region', { name: 'Routing tests' }).getByRole('status')).toContainText(
      `${examples.cases + 4} passed, 0 failed`,
    )

    // A link pasted while a short link waits for the token replaces it: the token then opens nothing older.
    const another = await browser.newContext()
    const later = await another.newPage()
    await later.goto(first.short)
    await expect(later.getByRole('alert', { name: 'Link could not be opened' })).toContainText('needs the team token')
    const pasted = encodeShare({
      kind: 'skill',
      skills: [
        { path: 'skills/pasted-later/SKILL.md', text: '---\nname: pasted-later\ndescription: Pasted after the short link\n---\n# Later\n' },
      ],
    })
    await later.evaluate((hash) => void (window.location.hash = hash), `#${pasted}`)
    const laterBanner = later.getByRole('region', { name: 'Shared draft' })
    await expect(laterBanner).toContainText('Opened from a shared link: 1 skill')
    const skills = later.getByRole('listbox', { name: 'Skills' })
    await expect(skills).toContainText('pasted-later')
    const askedShort: string[] = []
    later.on('request', (request) => void (request.url().includes('/api/share/') && askedShort.push(request.url())))
    await later.getByRole('button', { name: 'Skip the guide' }).click()
    await later.getByRole('combobox', { name: 'Model' }).selectOption('proxy')
    await later.getByRole('textbox', { name: 'Team token' }).fill(TOKEN)
    const configured = later.waitForResponse((response) => response.url().includes('/api/llm-config') && response.status() === 200)
    await later.getByRole('button', { name: 'Unlock' }).click()
    await configured
    await expect(laterBanner).toContainText('Opened from a shared link: 1 skill')
    await expect(skills).toContainText('pasted-later')
    expect(askedShort).toEqual([])
    await another.close()

    // A damaged id and a stored file that was changed on the server are refused with a clear message.
    await theirs.goto(`${server.url}#t1.${'a'.repeat(31)}`)
    await expect(theirs.getByRole('alert', { name: 'Link could not be opened' })).toContainText('its id is not 32 hexadecimal digits')
    const id = first.short.split('#t1.')[1] ?? ''
    writeFileSync(join(shares, `${id}.link`), 's1.12.00000000.AAAA')
    await theirs.goto(`${server.url}#t1.${id}`)
    await expect(theirs.getByRole('alert', { name: 'Link could not be opened' })).toContainText('is damaged')
    await colleague.close()
  } finally {
    await server.stop()
    rmSync(shares, { recursive: true, force: true })
  }
})

test('a run shared by short link opens read-only for a colleague', async ({ browser }) => {
  const shares = mkdtempSync(join(tmpdir(), 'e2e-shares-run-'))
  const server = await teamServer({ SHARE_DIR: shares })
  try {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(server.url)
    await page.getByRole('button', { name: 'Skip the guide' }).click()
    await page.getByRole('textbox', { name: 'Test utterance' }).fill('what is 2 + 3 * 4')
    await page.getByRole('button', { name: 'Run', exact: true }).click()
    const trace = page.getByRole('region', { name: 'Run trace' })
    await expect(trace.getByRole('listitem', { name: 'Final answer' })).toBeVisible()
    await trace.getByRole('button', { name: 'Share run' }).click()
    const dialog = page.getByRole('dialog', { name: 'Share this run' })
    await dialog.getByRole('button', { name: 'Make a short link' }).click()
    const short = await dialog.getByRole('textbox', { name: 'Short link' }).inputValue()
    expect(short).toMatch(/#t1\.[0-9a-f]{32}$/)
    await context.close()

    const colleague = await browser.newContext()
    const theirs = await colleague.newPage()
    await theirs.goto(short)
    const shared = theirs.getByRole('region', { name: 'Shared run' })
    await expect(shared).toContainText('read-only')
    await expect(shared).toContainText('what is 2 + 3 * 4')
    await colleague.close()
  } finally {
    await server.stop()
    rmSync(shares, { recursive: true, force: true })
  }
})

test('a static copy and a server whose SHARE_DIR cannot be written say so, and keep the long link', async ({ browser }) => {
  const files = sirv(join(ROOT, 'dist'), { dev: false })
  const host = createServer((request, response) => files(request, response, () => void response.writeHead(404).end()))
  const port = await listen(host)
  const blocked = join(mkdtempSync(join(tmpdir(), 'e2e-shares-ro-')), 'a-file')
  writeFileSync(blocked, 'not a folder')
  const server = await teamServer({ SHARE_DIR: join(blocked, 'shares') })
  try {
    for (const [url, says, opening] of [
      [`http://127.0.0.1:${port}/`, 'This copy is static', 'this copy of the page has none beside it'],
      [server.url, 'This server keeps no short links', 'the server of this page keeps no short links'],
    ] as const) {
      const context = await browser.newContext()
      // A short link opened here says why it cannot open, without asking for it (no failed request).
      const linked = await context.newPage()
      const asked: string[] = []
      linked.on('request', (request) => void (request.url().includes('/api/share') && asked.push(request.url())))
      await linked.goto(`${url}#t1.${'b'.repeat(32)}`)
      await expect(linked.getByRole('alert', { name: 'Link could not be opened' })).toContainText(opening)
      expect(asked).toEqual([])
      await linked.close()
      const page = await context.newPage()
      await page.goto(url)
      await page.getByRole('button', { name: 'Skip the guide' }).click()
      await page.getByRole('button', { name: 'Share' }).click()
      const dialog = page.getByRole('dialog', { name: 'Share' })
      await dialog.getByLabel('The whole workspace', { exact: false }).check()
      await expect(dialog).toContainText(says)
      await expect(dialog.getByRole('textbox', { name: 'Link' })).toHaveValue(/#s1\./)
      await expect(dialog.getByRole('button', { name: 'Make a short link' })).toHaveCount(0)
      await expect(dialog.getByRole('button', { name: 'Share as file' })).toBeVisible()
      await context.close()
    }
    expect(server.output()).toContain('short links are off')
  } finally {
    await server.stop()
    await new Promise((resolve) => host.close(resolve))
  }
})

test('a team server on an open address refuses to start with a short link folder anyone could write to (no token, no proxy)', async () => {
  const shares = mkdtempSync(join(tmpdir(), 'e2e-shares-open-'))
  // Refused before it listens: nothing is bound and nothing is sent.
  const server = serve({ HOST: '0.0.0.0', PORT: String(await freePort()), SHARE_DIR: shares })
  try {
    const code = await Promise.race([server.exited, new Promise<'running'>((resolve) => setTimeout(() => resolve('running'), 15_000))])
    expect(code).toBe(1)
    expect(server.output()).toContain('Refusing to start: HOST=0.0.0.0 exposes a short link folder anyone could write to (SHARE_DIR)')
  } finally {
    server.child.kill('SIGTERM')
    rmSync(shares, { recursive: true, force: true })
  }
})
