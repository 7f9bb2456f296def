import { BUILTIN_TOOLS } from '../src/core/tools'
import { expect, test, NAME, settled } from './fixtures'
import { TASK_CPU_BOUND_MS, watchTaskCpu } from './mainThreadTasks'

test('a scripted run of the calculator skill shows 1048576, and is kept across a reload', async ({ page, routing, run }) => {
  await routing.utterance.fill('计算一下 2^20 是多少')
  await run.run()

  await test.step('activation comes first, with the narrowed configuration', async () => {
    await expect(run.step('Activation')).toContainText('calculator wins keyword routing')
    await expect(run.step('Activation')).toContainText('1 tool: calculator · round limit 3')
  })
  await test.step('then the validated tool call and the final answer', async () => {
    await expect(run.step('Tool call')).toContainText('arguments valid')
    await expect(run.step('Tool call')).toContainText('"expression":"2^20"')
    await expect(run.step('Final answer')).toContainText('2^20 = 1048576')
    await expect(run.trace).toContainText('Round 1 / 3')
    await expect(run.trace.getByLabel('Timeline')).toContainText('calculator')
  })

  const download = page.waitForEvent('download')
  await run.trace.getByRole('button', { name: 'Download trace' }).click()
  const file = await download
  const json = JSON.parse(await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8')))
  expect(json.events.map((event: { type: string }) => event.type)).toEqual([
    'activation',
    // The activated skill's body enters the context before the first round (docs/agent-loop.md).
    'disclosure',
    'round',
    'model',
    'tool',
    'round',
    'model',
    'final',
  ])
  expect(json.events[1]).toMatchObject({ type: 'disclosure', level: 'body', round: 0, skill: 'calculator' })

  await page.reload()
  await run.open()
  await expect(run.step('Final answer')).toContainText('1048576')
})

test('a weather run answers from the mocked tool', async ({ routing, run }) => {
  await routing.utterance.fill('北京今天天气怎么样，要带伞吗')
  await run.run()
  await expect(run.step('Final answer')).toContainText('北京: 小雨, 12–18 °C, 80% chance of rain. Take an umbrella.')
})

test('progressive disclosure loads the skill with load_skill before using its tool', async ({ routing, run }) => {
  await routing.utterance.fill('2^10 + 1')
  await run.routingMode.selectOption('progressive')
  await run.run()
  await expect(run.step('Tool call').first()).toContainText('load_skill')
  await expect(run.step('Final answer')).toContainText('2^10 + 1 = 1025')
})

test('a data question runs a read-only query on the in-page SQLite database', async ({ routing, run }) => {
  await routing.utterance.fill('查询订单：本周销售额是多少')
  await run.run()
  await expect(run.step('Activation')).toContainText('sql_report wins')
  await expect(run.step('Tool call')).toContainText('execute_sql')
  await expect(run.step('Final answer')).toContainText('| 2026-11-23 | 217.5 |')
})

test('LLM routing picks add-calc with validated arguments, runs its skill.py and answers from the result', async ({ routing, run }) => {
  test.setTimeout(120_000)
  await routing.utterance.fill('3、5、8 求和')
  await run.routingMode.selectOption('llm')
  await run.run()
  await expect(run.step('Activation')).toContainText('LLM routing chose add-calc with valid arguments {"numbers":[3,5,8]}', {
    timeout: 60_000,
  })
  // Python starts in a fresh worker for the run: seconds on a busy two-core machine.
  await expect(run.step('Execute skill code')).toContainText('Execute · skill.py', { timeout: 60_000 })
  await expect(run.step('Execute skill code')).toContainText('"result": 16')
  await expect(run.step('Execute skill code')).toContainText('user_message: 3 + 5 + 8 = 16')
  await expect(run.step('Final answer')).toContainText('3 + 5 + 8 = 16')
})

test('a skill without code still works with the text protocol: the calls travel as SKILL_CALL lines', async ({ routing, run }) => {
  await routing.utterance.fill('计算一下 (3+5)*8')
  await run.toolCalls.selectOption('text')
  await run.run()
  await expect(run.step('Model reply').first()).toContainText('SKILL_CALL: {"skill":"calculator"')
  await expect(run.step('Final answer')).toContainText('= 64')
})

test('the Tools panel lists schemas and edited mocks answer the next run', async ({ routing, run, tools }) => {
  await tools.open()
  await expect(tools.cards()).toHaveCount(BUILTIN_TOOLS.length)
  await tools.card('get_weather').getByText('get_weather', { exact: true }).click()
  await expect(tools.schema('get_weather')).toContainText('"city"')
  await expect(tools.card('get_weather')).toContainText(BUILTIN_TOOLS.find((tool) => tool.name === 'get_weather')!.description)

  const mocks = tools.mocks('get_weather')
  await mocks.fill('[{"when": {"city": "北京"}, "response": {"city": "北京", "condition": "晴"')
  await expect(tools.panel.getByRole('alert')).toContainText('Not valid JSON yet')
  await mocks.fill(
    '[{"when": {"city": "北京"}, "response": {"city": "北京", "condition": "晴", "temperature_c": {"min": 20, "max": 26}, "rain_probability": 0}}]',
  )
  await expect(tools.panel.getByRole('alert')).toHaveCount(0)

  await routing.utterance.fill('北京今天天气怎么样，要带伞吗')
  await run.run()
  await expect(run.step('Final answer')).toContainText('北京: 晴, 20–26 °C, 0% chance of rain. No umbrella needed.')
})

test('the scripted model replays a script the user writes', async ({ page, routing, run }) => {
  await routing.utterance.fill('anything at all')
  await run.model.selectOption('script')
  const script = page.getByRole('textbox', { name: 'Script' })
  await script.fill(
    '[{"text": "Checking.", "tool_calls": [{"name": "calculator", "arguments": {"expression": "7*6"}}]}, {"text": "The answer is 42."}',
  )
  await expect(run.runButton).toBeDisabled()
  await expect(page.getByRole('note').filter({ hasText: 'not valid JSON' })).toBeVisible()
  await script.fill(
    '[{"text": "Checking.", "tool_calls": [{"name": "calculator", "arguments": {"expression": "7*6"}}]}, {"text": "The answer is 42."}]',
  )
  await run.run()
  await expect(run.step('Tool call')).toContainText('"result": 42')
  await expect(run.step('Final answer')).toContainText('The answer is 42.')
})

test('a runaway tool runs in a worker: the page stays responsive, Abort stops it, and the next call gets a fresh worker', async ({
  page,
  routing,
  run,
}) => {
  await routing.utterance.fill('查询订单：本周销售额是多少')
  await run.model.selectOption('script')
  const script = page.getByRole('textbox', { name: 'Script' })
  // The editor loads once typing pauses; on a loaded machine its first start could fall in the window below.
  await settled(page)
  const endless = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT count(*) FROM c'
  await script.fill(
    JSON.stringify([{ text: 'Counting.', tool_calls: [{ name: 'execute_sql', arguments: { sql: endless } }] }, { text: 'Done.' }]),
  )
  await run.run()
  const abort = page.getByRole('button', { name: 'Abort' })
  await expect(abort).toBeVisible()
  // The run has reached the tool (before it, the context is counted, which a busy machine slows).
  await expect(page.getByRole('region', { name: 'Run trace' })).toContainText('Counting.', { timeout: 30_000 })
  // The query never ends; the page must still answer at once (it froze for minutes on the main thread).
  const watch = await watchTaskCpu(page)
  await page.waitForTimeout(1500)
  expect(await watch.longestTaskCpu()).toBeLessThan(TASK_CPU_BOUND_MS)
  await abort.click()
  await expect(run.step('Stopped')).toContainText('Aborted during a tool call')
  await expect(run.step('Tool call')).toContainText('worker terminated')

  await script.fill(
    JSON.stringify([
      { text: 'Counting.', tool_calls: [{ name: 'execute_sql', arguments: { sql: 'SELECT count(*) AS n FROM orders' } }] },
      { text: 'There are 8 orders.' },
    ]),
  )
  await run.run()
  await expect(run.step('Tool call')).toContainText('"rows"')
  await expect(run.step('Final answer')).toContainText('There are 8 orders.')

  // A calculator function that recurses 2^30 times froze the tab for minutes, then showed as a result.
  await routing.utterance.fill('计算一下这个递归')
  await script.fill(
    JSON.stringify([
      { text: 'Computing.', tool_calls: [{ name: 'calculator', arguments: { expression: 'f(x)=x>0?f(x-1)+f(x-1):1;f(30)' } }] },
      { text: 'Done.' },
    ]),
  )
  await run.run()
  await expect(abort).toBeVisible()
  const recursing = await watchTaskCpu(page)
  await page.waitForTimeout(1000)
  expect(await recursing.longestTaskCpu()).toBeLessThan(TASK_CPU_BOUND_MS)
  await abort.click()
  await expect(run.step('Tool call')).toContainText('worker terminated')
})

test('a reply at its size cap renders in steps, and the page stays responsive', async ({ page, routing, run }) => {
  await routing.utterance.fill('hello there')
  await run.model.selectOption('script')
  const long = '长'.repeat(150_000)
  await page.getByRole('textbox', { name: 'Script' }).fill(JSON.stringify([{ text: long }]))
  await run.run()
  const answer = run.step('Final answer')
  await expect(answer).toBeVisible()
  // Only the first 20,000 characters are laid out until the user asks for more.
  expect((await answer.innerText()).length).toBeLessThan(21_000)
  const more = answer.getByRole('button', { name: 'Show more' })
  await expect(more).toContainText('130,000 not shown')
  await more.click()
  await expect(more).toContainText('110,000 not shown')
  expect((await answer.innerText()).length).toBeGreaterThan(40_000)
})

test('the token meter counts a 400,000-character body in a worker, says "at least", and typing stays quick', async ({ page, routing }) => {
  const body = '中'.repeat(400_000)
  const transfer = await page.evaluateHandle((text) => {
    const data = new DataTransfer()
    data.items.add(new File([`---\nname: huge-body\ndescription: A skill with a very long body.\n---\n${text}\n`], 'huge-body.md'))
    return data
  }, body)
  await page.dispatchEvent('main', 'drop', { dataTransfer: transfer })
  await page.getByRole('option', { name: /huge-body/ }).click({ position: NAME })
  await expect(page.getByTitle(/Counted with the o200k_base tokenizer/)).toContainText(/body ≥ [\d,]+ tok/, { timeout: 15_000 })
  // What is measured is typing with that body open, not the editor's first start.
  await settled(page)
  const typing = await watchTaskCpu(page)
  await routing.utterance.fill('a quick question')
  await expect(routing.utterance).toHaveValue('a quick question')
  expect(await typing.longestTaskCpu()).toBeLessThan(TASK_CPU_BOUND_MS)
})
