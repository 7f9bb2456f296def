/**
 * Issue 35 item 5: the Chinese interface has no English left outside skill content, in what a
 * screen reader reads (accessible names) as much as in what is seen. The page is walked tab by
 * tab in Chinese; every name, alt text, tooltip and placeholder is checked against the English
 * catalog, and a scripted run's trace against the English its steps used to show.
 */
import type { Page } from '@playwright/test'
import { CORE_MESSAGES } from '../src/core/messages'
import { zh as coreZh } from '../src/core/messages/zh'
import { en } from '../src/ui/i18n/en'
import { zh } from '../src/ui/i18n/zh'
import { expect, test } from './fixtures'

test.use({ locale: 'zh-CN' })

function flatten(catalog: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const [key, value] of Object.entries(catalog)) {
    if (typeof value === 'string') out.set(prefix + key, value)
    else for (const [inner, text] of flatten(value as object, `${prefix}${key}.`)) out.set(inner, text)
  }
  return out
}

/** Each English sentence of the catalogs that Chinese says otherwise, as a pattern ({{values}} match anything). */
function englishSentences(): { key: string; pattern: RegExp }[] {
  const pairs: [object, object][] = [
    [en, zh],
    [CORE_MESSAGES.en, coreZh],
  ]
  return pairs.flatMap(([english, chinese]) => {
    const other = flatten(chinese)
    return [...flatten(english)]
      .filter(([key, text]) => other.get(key) !== text && /[A-Za-z]{3,}/.test(text.replace(/\{\{\w+\}\}/g, '')))
      .map(([key, text]) => ({
        key,
        pattern: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\\\{\w+\\\}\\\}/g, '.*')}$`, 's'),
      }))
  })
}

/** Every name and tooltip on the page now: aria-label, alt, title, placeholder, aria-description. */
async function namesOnPage(page: Page, where: string): Promise<{ where: string; name: string }[]> {
  const names = await page.evaluate(() =>
    [...document.querySelectorAll('[aria-label], [alt], [title], [placeholder], [aria-description]')].flatMap((element) =>
      ['aria-label', 'alt', 'title', 'placeholder', 'aria-description']
        .map((attribute) => element.getAttribute(attribute))
        .filter((value): value is string => !!value && value.trim() !== ''),
    ),
  )
  return names.map((name) => ({ where, name }))
}

test('in Chinese, no accessible name or tooltip is an English one, and a run’s trace has no English of the page’s own', async ({
  page,
}) => {
  const seen: { where: string; name: string }[] = []
  const english = englishSentences()

  await expect(page.getByRole('dialog', { name: zh.guide.title })).toBeVisible()
  seen.push(...(await namesOnPage(page, 'guide')))
  await page.getByRole('button', { name: zh.guide.skip }).click()

  for (const tab of ['routing', 'tests', 'evals', 'tools', 'problems'] as const) {
    await page.getByRole('tab', { name: new RegExp(`^${zh.tabs[tab]}`) }).click()
    await expect(page.getByRole('tab', { name: new RegExp(`^${zh.tabs[tab]}`) })).toHaveAttribute('aria-selected', 'true')
    seen.push(...(await namesOnPage(page, tab)))
  }

  await page.getByRole('tab', { name: zh.form.tab, exact: true }).click()
  await expect(page.getByRole('form', { name: zh.form.title })).toBeVisible()
  // A built-in tool's description in the form is shown in Chinese (the model is still sent the English one).
  await expect(page.getByRole('form', { name: zh.form.title })).toContainText(zh.toolDescriptions.calculator)
  await expect(page.getByRole('form', { name: zh.form.title })).not.toContainText(en.toolDescriptions.calculator)
  seen.push(...(await namesOnPage(page, 'form')))

  await page.getByRole('button', { name: zh.skills.new }).click()
  await expect(page.getByRole('dialog', { name: zh.gallery.title })).toBeVisible()
  seen.push(...(await namesOnPage(page, 'gallery')))
  await page.keyboard.press('Escape')

  await test.step('a scripted run: its reason, model, steps and timeline in Chinese', async () => {
    await page.getByRole('textbox', { name: zh.utterance.label }).fill('计算一下 2^20 是多少')
    await page.getByRole('tab', { name: new RegExp(`^${zh.tabs.run}`) }).click()
    await page.getByRole('button', { name: zh.run.run, exact: true }).click()
    const trace = page.getByRole('region', { name: zh.a11y.runTrace })
    await expect(trace.getByRole('listitem', { name: zh.trace.steps.final, exact: true })).toBeVisible()
    const text = await trace.innerText()
    expect(text).toContain('胜出：')
    expect(text).toContain(zh.shownLabels.scriptedOffline)
    for (const left of ['Wins:', 'threshold', 'Below the threshold', 'Scripted (offline)', 'model r1']) expect(text).not.toContain(left)
    seen.push(...(await namesOnPage(page, 'run')))
  })

  // The walk saw the page: hundreds of names, most of them Chinese.
  expect(seen.length).toBeGreaterThan(100)
  expect(seen.filter(({ name }) => /\p{Script=Han}/u.test(name)).length).toBeGreaterThan(seen.length / 3)
  const offenders = seen
    .map(({ where, name }) => ({ where, name, key: english.find(({ pattern }) => pattern.test(name))?.key }))
    .filter((found) => found.key)
  expect(offenders).toEqual([])
})

test('Monaco’s own words are Chinese in the Chinese interface (its find widget), and English in the English one', async ({ page }) => {
  await page.getByRole('button', { name: zh.guide.skip }).click()
  const monaco = page.getByRole('region', { name: zh.a11y.editor }).locator('.monaco-editor').first()
  await expect(monaco).toBeVisible({ timeout: 30_000 })
  await monaco.locator('.view-line').first().click()
  await page.keyboard.press('Control+f')
  const find = page.locator('.find-widget')
  await expect(find.getByRole('textbox', { name: '查找' })).toBeVisible()
  await expect(find.getByRole('textbox', { name: 'Find', exact: true })).toHaveCount(0)

  await page.getByRole('combobox', { name: zh.header.language }).selectOption('en')
  await page.reload()
  const english = page.getByRole('region', { name: 'Editor' }).locator('.monaco-editor').first()
  await expect(english).toBeVisible({ timeout: 30_000 })
  await english.locator('.view-line').first().click()
  await page.keyboard.press('Control+f')
  await expect(page.locator('.find-widget').getByRole('textbox', { name: 'Find', exact: true })).toBeVisible()
})
