import { FAKE_OPENAI_PORT, TEST_API_KEY } from '../playwright.config'
import { FakeOpenAI } from './fakeOpenAI'
import { expect, test, type RoutingPanel, type RunView } from './fixtures'

const upstream = new FakeOpenAI()
test.describe.configure({ mode: 'serial' })
test.beforeAll(() => upstream.start(FAKE_OPENAI_PORT))
test.afterAll(() => upstream.stop())

async function runWithProxy(routing: RoutingPanel, run: RunView, utterance: string) {
  await routing.utterance.fill(utterance)
  await run.model.selectOption('proxy')
  await run.run()
  return run.trace
}

test('a run through the server proxy streams a tool call, sends the result back and answers', async ({ page, routing, run }) => {
  const seen: string[] = []
  page.on('response', async (response) => {
    if (/\.(js|html|css)$|\/$|\/api\//.test(new URL(response.url()).pathname)) seen.push(await response.text().catch(() => ''))
  })
  upstream.script(
    { kind: 'tool', name: 'calculator', arguments: '{"expression": "2^20"}' },
    { kind: 'text', text: 'The answer is 1048576.' },
  )

  const trace = await runWithProxy(routing, run, '计算一下 2^20 是多少')
  await expect(run.step('Final answer')).toContainText('The answer is 1048576.')
  await expect(run.step('Tool call')).toContainText('"result": 1048576')
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

test('upstream failures give a clear message and leave the app usable', async ({ page, routing, run }) => {
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
    await runWithProxy(routing, run, 'hello there')
    await expect(run.step('Stopped')).toContainText(expected)
    await expect(run.runButton).toBeEnabled()
  }

  upstream.script({ kind: 'tool', name: 'calculator', arguments: '{"expression": 2^' }, { kind: 'text', text: 'Sorry, fixed.' })
  await runWithProxy(routing, run, '计算一下 2^20 是多少')
  await expect(run.step('Tool call')).toContainText('arguments invalid')
  await expect(run.step('Tool call')).toContainText('not valid JSON')
  await expect(run.step('Final answer')).toContainText('Sorry, fixed.')

  await page.getByRole('tab', { name: 'Routing' }).click()
  await routing.utterance.fill('北京今天天气怎么样，要带伞吗')
  await expect(routing.winnerRow().getByRole('rowheader')).toHaveText('weather')
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

test('the browser-key mode calls the API directly and the key goes nowhere else', async ({ page, routing, run }) => {
  const key = 'sk-typed-in-the-browser-41b2'
  upstream.script({ kind: 'tool', name: 'calculator', arguments: '{"expression":"6*7"}' }, { kind: 'text', text: 'It is 42.' })
  await routing.utterance.fill('计算一下 6*7 是多少')
  await run.model.selectOption('browser')
  await expect(run.runButton).toBeDisabled()
  await page.getByRole('textbox', { name: 'Base URL' }).fill(`http://127.0.0.1:${FAKE_OPENAI_PORT}/v1`)
  await page.getByLabel('API key').fill(key)
  await page.getByRole('textbox', { name: 'Model name' }).fill('test-model')
  await run.run()

  const trace = run.trace
  await expect(run.step('Final answer')).toContainText('It is 42.')
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

test('Abort stops a streaming reply and keeps what arrived, marked aborted', async ({ page, routing, run }) => {
  // Half a minute of reply: it cannot end before the click, however slow the machine (a reply of
  // a few seconds once did under load, and the click then met Run).
  upstream.script({
    kind: 'slow',
    pieces: ['First part. ', 'Second part. ', 'Third', ' part.', ...Array<string>(70).fill(' More.')],
    delayMs: 400,
  })
  await runWithProxy(routing, run, 'tell me a long story')
  await expect(run.step('Streaming reply')).toContainText('First part.')
  await page.getByRole('button', { name: 'Abort' }).click()
  await expect(run.step('Stopped')).toContainText('Aborted')
  await expect(run.step('Model reply')).toContainText('First part.')
  await expect(run.summary()).toContainText('aborted')
  await expect(run.runButton).toBeEnabled()
})

test('an Abort clicked just as the reply ends does not start another run', async ({ page, routing, run }) => {
  // Long enough for the Abort button to be found on a loaded machine; the click still lands after the end.
  upstream.script({ kind: 'slow', pieces: ['Short ', 'reply.'], delayMs: 1500 })
  await runWithProxy(routing, run, 'tell me a short story')
  // The Abort button a click was aimed at, then the run ends before the click lands.
  const abort = await page.getByRole('button', { name: 'Abort' }).elementHandle()
  await expect(run.step('Final answer')).toContainText('Short reply.')
  await expect(abort.click({ timeout: 2_000 })).rejects.toThrow(/not attached/)
  await expect(run.summary()).toContainText('done')
  // One run, so no list of earlier ones.
  await expect(page.getByRole('combobox', { name: 'Earlier runs' })).toHaveCount(0)
})

test('a conversation: the second turn is routed again and its request carries both user turns and the first answer', async ({
  page,
  routing,
  run,
}) => {
  upstream.script({ kind: 'text', text: 'First answer.' }, { kind: 'text', text: 'Second answer.' })
  await runWithProxy(routing, run, 'hello there')
  await expect(run.step('Final answer')).toContainText('First answer.')
  const reply = page.getByRole('textbox', { name: 'Reply' })
  await reply.fill('and then what?')
  await reply.press('Control+Enter')
  await expect(run.step('Final answer').nth(1)).toContainText('Second answer.')
  await expect(run.step('User turn')).toContainText('Turn 2')
  expect(upstream.requests).toHaveLength(2)
  const sent = upstream.requests[1]!.body.messages.map((message) => [message.role, message.content])
  expect(sent.slice(1)).toEqual([
    ['user', 'hello there'],
    ['assistant', 'First answer.'],
    ['user', 'and then what?'],
  ])
  // The system prompt actually sent is in the trace.
  await run.step('Activation').first().getByText('System prompt sent').click()
  await expect(run.step('Activation').first()).toContainText('You are a helpful assistant')
})

test("LLM routing through the proxy: the model decides, the skill's code runs in the page, the model answers from its result", async ({
  routing,
  run,
}) => {
  test.setTimeout(120_000)
  upstream.script(
    { kind: 'text', text: '{"skill": "add-calc", "args": {"numbers": [12, 30]}}' },
    { kind: 'text', text: '12 加 30 等于 42。' },
  )
  await routing.utterance.fill('把 12 和 30 加起来')
  await run.routingMode.selectOption('llm')
  await run.model.selectOption('proxy')
  await run.run()
  await expect(run.step('Final answer')).toContainText('12 加 30 等于 42。', { timeout: 60_000 })
  const execute = run.step('Execute skill code')
  await expect(execute).toContainText('Execute · skill.py')
  await expect(execute).toContainText('{"numbers":[12,30]}')
  await expect(execute).toContainText('"result": 42')

  expect(upstream.requests).toHaveLength(2)
  const [decide, answer] = upstream.requests
  expect(decide!.body.messages[0]).toMatchObject({ role: 'system', content: expect.stringContaining('add-calc') })
  expect(answer!.body.messages.at(-1)).toMatchObject({
    role: 'user',
    content: expect.stringContaining(
      'The skill\'s code (skill.py) returned: {"numbers":[12,30],"result":42,"user_message":"12 + 30 = 42"}',
    ),
  })
})

test('a server that sends index-less tool calls and <think> blocks: the call runs, the answer shows without the thinking, which is folded', async ({
  routing,
  run,
}) => {
  // Ollama before 0.4.7 (no index on tool calls) running a DeepSeek-R1-style model whose think
  // block stays in the text (docs/model-compatibility.md).
  const chunk = (delta: object, finish: string | null = null) => ({
    id: 'chatcmpl-r1',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'test-model',
    system_fingerprint: 'fp_ollama',
    choices: [{ index: 0, delta, finish_reason: finish }],
  })
  upstream.script(
    {
      kind: 'events',
      events: [
        chunk({ role: 'assistant', content: '<thi' }),
        chunk({ role: 'assistant', content: 'nk>Powers of two: use the calculator.</th' }),
        chunk({ role: 'assistant', content: 'ink>\n' }),
        chunk({
          role: 'assistant',
          content: '',
          tool_calls: [{ id: 'call_r1', type: 'function', function: { name: 'calculator', arguments: '{"expression": "2^20"}' } }],
        }),
        chunk({ role: 'assistant', content: '' }, 'stop'),
      ],
    },
    {
      kind: 'events',
      events: [
        chunk({ role: 'assistant', content: '<think>\nThe tool returned 1048576, so' }),
        chunk({ role: 'assistant', content: ' I can answer.\n</think>\n\nThe answer' }),
        chunk({ role: 'assistant', content: ' is 1048576.' }),
        chunk({ role: 'assistant', content: '' }, 'stop'),
      ],
    },
  )
  await runWithProxy(routing, run, '计算一下 2^20 是多少')
  const answer = run.step('Final answer')
  await expect(answer).toContainText('The answer is 1048576.')
  await expect(answer).not.toContainText('think')
  await expect(answer).not.toContainText('The tool returned')
  await expect(run.step('Tool call')).toContainText('"result": 1048576')

  // The thinking is in the trace, folded under each model reply.
  const replies = run.step('Model reply')
  await expect(replies).toHaveCount(2)
  const reasoning = replies.nth(1).getByText(/^Reasoning \(\d+ characters\)$/)
  await expect(replies.nth(1).getByText('The tool returned 1048576, so I can answer.')).toBeHidden()
  await reasoning.click()
  await expect(replies.nth(1).getByText('The tool returned 1048576, so I can answer.')).toBeVisible()
  await expect(replies.nth(0)).toContainText('Reasoning')
  await expect(replies.nth(1)).not.toContainText('<think>')

  // The model is sent back its call and the result, not its thinking.
  const second = upstream.requests[1]!.body.messages as { role: string; content: string | null; tool_calls?: unknown[] }[]
  const assistant = second.find((message) => message.role === 'assistant')!
  expect(assistant.content ?? '').not.toContain('Powers of two')
  expect(assistant.tool_calls).toHaveLength(1)
})

test('a thinking model: "Thinking…" shows while it reasons, then the answer streams and the reasoning folds away', async ({
  routing,
  run,
}) => {
  upstream.script({
    kind: 'slow',
    pieces: ['<think>Pondering the question', ' at length.</think>', 'The answer', ' is here.'],
    delayMs: 1500,
  })
  await runWithProxy(routing, run, 'hello there')
  const streaming = run.step('Streaming reply')
  await expect(streaming.getByText(/^Thinking… \(\d+ characters\)$/)).toBeVisible()
  await expect(streaming).not.toContainText('<think>')
  await expect(run.step('Final answer')).toContainText('The answer is here.')
  await expect(run.step('Final answer')).not.toContainText('Pondering')
  await expect(run.step('Model reply').getByText('Reasoning (33 characters)')).toBeVisible()
})
