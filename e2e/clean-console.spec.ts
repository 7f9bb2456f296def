/**
 * A page load logs nothing wrong: no console error, no failed request, no answer of 400 or more,
 * as a static copy, as the served copy, and from a server that wants the team token (issue 35
 * defect 15). The page asks what serves it once (src/core/hosting) and probes nothing else.
 */
import { createServer } from 'node:http'
import { join } from 'node:path'
import sirv from 'sirv'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { freePort, listen, ROOT, serve } from './serverProcess'

/** Everything wrong the page logs or meets while it loads and settles. */
function watch(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  page.on('requestfailed', (request) => problems.push(`failed: ${request.url()} ${request.failure()?.errorText ?? ''}`))
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()}: ${response.url()}`)
  })
  return problems
}

/** Opens the page and waits for what it loads later by itself: the editor on idle, the tokenizer after a while. */
async function loadAndSettle(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await expect(page.getByRole('listbox', { name: 'Skills' }).getByRole('option').first()).toBeVisible()
  await expect(page.getByRole('region', { name: 'Editor' }).locator('.monaco-editor')).toBeVisible({ timeout: 15_000 })
  // The token meter drops its ≈ once the tokenizer has arrived and counted.
  await expect(page.locator('.token-meter')).not.toContainText('≈', { timeout: 15_000 })
}

test('a static copy of the page loads with no console error and no failed request', async ({ browser }) => {
  const files = sirv(join(ROOT, 'dist'), { dev: false })
  const server = createServer((request, response) => files(request, response, () => void response.writeHead(404).end()))
  const port = await listen(server)
  try {
    const page = await browser.newPage()
    const problems = watch(page)
    await loadAndSettle(page, `http://127.0.0.1:${port}/`)
    expect(problems).toEqual([])
    // It knew it was static: the proxy is offered as unavailable.
    await expect(page.getByRole('option', { name: /OpenAI \(server proxy\)/ })).toBeDisabled()
    await page.close()
  } finally {
    await new Promise((resolve) => server.close(resolve))
  }
})

test('the served copy loads with no console error and no failed request', async ({ browser, baseURL }) => {
  const page = await browser.newPage()
  const problems = watch(page)
  await loadAndSettle(page, baseURL!)
  expect(problems).toEqual([])
  await page.close()
})

test('a team server that wants the token: the page says it is locked, without a refused request in the console', async ({ browser }) => {
  const port = await freePort()
  const server = serve({ PORT: String(port), HOST: '127.0.0.1', PLAYGROUND_TOKEN: 'team-token-for-the-console-test' })
  try {
    await expect.poll(server.output, { timeout: 15_000 }).toContain('Skill Playground at')
    const page = await browser.newPage()
    const problems = watch(page)
    await loadAndSettle(page, `http://127.0.0.1:${port}/`)
    expect(problems).toEqual([])
    await page.close()
  } finally {
    server.child.kill()
    await server.exited
  }
})
