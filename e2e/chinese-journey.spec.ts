import { encodeShare } from '../src/core/share/shareCodec'
import { zh } from '../src/ui/i18n/zh'
import { expect, test } from './fixtures'

test.use({ locale: 'zh-CN' })

test('a product manager in Chinese: a skill from a template, keywords typed as chips with ，, a hint applied, a test case with a chosen skill', async ({
  page,
}) => {
  // In the Chinese interface the accessible names are Chinese too (issue 35 item 5): this journey
  // finds every control by its Chinese name, from the same catalog the page uses.
  const testsPanel = page.getByRole('region', { name: zh.a11y.routingTests })
  const testStatus = testsPanel.getByRole('status')
  const testCases = testsPanel.getByRole('table', { name: zh.tests.cases })
  const openTests = () => page.getByRole('tab', { name: new RegExp(`^${zh.tabs.tests}`) }).click()

  await test.step('the interface follows the browser language, and says so to assistive technology', async () => {
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
    await expect(page.getByRole('combobox', { name: zh.header.language })).toHaveValue('zh')
    await expect(page.getByRole('heading', { name: /^技能 \d+$/ })).toBeVisible()
    await expect(page.getByRole('dialog', { name: zh.guide.title })).toContainText('你的技能')
    await page.getByRole('button', { name: zh.guide.skip }).click()
  })

  await test.step('+ 新建 offers scenario templates; the refund one brings its routing tests, all passing', async () => {
    await page.getByRole('button', { name: zh.skills.new }).click()
    const gallery = page.getByRole('dialog', { name: zh.gallery.title })
    await gallery.getByRole('button', { name: '客服：退款政策' }).click()
    await expect(page.getByRole('heading', { name: 'refund-policy/SKILL.md' })).toBeVisible()
    await openTests()
    await expect(testStatus).toContainText('0 失败')
    await expect(testCases).toContainText('我要退款')
  })

  await test.step('keywords typed in the form with a full-width comma become separate chips', async () => {
    await page.getByRole('tab', { name: zh.form.tab, exact: true }).click()
    const form = page.getByRole('form', { name: zh.form.title })
    const keywords = form.getByRole('textbox', { name: zh.form.keywords })
    await keywords.pressSequentially('退换，')
    await keywords.pressSequentially('不想要了')
    await keywords.press('Enter')
    const chips = form.getByRole('list', { name: zh.form.keywordList })
    await expect(chips.getByRole('listitem').filter({ hasText: /^退换/ })).toHaveCount(1)
    await expect(chips.getByRole('listitem').filter({ hasText: /^不想要了/ })).toHaveCount(1)
  })

  await test.step('a routing hint, applied with one click, makes the skill win', async () => {
    await page.getByRole('textbox', { name: zh.utterance.label }).fill('这个东西质量太差我想申请售后处理')
    await page.getByRole('tab', { name: zh.tabs.routing }).click()
    const hints = page.getByRole('region', { name: zh.a11y.routingHints })
    await expect(hints).toContainText('refund-policy 的路由建议')
    await hints
      .getByRole('button', { name: /^添加关键词/ })
      .first()
      .click()
    const winner = page.getByRole('table', { name: zh.routing.title }).getByRole('row', { selected: true })
    await expect(winner.getByRole('rowheader')).toHaveText('refund-policy')
  })

  await test.step('the message becomes a test case expecting the skill picked, and the suite passes', async () => {
    await openTests()
    const add = testsPanel.getByRole('form', { name: zh.tests.addCase })
    await add.getByRole('button', { name: new RegExp(`^${zh.tests.expectedSkill}：`) }).click()
    await add.getByRole('menuitemradio', { name: 'refund-policy' }).click()
    await add.getByRole('button', { name: '添加测试语句（期望 refund-policy）' }).click()
    await expect(testCases).toContainText('这个东西质量太差我想申请售后处理')
    await expect(testStatus).toContainText('0 失败')
  })
})

test('the language can be switched, is remembered, and the guide is shown once', async ({ page }) => {
  await expect(page.getByRole('dialog', { name: zh.guide.title })).toBeVisible()
  await page.getByRole('combobox', { name: zh.header.language }).selectOption('en')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByRole('heading', { name: /^Skills \d+$/ })).toBeVisible()
  await page.getByRole('dialog', { name: 'Guide' }).getByRole('button', { name: 'Next' }).click()
  await expect(page.getByRole('dialog', { name: 'Guide' })).toContainText('Step 2 of 6')
  await page.getByRole('button', { name: 'Skip the guide' }).click()
  await page.reload()
  await expect(page.getByRole('heading', { name: /^Skills \d+$/ })).toBeVisible()
  await expect(page.getByRole('dialog', { name: 'Guide' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Help' }).click()
  await page.getByRole('menuitem', { name: 'Guide' }).click()
  await expect(page.getByRole('dialog', { name: 'Guide' })).toContainText('Step 1 of 6')
})

test('a visitor who comes through a shared link sees the draft, not the guide', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'zh-CN' })
  const page = await context.newPage()
  const link = encodeShare({ kind: 'skill', skills: [{ path: 'greeter/SKILL.md', text: '---\nname: greeter\n---\nSay hello.\n' }] })
  await page.goto('/#' + link)
  await expect(page.getByRole('region', { name: zh.a11y.sharedDraft })).toBeVisible()
  await expect(page.getByRole('dialog', { name: zh.guide.title })).toHaveCount(0)
  await context.close()
})
