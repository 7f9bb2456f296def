/**
 * Nothing the page says is cut off at 1024, 1280 and 1440 px, in English and Chinese (issue 35
 * defect 16): the header's tagline, the team address in the Share dialog, Monaco's quick fix menu.
 */
import type { Locator } from '@playwright/test'
import { expect, test } from './fixtures'

/** Whether the element shows all of its content: nothing hidden sideways, nothing clamped away below. */
const fits = (locator: Locator) =>
  locator.evaluate((element) => element.scrollWidth <= element.clientWidth + 1 && element.scrollHeight <= element.clientHeight + 1)

for (const locale of ['en-US', 'zh-CN']) {
  test.describe(locale, () => {
    test.use({ locale })

    test('the tagline is whole at 1440, 1280 and 1024 px', async ({ page }) => {
      const tagline = page.locator('header p').first()
      for (const width of [1440, 1280, 1024]) {
        await page.setViewportSize({ width, height: 900 })
        await expect(tagline).toBeVisible()
        expect(await fits(tagline), `the tagline at ${width} px`).toBe(true)
        await expect(tagline).toHaveAttribute('title', (await tagline.innerText()).replace(/\s+/g, ' ').trim())
      }
    })

    test('the team address field in the Share dialog has room for an address', async ({ page }) => {
      for (const width of [1280, 1024]) {
        await page.setViewportSize({ width, height: 900 })
        await page
          .locator('header')
          .getByRole('button', { name: locale === 'en-US' ? 'Share' : '分享', exact: true })
          .click()
        const address = page.getByRole('textbox', { name: locale === 'en-US' ? 'Team address' : /团队/ })
        await expect(address).toBeVisible()
        const box = await address.boundingBox()
        expect(box!.width, `the address field at ${width} px`).toBeGreaterThan(260)
        await page.keyboard.press('Escape')
      }
    })
  })
}

test.describe('in Chinese', () => {
  test.use({ locale: 'zh-CN' })

  test('the quick fix for full-width separators is shown whole in the editor’s menu', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.getByRole('option', { name: /^calculator/ }).click()
    await page.getByRole('tab', { name: 'SKILL.md', exact: true }).click()
    // The editor's region has its Chinese name here: Monaco is found by its own class.
    const monacoEditor = page.locator('.monaco-editor').first()
    await monacoEditor.locator('.view-line').filter({ hasText: '- how much is' }).first().click()
    await page.keyboard.press('End')
    await page.keyboard.press('Enter')
    await page.keyboard.type('- 退款，退货，换货')
    await page.keyboard.press('ArrowLeft')
    await expect(monacoEditor.locator('.squiggly-error')).not.toHaveCount(0)
    await page.keyboard.press('Control+.')
    const title = page.locator('.action-widget .monaco-list-row.action .title').filter({ hasText: '拆成 3 个关键词' })
    await expect(title).toBeVisible()
    expect(await fits(title)).toBe(true)
  })
})
