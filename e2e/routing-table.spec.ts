import type { Browser, Route } from '@playwright/test'
import { examples, expect, test, NAME } from './fixtures'

/** A thousand skills s0000…s0999, each with `keywords(i)`. */
const thousandSkills = (keywords: (i: number) => string) =>
  Array.from({ length: 1000 }, (_, i) => ({
    path: `s${String(i).padStart(4, '0')}/SKILL.md`,
    text: `---\nname: s${String(i).padStart(4, '0')}\ntrigger_keywords: [${keywords(i)}]\n---\nBody\n`,
  }))

/** A page of a new browser context whose saved workspace is `files` and `utterance`. */
async function openWorkspace(browser: Browser, files: { path: string; text: string }[], utterance: string) {
  const context = await browser.newContext()
  await context.addInitScript(
    (snapshot) => localStorage.setItem('skill-playground:workspace:v1', JSON.stringify({ snapshot, tab: 'seed', revision: 1e9 })),
    { files, utterance },
  )
  const page = await context.newPage()
  await page.goto('/')
  return { context, page }
}

test('shows the example skills and scores a typed utterance live', async ({ page, routing, skills }) => {
  await expect(skills.getByRole('option')).toHaveCount(examples.skills)

  await test.step('a calculation wins for calculator, with its numbers', async () => {
    await routing.utterance.fill('')
    await routing.utterance.pressSequentially('计算一下 2^20 是多少')
    await expect(routing.winnerRow().getByRole('rowheader')).toHaveText('calculator')
    await expect(await routing.cell('calculator', 'Covered')).toHaveText('5')
    await expect(await routing.cell('calculator', 'Length')).toHaveText('13')
    await expect(await routing.cell('calculator', 'Base')).toHaveText('0.385')
    await expect(await routing.cell('calculator', 'Bonus')).toHaveText('×1.3')
    await expect(await routing.cell('calculator', 'Final')).toHaveText('0.500')
    await expect(await routing.cell('calculator', 'Matched')).toContainText('计算')
    await expect(routing.table.getByRole('row')).toHaveCount(examples.skills + 1) // and the header
    await expect(page.getByTestId('utterance-highlights').locator('mark')).toHaveText(['计算', '是多少'])
  })

  await test.step("the seed's example shows its true numbers and why it does not activate", async () => {
    await routing.utterance.fill('帮我规划并写一篇关于 AI Agent 的文章大纲')
    await expect(routing.winnerRow()).toHaveCount(0)
    await expect(await routing.cell('plan_and_write', 'Covered')).toHaveText('4')
    await expect(await routing.cell('plan_and_write', 'Length')).toHaveText('25')
    await expect(await routing.cell('plan_and_write', 'Final')).toHaveText('0.208')
    await expect(await routing.cell('plan_and_write', 'Activated')).toContainText('needs covered ≥ 6 of 25')
    await expect(await routing.cell('weekly_report', 'Activated')).toContainText('Manual entry')
    await expect(await routing.cell('weather', 'Activated')).toContainText('No keyword matched')
    await expect(page.getByRole('region', { name: 'Effective configuration' })).toContainText('default (no skill active)')
  })

  await test.step('lowering the threshold lets it win', async () => {
    await routing.threshold.fill('0.2')
    await expect(routing.winnerRow().getByRole('rowheader')).toHaveText('plan_and_write')
    const config = page.getByRole('region', { name: 'Effective configuration' })
    await expect(config).toContainText('from plan_and_write')
    await expect(config.getByTestId('config.max-rounds')).toHaveText('5')
    await expect(config.getByLabel('Visible tools')).toContainText('search_knowledge')
    await expect(config.getByLabel('System prompt')).toContainText('你是一个专业任务规划与执行者')
  })
})

test('the editor loads once typing pauses, not while someone types their first utterance', async ({ page, routing, editor, skills }) => {
  // Monaco's script is one long evaluation that cannot be split: it must not land on keystrokes.
  // The page's clock is Playwright's, stopped: a typist's pauses are exactly what the test says they
  // are, however slowly a busy machine loads the page or delivers the keys.
  const typeAtPace = async (text: string, ms: number) => {
    for (const character of text) {
      await routing.utterance.pressSequentially(character)
      await page.clock.runFor(ms)
    }
  }
  /** Loads the page on the stopped clock, letting it run only in short steps until the utterance box is there. */
  const load = async (go: () => Promise<unknown>) => {
    // A minute ahead of the page's time, which keeps flowing until then, however slow the machine.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 60_000)
    await go()
    await expect
      .poll(async () => {
        await page.clock.runFor(20)
        return routing.utterance.isVisible()
      })
      .toBe(true)
  }
  await page.clock.install()
  await load(() => page.goto('/'))
  await typeAtPace('帮我规划一下下周的任务，再计算一下 2^20 是多少', 100)
  await expect(page.getByRole('region', { name: 'Editor' })).toContainText('it waits while you type')
  await expect(editor.root).toHaveCount(0)
  // Still short of the pause it waits for; then the pause (and time flows again, for Monaco's own timers).
  await page.clock.runFor(500)
  await expect(editor.root).toHaveCount(0)
  await page.clock.resume()
  await expect(editor.root).toBeVisible()

  // Picking a skill is reaching for the editor: it loads at once, in the middle of typing.
  await load(() => page.reload())
  await typeAtPace('帮我', 100)
  await expect(editor.root).toHaveCount(0)
  await skills.getByRole('option', { name: /calculator/ }).click({ position: NAME })
  // Loading begins with the click, no pause in typing needed (the clock has not moved since the last key).
  await expect(page.getByRole('region', { name: 'Editor' })).not.toContainText('it waits while you type')
  await page.clock.resume()
  await routing.utterance.pressSequentially('规划一下下周的任务', { delay: 100 })
  await expect(editor.root).toBeVisible()
})

test('when the editor’s code does not arrive, its pane says so and Try again loads it; the rest keeps working', async ({
  page,
  routing,
  editor,
}) => {
  // The server "goes away" for the editor's code, and for the check whether it answers again.
  const editorChunk = /\/assets\/SkillEditor-[\w-]+\.js$/
  const serverGone = async (route: Route) => (route.request().method() === 'HEAD' ? route.abort('connectionrefused') : route.fallback())
  await page.route(editorChunk, (route) => route.abort('connectionrefused'))
  await page.route('**/*', serverGone)
  await page.reload()
  const pane = page.getByRole('region', { name: 'Editor' })
  await pane.click()
  await expect(pane.getByRole('alert')).toContainText('The Editor view could not be loaded')
  await routing.utterance.fill('帮我规划一下下周的任务')
  await expect(routing.winnerRow().getByRole('rowheader')).toHaveText('plan_and_write')
  await pane.getByRole('button', { name: 'Try again' }).click()
  await expect(pane.getByRole('alert')).toContainText('The server still does not answer.')

  // Back: Try again loads it (by loading the page afresh where the browser keeps the failed
  // download), and what was typed is still there.
  await page.unroute(editorChunk)
  await page.unroute('**/*', serverGone)
  await pane.getByRole('button', { name: 'Try again' }).click()
  // A page load and Monaco's start on a busy machine.
  await expect(editor.root).toBeVisible({ timeout: 15_000 })
  await expect(pane.getByRole('alert')).toHaveCount(0)
  await expect(routing.utterance).toHaveValue('帮我规划一下下周的任务')
})

test('editing a keyword in Monaco changes the table at once', async ({ page, routing, editor, skills }) => {
  await routing.utterance.fill('帮我规划并写一篇关于 AI Agent 的文章大纲')
  await expect(await routing.cell('plan_and_write', 'Final')).toHaveText('0.208')

  await skills.getByRole('option', { name: /plan_and_write/ }).click({ position: NAME })
  await editor.endOfLine('- 写大纲')
  await page.keyboard.press('Enter')
  await page.keyboard.type('- 文章大纲')

  await expect(editor.line('- 文章大纲')).toBeVisible()
  await expect(await routing.cell('plan_and_write', 'Covered')).toHaveText('8')
  await expect(await routing.cell('plan_and_write', 'Final')).toHaveText('0.416')
  await expect(routing.winnerRow().getByRole('rowheader')).toHaveText('plan_and_write')
})

test('broken YAML gets a marker and leaves the other skills scoring', async ({ page, routing, editor, skills }) => {
  await skills.getByRole('option', { name: /calculator/ }).click({ position: NAME })
  await editor.endOfLine('name: calculator')
  await page.keyboard.type(': oops')

  await expect(editor.errorMarker()).toBeVisible()
  await expect(skills.getByRole('option', { name: /calculator/ })).toContainText('1 ✕')

  const problems = page.getByRole('list', { name: 'Problems' })
  await expect(problems).toContainText('Ln 2, Col 7')
  await expect(problems).toContainText(/mapping/i)
  const squiggle = await editor.errorMarker().boundingBox()
  await page.mouse.move(squiggle!.x + squiggle!.width / 2, squiggle!.y + squiggle!.height / 2)
  await expect(editor.hover('mapping')).toBeVisible()

  await routing.utterance.fill('北京今天天气怎么样，要带伞吗')
  await expect(routing.winnerRow().getByRole('rowheader')).toHaveText('weather')
  await expect(await routing.cell('weather', 'Matched')).toContainText('天气')
  await expect(routing.table.getByRole('row')).toHaveCount(examples.skills + 1) // and the header
})

test('skills can be added, renamed, duplicated and deleted (with undo)', async ({ page, skills, editor }) => {
  await page.getByRole('button', { name: '+ New' }).click()
  await page.getByRole('dialog', { name: 'New skill' }).getByRole('button', { name: 'Blank skill' }).click()
  await expect(skills.getByRole('option', { name: /new_skill/ })).toHaveAttribute('aria-selected', 'true')

  await skills
    .getByRole('option', { name: /new_skill/ })
    .getByRole('button', { name: 'Rename' })
    .click()
  const nameField = page.getByRole('textbox', { name: 'New skill name' })
  await nameField.fill('translator')
  await nameField.press('Enter')
  await expect(skills.getByRole('option', { name: /translator/ })).toContainText('translator/SKILL.md')
  await expect(editor.line('name: translator')).toBeVisible()

  await skills
    .getByRole('option', { name: /translator/ })
    .getByRole('button', { name: 'Duplicate' })
    .click()
  await expect(skills.getByRole('option', { name: /translator-copy/ })).toHaveAttribute('aria-selected', 'true')
  await expect(skills.getByRole('option')).toHaveCount(examples.skills + 2)

  await skills
    .getByRole('option', { name: /translator-copy/ })
    .getByRole('button', { name: 'Delete' })
    .click()
  await expect(skills.getByRole('option')).toHaveCount(examples.skills + 1)
  await page.getByRole('button', { name: 'Undo', exact: true }).click()
  await expect(skills.getByRole('option')).toHaveCount(examples.skills + 2)

  await page.reload()
  await expect(skills.getByRole('option', { name: /translator-copy/ })).toBeVisible()
})

test('the skill list works from the keyboard', async ({ page, skills }) => {
  await skills.getByRole('option', { name: /add-calc/ }).click({ position: NAME })
  await page.keyboard.press('ArrowDown')
  await expect(skills.getByRole('option', { name: /calculator/ })).toHaveAttribute('aria-selected', 'true')
  await expect(skills.getByRole('option', { name: /calculator/ })).toBeFocused()
  await expect(page.getByRole('heading', { name: 'calculator/SKILL.md' })).toBeVisible()
})

test('with a thousand skills that all score, the table, the skill list and the problems render what is in view', async ({ browser }) => {
  const { context, page } = await openWorkspace(
    browser,
    thousandSkills((i) => `shared, word${i}`),
    'shared word77',
  )
  const table = page.getByRole('table', { name: 'Routing scores' })
  const bodyRows = table.getByRole('row').filter({ hasNot: page.getByRole('columnheader') })
  // The best 10 and one folded row.
  await expect(bodyRows).toHaveCount(11)
  // Best first: the skill with two matching keywords leads.
  await expect(bodyRows.first()).toContainText('s0077')
  await table.getByRole('button', { name: 'Show 990 more skills (990 of them scored)' }).click()
  // Every row is reachable, but only those near the view are in the page.
  await expect(table).toHaveAttribute('aria-rowcount', '1001')
  await expect(bodyRows.first()).toContainText('s0077')
  expect(await bodyRows.count()).toBeLessThan(80)
  await page.locator('.table-scroll.all-rows').evaluate((box) => (box.scrollTop = box.scrollHeight))
  await expect(table.getByRole('rowheader', { name: 's0999', exact: true })).toBeVisible()
  await expect(table.getByRole('row', { name: /s0999/ })).toHaveAttribute('aria-rowindex', '1001')
  await table.getByRole('button', { name: 'Show only the best 10' }).click()
  await expect(bodyRows).toHaveCount(11)

  // The skill list: a window of options, each knowing its place; End reaches the last one.
  const skills = page.getByRole('listbox', { name: 'Skills' })
  expect(await skills.getByRole('option').count()).toBeLessThan(80)
  await expect(skills.getByRole('option').first()).toHaveAttribute('aria-setsize', '1000')
  await skills.getByRole('option', { name: /s0001/ }).click({ position: NAME })
  await page.keyboard.press('End')
  await expect(skills.getByRole('option', { name: /s0999/ })).toBeFocused()
  await expect(skills.getByRole('option', { name: /s0999/ })).toHaveAttribute('aria-posinset', '1000')
  await expect(page.getByRole('heading', { name: 's0999/SKILL.md' })).toBeVisible()
  await page.keyboard.press('Home')
  await expect(skills.getByRole('option', { name: /s0000/ })).toBeFocused()

  // A thousand findings (every skill lacks a description): the list renders the ones in view.
  await page.getByRole('tab', { name: 'Problems' }).click()
  const problems = page.getByRole('region', { name: 'Problems' }).getByRole('listitem')
  await expect(problems.first()).toBeVisible()
  expect(await problems.count()).toBeLessThan(80)
  await context.close()

  // A short list is read whole: fifteen skills, fifteen rows and nothing folded.
  const few = await openWorkspace(browser, thousandSkills((i) => `shared, word${i}`).slice(0, 15), 'shared word7')
  const fewRows = few.page.getByRole('table', { name: 'Routing scores' }).getByRole('row')
  await expect(fewRows).toHaveCount(16)
  await expect(fewRows.nth(1)).toContainText('s0007')
  await few.context.close()
})

test('opening the Tests and Problems tabs at a thousand skills leaves their layout to the browser’s next frame, never forced by the app', async ({
  browser,
}) => {
  const files = [
    ...thousandSkills((i) => `规划, task${i}`),
    {
      path: 'routing-tests.yaml',
      text: Array.from(
        { length: 300 },
        (_, i) => `- utterance: 帮我规划 task${i * 3}\n  expect: s${String(i * 3).padStart(4, '0')}\n`,
      ).join(''),
    },
  ]
  const { context, page } = await openWorkspace(browser, files, '')
  await expect(page.getByRole('listbox', { name: 'Skills' })).toBeVisible()
  // The editor mounts when the page is idle and measures its fonts then: let it settle first.
  await page.locator('.monaco-editor .view-line').first().waitFor()
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)))
  const cdp = await context.newCDPSession(page)
  // Layouts that a script forced (reading a size or scrolling before the browser laid the page
  // out), with the script's stack: a tab's whole layout then lands in the click's task.
  const forcedByApp = async (act: () => Promise<void>) => {
    const events: { name: string; args?: { beginData?: { stackTrace?: { url: string; functionName: string }[] } } }[] = []
    cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as typeof events)))
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve))
    await cdp.send('Tracing.start', {
      categories: 'devtools.timeline,disabled-by-default-devtools.timeline.stack',
      transferMode: 'ReportEvents',
    })
    await act()
    // A few frames for the lists to measure themselves and settle.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)))
    await cdp.send('Tracing.end')
    await complete
    return events
      .filter((event) => event.name === 'Layout' || event.name === 'UpdateLayoutTree')
      .map((event) => event.args?.beginData?.stackTrace ?? [])
      .filter((stack) => stack.some((frame) => frame.url.includes('/assets/')))
      .map((stack) => stack.map((frame) => frame.functionName).join(' < '))
  }
  // Waiting by selector reads no layout (role queries check visibility, which would force one).
  expect(
    await forcedByApp(async () => {
      await page.getByRole('tab', { name: 'Problems' }).click()
      await page.locator('section[aria-label="Problems"] li').first().waitFor({ state: 'attached' })
    }),
  ).toEqual([])
  expect(
    await forcedByApp(async () => {
      await page.getByRole('tab', { name: 'Tests' }).click()
      await page.locator('table[aria-label="Test cases"] tbody tr[data-index]').first().waitFor({ state: 'attached' })
    }),
  ).toEqual([])
  // The rows still fill the box once it is laid out, and scroll.
  const cases = page.getByRole('table', { name: 'Test cases' })
  await expect(cases.getByRole('row', { name: /task0\b/ })).toBeVisible()
  await page.locator('.cases-scroll').evaluate((box) => (box.scrollTop = box.scrollHeight))
  await expect(cases.getByRole('row', { name: /task897/ })).toBeVisible()
  await context.close()
})

test('Grouped routing shows both stages: the groups’ scores, then the skill within the winning group, or all skills when no group passes', async ({
  page,
  routing,
  run,
}) => {
  await run.routingMode.selectOption('grouped')
  const groups = page.getByRole('table', { name: 'Group scores' })
  await routing.utterance.fill('相加求和 3、5、8')
  await expect(groups.getByRole('row', { selected: true })).toContainText('math')
  await expect(page.getByRole('status').filter({ hasText: 'Group math wins' })).toContainText('stage 2 picks add-calc within it')
  await expect(routing.winnerRow()).toContainText('add-calc')

  await routing.utterance.fill('北京今天天气怎么样，要带伞吗')
  await expect(groups.getByRole('row', { selected: true })).toHaveCount(0)
  await expect(page.getByRole('status').filter({ hasText: 'No group passes the threshold' })).toBeVisible()
  await expect(routing.winnerRow()).toContainText('weather')

  await run.run()
  await expect(run.step('Activation')).toContainText('Grouped routing: no group')
})
