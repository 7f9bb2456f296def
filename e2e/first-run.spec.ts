/**
 * A first run that needs nothing (docs/install.md): a static copy, and a served copy without a
 * model key, start with the offline scripted model and Run enabled, so the first visit's utterance
 * runs with one click; the browser-key mode is offered, not chosen.
 */
import { createServer } from 'node:http'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import sirv from 'sirv'
import { rawGet as raw } from '../server/rawRequest'
import { expect, RunView, test } from './fixtures'
import { freePort, listen, ROOT, serve } from './serverProcess'

const SUB_PATH = '/team/skill-playground/'

/** A plain static file server: dist/ under a sub-path, nothing else (no /api, no proxy). */
async function staticHost(): Promise<{ url: string; close: () => Promise<void> }> {
  const files = sirv(join(ROOT, 'dist'), { dev: false })
  const server = createServer((request, response) => {
    if (!request.url?.startsWith(SUB_PATH)) return void response.writeHead(404).end()
    request.url = `/${request.url.slice(SUB_PATH.length)}`
    files(request, response, () => void response.writeHead(404).end())
  })
  const port = await listen(server)
  return { url: `http://127.0.0.1:${port}${SUB_PATH}`, close: () => new Promise((resolve) => server.close(() => resolve())) }
}

/** The first visit's own utterance, run with one click, answered by the scripted model. */
async function firstRunWithOneClick(page: Page) {
  const run = new RunView(page)
  // The scripted model is chosen and the browser-key mode is there to pick, not picked.
  await expect(run.model).toHaveValue('scripted')
  await expect(run.model.getByRole('option', { name: /OpenAI-compatible \(browser/ })).toBeEnabled()
  await expect(page.getByRole('textbox', { name: 'Test utterance' })).not.toHaveValue('')
  await expect(run.runButton).toBeEnabled()
  await run.run()
  await expect(run.step('Final answer')).toContainText('2^20 = 1048576')
  await expect(run.model).toHaveValue('scripted')
}

test('a static copy: the first visit starts with the scripted model and runs its utterance with one click', async ({ browser }) => {
  const host = await staticHost()
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    await page.goto(host.url)
    // The page has asked for a server and found none (the proxy is shown as unavailable) before it is judged.
    await expect(page.getByRole('option', { name: /OpenAI \(server proxy\)/ })).toBeDisabled()
    await firstRunWithOneClick(page)
  } finally {
    await context.close()
    await host.close()
  }
})

test('a served copy without a model key: the first visit starts with the scripted model and runs with one click', async ({ browser }) => {
  const port = await freePort()
  const server = serve({ HOST: '127.0.0.1', PORT: String(port) })
  const context = await browser.newContext()
  try {
    await expect.poll(async () => (await raw(port, '/healthz').catch(() => ({ status: 0 }))).status, { timeout: 20_000 }).toBe(200)
    const page = await context.newPage()
    await page.goto(`http://127.0.0.1:${port}/`)
    await firstRunWithOneClick(page)
  } finally {
    await context.close()
    server.child.kill('SIGTERM')
    await server.exited
  }
})
