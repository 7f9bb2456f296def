import type { Page } from '@playwright/test'
import { FAKE_OPENAI_PORT, TEST_API_KEY } from '../playwright.config'
import { FakeOpenAI } from './fakeOpenAI'
import { expect, test } from './fixtures'

const upstream = new FakeOpenAI()
test.describe.configure({ mode: 'serial' })
test.beforeAll(() => upstream.start(FAKE_OPENAI_PORT))
test.afterAll(() => upstream.stop())

async function runWithProxy(page: Page, utterance: string) {
  await page.getByRole('textbox', { name: 'Test utterance' }).fill(utterance)
  await page.getByRole('combobox', { name: 'Model' }).selectOption('proxy')
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  return page.getByRole('region', { name: 'Run trace' })
}

test('a run through the server proxy streams a tool call, sends the result back and answers', async ({ page }) => {
  const seen: string[] = []
  page.on('response', async (response) => {
    if (/\.(js|html|css)$|\/$|\/api\//.test(new URL(response.url()).pathname)) seen.push(await response.text().catch(() => ''))
  })
  upstream.script(
    { kind: 'tool', name: 'calculator', arguments: '{"expression": "2^20"}' },
    { kind: 'text', text: 'The answer is 1048576.' },
  )

  const trace = await runWithProxy(page, '计算一下 2^20 是多少')
  await expect(trace.locator('.trace-event.final')).toContainText('The answer is 1048576.')
  await expect(trace.locator('.trace-event.tool')).toContainText('"result": 1048576')
  await expect(trace).toContainText('OpenAI (server proxy) · test-model')

  expect(upstream.requests).toHaveLength(2)
  const [first, second] = upstream.requests
  expect(first!.headers.authorization).toBe(`Bearer ${TEST_API_KEY}`)
  expect(first!.body.model).toBe('test-model')
  expect(first!.body.stream).toBe(true)
  expect(first!.body.tools?.map((tool) => tool.function.name)).toEqual(['calculator'])
  expect(first!.body.messages[0]).toMatchObject({ role: 'system', content: expect.stringContaining('careful calculator') })
  expect(second!.body.messages.at(-1)).toMatchObject({ role: 'tool', content: expect.stringContaining('1048576') })

  const storage = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }))
  for (const text of [await page.content(), storage, ...seen]) expect(text).not.toContain(TEST_API_KEY)
})

test('upstream failures give a clear message and leave the app usable', async ({ page }) => {
  const cases = [
    {
      reply: { kind: 'status', status: 500, message: 'upstream exploded' } as const,
      expected: 'The model server answered 500: upstream exploded',
    },
    {
      reply: { kind: 'status', status: 429, message: 'slow down' } as const,
      expected: 'Rate limited by the model server (429): slow down',
    },
    { reply: { kind: 'drop', text: 'half an ans' } as const, expected: /connection dropped|terminated|network/i },
  ]
  for (const { reply, expected } of cases) {
    upstream.script(reply)
    const trace = await runWithProxy(page, 'hello there')
    await expect(trace.locator('.trace-event.stopped')).toContainText(expected)
    await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeEnabled()
  }

  upstream.script({ kind: 'tool', name: 'calculator', arguments: '{"expression": 2^' }, { kind: 'text', text: 'Sorry, fixed.' })
  const trace = await runWithProxy(page, '计算一下 2^20 是多少')
  await expect(trace.locator('.trace-event.tool')).toContainText('arguments invalid')
  await expect(trace.locator('.trace-event.tool')).toContainText('not valid JSON')
  await expect(trace.locator('.trace-event.final')).toContainText('Sorry, fixed.')

  await page.getByRole('tab', { name: 'Routing' }).click()
  await page.getByRole('textbox', { name: 'Test utterance' }).fill('北京今天天气怎么样，要带伞吗')
  await expect(page.getByRole('table', { name: 'Routing scores' }).locator('tbody tr[aria-selected="true"] th')).toHaveText('weather')
})

test('the proxy refuses cross-origin requests and other endpoints, and never forwards them', async ({ page, baseURL }) => {
  upstream.script()
  const crossSite = await page.request.post(`${baseURL}/v1/chat/completions`, {
    headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
    data: { model: 'x', messages: [] },
  })
  expect(crossSite.status()).toBe(403)
  const other = await page.request.post(`${baseURL}/v1/files`, { headers: { 'content-type': 'application/json' }, data: {} })
  expect(other.status()).toBe(404)
  const get = await page.request.get(`${baseURL}/v1/chat/completions`)
  expect(get.status()).toBe(405)
  expect(upstream.requests).toHaveLength(0)
})

test('the browser-key mode calls the API directly and the key goes nowhere else', async ({ page }) => {
  const key = 'sk-typed-in-the-browser-41b2'
  upstream.script({ kind: 'tool', name: 'calculator', arguments: '{"expression":"6*7"}' }, { kind: 'text', text: 'It is 42.' })
  await page.getByRole('textbox', { name: 'Test utterance' }).fill('计算一下 6*7 是多少')
  await page.getByRole('combobox', { name: 'Model' }).selectOption('browser')
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeDisabled()
  await page.getByRole('textbox', { name: 'Base URL' }).fill(`http://127.0.0.1:${FAKE_OPENAI_PORT}/v1`)
  await page.getByLabel('API key').fill(key)
  await page.getByRole('textbox', { name: 'Model name' }).fill('test-model')
  await page.getByRole('button', { name: 'Run', exact: true }).click()

  const trace = page.getByRole('region', { name: 'Run trace' })
  await expect(trace.locator('.trace-event.final')).toContainText('It is 42.')
  expect(upstream.requests[0]!.headers.authorization).toBe(`Bearer ${key}`)
  for (const request of upstream.requests) expect(JSON.stringify(request.body)).not.toContain(key)

  const download = page.waitForEvent('download')
  await trace.getByRole('button', { name: 'Download trace' }).click()
  const saved = Buffer.concat(await (await (await download).createReadStream()).toArray()).toString('utf8')
  expect(saved).not.toContain(key)
  expect(page.url()).not.toContain(key)
  expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(key)
  expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage }))).toContain(key)

  await page.getByLabel('Remember on this device').check()
  expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).toContain(key)
  await page.getByLabel('Remember on this device').uncheck()
  expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(key)
})

test('Abort stops a streaming reply and keeps what arrived, marked aborted', async ({ page }) => {
  upstream.script({
    kind: 'slow',
    pieces: ['First part. ', 'Second part. ', 'Third', ' part.', ' More.', ' More.', ' More.'],
    delayMs: 400,
  })
  const trace = await runWithProxy(page, 'tell me a long story')
  await expect(trace.locator('.trace-event.streaming')).toContainText('First part.')
  await page.getByRole('button', { name: 'Abort' }).click()
  await expect(trace.locator('.trace-event.stopped')).toContainText('Aborted')
  await expect(trace.locator('.trace-event.model')).toContainText('First part.')
  await expect(trace.locator('.run-header')).toContainText('aborted')
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeEnabled()
})
