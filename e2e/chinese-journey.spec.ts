import { encodeShare } from '../src/core/share/shareCodec'
import { expect, test } from './fixtures'

test.use({ locale: 'zh-CN' })

test('a product manager in Chinese: a skill from a template, keywords typed as chips with ，, a hint applied, a test case with a chosen skill', async ({
  page,
  routing,
  tests,
}) => {
  await test.step('the interface follows the browser language, and says so to assistive technology', async () => {
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
    await expect(page.getByRole('combobox', { name: 'Language' })).toHaveValue('zh')
    await expect(page.getByRole('heading', { name: /^技能 \d+$/ })).toBeVisible()
    await expect(page.getByRole('dialog', { name: 'Guide' })).toContainText('你的技能')
    await page.getByRole('button', { name: 'Skip the guide' }).click()
  })

  await test.step('+ 新建 offers scenario templates; the refund one brings its routing tests, all passing', async () => {
    await page.getByRole('button', { name: '+ New' }).click()
    const gallery = page.getByRole('dialog', { name: 'New skill' })
    await expect(gallery).toContainText('客服：退款政策')
    await gallery.getByRole('button', { name: 'Customer service: refund policy' }).click()
    await expect(page.getByRole('heading', { name: 'refund-policy/SKILL.md' })).toBeVisible()
    await tests.open()
    await expect(tests.status).toContainText('0 失败')
    await expect(tests.cases).toContainText('我要退款')
  })

  await test.step('keywords typed in the form with a full-width comma become separate chips', async () => {
    await page.getByRole('tab', { name: 'Form', exact: true }).click()
    const form = page.getByRole('form', { name: 'Skill form' })
    const keywords = form.getByRole('textbox', { name: 'Trigger keywords' })
    await keywords.pressSequentially('退换，')
    await keywords.pressSequentially('不想要了')
    await keywords.press('Enter')
    const chips = form.getByRole('list', { name: 'Keywords' })
    await expect(chips.getByRole('listitem').filter({ hasText: /^退换/ })).toHaveCount(1)
    await expect(chips.getByRole('listitem').filter({ hasText: /^不想要了/ })).toHaveCount(1)
  })

  await test.step('a routing hint, applied with one click, makes the skill win', async () => {
    await routing.utterance.fill('这个东西质量太差我想申请售后处理')
    await page.getByRole('tab', { name: 'Routing' }).click()
    const hints = page.getByRole('region', { name: 'Routing hints' })
    await expect(hints).toContainText('refund-policy 的路由建议')
    await hints
      .getByRole('button', { name: /^Add keyword/ })
      .first()
      .click()
    await expect(routing.winnerRow().getByRole('rowheader')).toHaveText('refund-policy')
  })

  await test.step('the message becomes a test case expecting the skill picked, and the suite passes', async () => {
    await tests.open()
    const add = tests.panel.getByRole('form', { name: 'Add a test case' })
    await add.getByRole('button', { name: /^Expected skill:/ }).click()
    await add.getByRole('menuitemradio', { name: 'refund-policy' }).click()
    await add.getByRole('button', { name: /Add the test utterance \(expect refund-policy\)/ }).click()
    await expect(tests.cases).toContainText('这个东西质量太差我想申请售后处理')
    await expect(tests.status).toContainText('0 失败')
  })
})

test('the language can be switched, is remembered, and the guide is shown once', async ({ page }) => {
  await expect(page.getByRole('dialog', { name: 'Guide' })).toBeVisible()
  await page.getByRole('combobox', { name: 'Language' }).selectOption('en')
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
  const context = await browser.newContext()
  const page = await context.newPage()
  const link = encodeShare({ kind: 'skill', skills: [{ path: 'greeter/SKILL.md', text: '---\nname: greeter\n---\nSay hello.\n' }] })
  await page.goto('/#' + link)
  await expect(page.getByRole('region', { name: 'Shared draft' })).toBeVisible()
  await expect(page.getByRole('dialog', { name: 'Guide' })).toHaveCount(0)
  await context.close()
})
