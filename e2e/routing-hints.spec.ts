import { zh } from '../src/ui/i18n/zh'
import { expect, test, NAME } from './fixtures'

// Issue 35, item 2: routing hints offer only words a person would choose, each with the routing
// tests adding it would break, safe ones first (docs/routing.md, "What the hints suggest").

const SEED = '帮我规划并写一篇关于 AI Agent 的文章大纲'

test("the README's example: whole words only, each naming the test it would break, and no safe keyword said so", async ({
  page,
  routing,
  skills,
}) => {
  await skills.getByRole('option', { name: /plan_and_write/ }).click({ position: NAME })
  await routing.utterance.fill(SEED)
  const hints = page.getByRole('region', { name: 'Routing hints' })
  const suggestions = hints.getByRole('list', { name: 'Suggested keywords' })
  await expect(suggestions.getByRole('listitem')).toHaveCount(3)
  // The skill's own terms first (its description says 文章 and 大纲).
  await expect(suggestions.getByRole('button', { name: /^Add keyword/ })).toHaveText([
    'Add keyword “文章”',
    'Add keyword “大纲”',
    /^Add keyword/,
  ])
  // Never the old hints: a space, a lone letter, a function word.
  for (const harmful of [' ', 'A', ' A', '帮我', '一下'])
    await expect(hints.getByRole('button', { name: `Add keyword “${harmful}”`, exact: true })).toHaveCount(0)
  // The message is the seed's own test case expecting no skill: every keyword breaks it, beside the suggestion.
  for (const item of await suggestions.getByRole('listitem').all())
    await expect(item).toContainText(`would break 1 test: “${SEED}” (expects no skill)`)
  await expect(hints.getByRole('note')).toContainText('No keyword below is safe')
  await expect(hints.getByRole('note')).toContainText('description of plan_and_write')
})

test('safe keywords come first; adding one keeps every test passing', async ({ page, routing, skills, tests }) => {
  await skills.getByRole('option', { name: /plan_and_write/ }).click({ position: NAME })
  await routing.utterance.fill('文章大纲和学习计划')
  const hints = page.getByRole('region', { name: 'Routing hints' })
  const items = hints.getByRole('list', { name: 'Suggested keywords' }).getByRole('listitem')
  await expect(items).toHaveCount(2)
  await expect(items.nth(0)).toContainText('Add keyword “学习计划”')
  await expect(items.nth(0)).toContainText('breaks none of the 16 tests')
  // Not "大纲和学习": a phrase runs through no "and".
  await expect(items.nth(1)).toContainText('Add keyword “文章大纲”')
  await expect(items.nth(1)).toContainText(`would break 1 test: “${SEED}” (expects no skill)`)
  await expect(hints.getByRole('note')).toHaveCount(0)
  await items.nth(0).getByRole('button', { name: 'Add keyword “学习计划”' }).click()
  await expect(routing.winnerRow().getByRole('rowheader')).toHaveText('plan_and_write')
  await tests.open()
  await expect(tests.status).toContainText(', 0 failed')
})

test.describe('in Chinese', () => {
  test.use({ locale: 'zh-CN' })

  test('a message of function words offers none and points to the description or a test case', async ({ page }) => {
    // In the Chinese interface the accessible names are Chinese too: found from the page's own catalog.
    await page.getByRole('button', { name: zh.guide.skip }).click()
    await page
      .getByRole('listbox', { name: zh.a11y.skills })
      .getByRole('option', { name: /plan_and_write/ })
      .click({ position: NAME })
    const utterance = page.getByRole('textbox', { name: zh.utterance.label })
    await utterance.fill('请问能不能帮我一下')
    const hints = page.getByRole('region', { name: zh.a11y.routingHints })
    await expect(hints).toContainText('都无法让 plan_and_write 胜出')
    await expect(hints).toContainText('请在它的描述里写明何时使用它')
    await expect(hints.getByRole('button', { name: /^添加关键词/ })).toHaveCount(0)

    await utterance.fill(SEED)
    await expect(hints.getByRole('list', { name: zh.hints.suggestions }).getByRole('listitem').first()).toContainText(
      `会让 1 个测试失败："${SEED}"（期望 不触发技能）`,
    )
    await expect(hints.getByRole('note')).toContainText('没有安全的关键词')
  })

  test('a failing Tests row says 无得分 before the best score', async ({ page }) => {
    await page.getByRole('button', { name: zh.guide.skip }).click()
    await page.getByRole('textbox', { name: zh.utterance.label }).fill('我想了解一下 RAG 到底是什么')
    await page.getByRole('tab', { name: new RegExp(`^${zh.tabs.tests}`) }).click()
    const panel = page.getByRole('region', { name: zh.a11y.routingTests })
    const add = panel.getByRole('form', { name: zh.tests.addCase })
    await add.getByRole('button', { name: new RegExp(`^${zh.tests.expectedSkill}`) }).click()
    await add.getByRole('menuitemradio', { name: 'calculator' }).click()
    await add.getByRole('button', { name: /^添加测试语句/ }).click()
    const row = panel.getByRole('table', { name: zh.tests.cases }).getByRole('row').filter({ hasText: 'RAG 到底是什么' })
    await expect(row).toContainText(/无得分 \/ 最高 0\.\d{3}/)
  })
})
