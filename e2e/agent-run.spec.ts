import { expect, test } from './fixtures'

test('a scripted run of the calculator skill shows 1048576, and is kept across a reload', async ({ page, routing }) => {
  await routing.utterance.fill('计算一下 2^20 是多少')
  await page.getByRole('button', { name: 'Run', exact: true }).click()

  const trace = page.getByRole('region', { name: 'Run trace' })
  await test.step('activation comes first, with the narrowed configuration', async () => {
    await expect(trace.locator('.trace-event.activation')).toContainText('calculator wins keyword routing')
    await expect(trace.locator('.trace-event.activation')).toContainText('1 tool: calculator · round limit 3')
  })
  await test.step('then the validated tool call and the final answer', async () => {
    await expect(trace.locator('.trace-event.tool')).toContainText('arguments valid')
    await expect(trace.locator('.trace-event.tool')).toContainText('"expression":"2^20"')
    await expect(trace.locator('.trace-event.final')).toContainText('2^20 = 1048576')
    await expect(trace).toContainText('Round 1 / 3')
    await expect(trace.getByLabel('Timeline')).toContainText('calculator')
  })

  const download = page.waitForEvent('download')
  await trace.getByRole('button', { name: 'Download trace' }).click()
  const file = await download
  const json = JSON.parse(await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8')))
  expect(json.events.map((event: { type: string }) => event.type)).toEqual([
    'activation',
    'round',
    'model',
    'tool',
    'round',
    'model',
    'final',
  ])

  await page.reload()
  await page.getByRole('tab', { name: 'Run' }).click()
  await expect(page.getByRole('region', { name: 'Run trace' }).locator('.trace-event.final')).toContainText('1048576')
})

test('a weather run answers from the mocked tool', async ({ page, routing }) => {
  await routing.utterance.fill('北京今天天气怎么样，要带伞吗')
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  const trace = page.getByRole('region', { name: 'Run trace' })
  await expect(trace.locator('.trace-event.final')).toContainText('北京: 小雨, 12–18 °C, 80% chance of rain. Take an umbrella.')
})

test('progressive disclosure loads the skill with load_skill before using its tool', async ({ page, routing }) => {
  await routing.utterance.fill('2^10 + 1')
  await page.getByRole('combobox', { name: 'Routing mode' }).selectOption('progressive')
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  const trace = page.getByRole('region', { name: 'Run trace' })
  await expect(trace.locator('.trace-event.tool').first()).toContainText('load_skill')
  await expect(trace.locator('.trace-event.final')).toContainText('2^10 + 1 = 1025')
})

test('a data question runs a read-only query on the in-page SQLite database', async ({ page, routing }) => {
  await routing.utterance.fill('查询订单：本周销售额是多少')
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  const trace = page.getByRole('region', { name: 'Run trace' })
  await expect(trace.locator('.trace-event.activation')).toContainText('sql_report wins')
  await expect(trace.locator('.trace-event.tool')).toContainText('execute_sql')
  await expect(trace.locator('.trace-event.final')).toContainText('| 2026-11-23 | 217.5 |')
})

test('LLM routing picks add-calc with validated arguments; the text protocol carries the calls', async ({ page, routing }) => {
  await routing.utterance.fill('3、5、8 求和')
  await page.getByRole('combobox', { name: 'Routing mode' }).selectOption('llm')
  await page.getByRole('combobox', { name: 'Tool calls' }).selectOption('text')
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  const trace = page.getByRole('region', { name: 'Run trace' })
  await expect(trace.locator('.trace-event.activation')).toContainText(
    'LLM routing chose add-calc with valid arguments {"numbers":[3,5,8]}',
  )
  await expect(trace.locator('.trace-event.model').nth(1)).toContainText('SKILL_CALL: {"skill":"calculator"')
  await expect(trace.locator('.trace-event.final')).toContainText('= 16')
})

test('the Tools panel lists schemas and edited mocks answer the next run', async ({ page, routing }) => {
  await page.getByRole('tab', { name: 'Tools' }).click()
  const tools = page.getByRole('region', { name: 'Tools' })
  await expect(tools.locator('summary')).toHaveCount(11)
  await tools.locator('summary').filter({ hasText: 'get_weather' }).click()
  await expect(tools.locator('details[open] .schema')).toContainText('"city"')

  const mocks = tools.getByRole('textbox', { name: 'Mock responses for get_weather' })
  await mocks.fill('[{"when": {"city": "北京"}, "response": {"city": "北京", "condition": "晴"')
  await expect(tools.getByRole('alert')).toContainText('Not valid JSON yet')
  await mocks.fill(
    '[{"when": {"city": "北京"}, "response": {"city": "北京", "condition": "晴", "temperature_c": {"min": 20, "max": 26}, "rain_probability": 0}}]',
  )
  await expect(tools.getByRole('alert')).toHaveCount(0)

  await routing.utterance.fill('北京今天天气怎么样，要带伞吗')
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  await expect(page.getByRole('region', { name: 'Run trace' }).locator('.trace-event.final')).toContainText(
    '北京: 晴, 20–26 °C, 0% chance of rain. No umbrella needed.',
  )
})

test('the scripted model replays a script the user writes', async ({ page, routing }) => {
  await routing.utterance.fill('anything at all')
  await page.getByRole('combobox', { name: 'Model' }).selectOption('script')
  const script = page.getByRole('textbox', { name: 'Script' })
  await script.fill(
    '[{"text": "Checking.", "tool_calls": [{"name": "calculator", "arguments": {"expression": "7*6"}}]}, {"text": "The answer is 42."}',
  )
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeDisabled()
  await expect(page.getByRole('note')).toContainText('not valid JSON')
  await script.fill(
    '[{"text": "Checking.", "tool_calls": [{"name": "calculator", "arguments": {"expression": "7*6"}}]}, {"text": "The answer is 42."}]',
  )
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  const trace = page.getByRole('region', { name: 'Run trace' })
  await expect(trace.locator('.trace-event.tool')).toContainText('"result": 42')
  await expect(trace.locator('.trace-event.final')).toContainText('The answer is 42.')
})
