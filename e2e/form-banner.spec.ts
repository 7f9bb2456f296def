/**
 * The form with YAML it cannot read, and with no description (issue 35 defect 13): the banner
 * offers its way to the broken line, and an absent description counts as empty.
 */
import { expect, test } from './fixtures'

test('broken YAML: the form’s banner shows the line in SKILL.md, where the cursor waits', async ({ page, editor, skills }) => {
  await skills.getByRole('option', { name: /^calculator/ }).click()
  await page.getByRole('tab', { name: 'SKILL.md', exact: true }).click()
  // An unclosed flow list breaks the YAML: `trigger_keywords: [计算` with no `]`.
  await editor.endOfLine('name: calculator')
  await page.keyboard.press('Enter')
  await page.keyboard.type('tags: [broken')
  await page.getByRole('tab', { name: 'Form', exact: true }).click()

  const banner = page.getByRole('alert').filter({ hasText: 'The YAML does not parse' })
  await expect(banner).toBeVisible()
  await expect(banner).not.toContainText(/or:\s*$/)
  const show = banner.getByRole('button', { name: /^Show line \d+ in SKILL\.md$/ })
  const line = Number((await show.innerText()).match(/\d+/)![0])
  await show.click()
  await expect(page.getByRole('tab', { name: 'SKILL.md', exact: true })).toHaveAttribute('aria-selected', 'true')
  const textbox = page.getByRole('region', { name: 'Editor' }).getByRole('textbox', { name: 'SKILL.md editor' })
  await expect(textbox).toBeFocused()
  // Monaco marks the line number of the cursor's line.
  await expect(editor.root.locator('.line-numbers.active-line-number')).toHaveText(String(line))
})
