import { expect, test as base, type Locator, type Page } from '@playwright/test'

/** The routing side of the playground, found the way a user (or a screen reader) finds it. */
export class RoutingPanel {
  readonly utterance: Locator
  readonly table: Locator
  readonly threshold: Locator

  constructor(readonly page: Page) {
    this.utterance = page.getByRole('textbox', { name: 'Test utterance' })
    this.table = page.getByRole('table', { name: 'Routing scores' })
    this.threshold = page.getByRole('spinbutton', { name: 'Threshold' })
  }

  row(skill: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: skill, exact: true }) })
  }

  /** The cell under `column` in the row of `skill`. */
  async cell(skill: string, column: 'Matched' | 'Covered' | 'Length' | 'Base' | 'Bonus' | 'Final' | 'Activated'): Promise<Locator> {
    const headers = await this.table.getByRole('columnheader').allInnerTexts()
    const index = headers.findIndex((header) => header.trim() === column)
    return this.row(skill).locator('th, td').nth(index)
  }

  winnerRow(): Locator {
    return this.table.locator('tbody tr[aria-selected="true"]')
  }
}

/** Monaco, driven through the keyboard like a person would. */
export class SkillEditor {
  readonly root: Locator

  constructor(readonly page: Page) {
    this.root = page.locator('.monaco-editor').first()
  }

  line(text: string): Locator {
    return this.root.locator('.view-line').filter({ hasText: text }).first()
  }

  /** Puts the cursor at the end of the first line containing `text`. */
  async endOfLine(text: string): Promise<void> {
    await this.line(text).click()
    await this.page.keyboard.press('End')
  }
}

export const test = base.extend<{ routing: RoutingPanel; editor: SkillEditor; skills: Locator }>({
  page: async ({ page }, use) => {
    await page.goto('/')
    await expect(page.getByRole('listbox', { name: 'Skills' })).toBeVisible()
    await use(page)
  },
  routing: async ({ page }, use) => use(new RoutingPanel(page)),
  editor: async ({ page }, use) => use(new SkillEditor(page)),
  skills: async ({ page }, use) => use(page.getByRole('listbox', { name: 'Skills' })),
})

export { expect }
