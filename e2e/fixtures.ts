/**
 * Page objects: every part of the playground is found here once, the way a user (or a screen
 * reader) finds it: by role and accessible name. Monaco's own DOM has no roles for its lines,
 * markers and widgets, so its class names appear in `SkillEditor` only.
 */
import { join } from 'node:path'
import { readFileSync } from 'node:fs'
import { expect, test as base, type Locator, type Page } from '@playwright/test'
import { readSkillsDir } from '../src/cli/readSkillsDir'
import { parseRoutingTests } from '../src/core/routingSuite'
import { isSkillPath } from '../src/core/skill'
import { AUTOSAVE_DELAY_MS } from '../src/core/workspace'
import { zh } from '../src/ui/i18n/zh'

const SKILLS = join(import.meta.dirname, '../skills')

/** What a first visit starts from (the repo's skills/ folder), counted rather than written down. */
export const examples = {
  skills: readSkillsDir(SKILLS).filter((file) => isSkillPath(file.path)).length,
  cases: parseRoutingTests(readFileSync(join(SKILLS, 'routing-tests.yaml'), 'utf8')).cases.length,
}

/** The routing side of the playground. */
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
    return this.row(skill).getByRole('cell').or(this.row(skill).getByRole('rowheader')).nth(index)
  }

  winnerRow(): Locator {
    return this.table.getByRole('row', { selected: true })
  }
}

/** Monaco, driven through the keyboard like a person would. */
export class SkillEditor {
  readonly root: Locator

  constructor(readonly page: Page) {
    this.root = page.getByRole('region', { name: 'Editor' }).locator('.monaco-editor').first()
  }

  line(text: string): Locator {
    return this.root.locator('.view-line').filter({ hasText: text }).first()
  }

  /** Puts the cursor at the end of the first line containing `text`. */
  async endOfLine(text: string): Promise<void> {
    await this.line(text).click()
    await this.page.keyboard.press('End')
  }

  /** Rests the pointer on `word` inside the first line containing `lineText` (Monaco draws a line as one run of text). */
  async hoverWord(lineText: string, word: string): Promise<void> {
    const line = this.line(lineText)
    const text = (await line.innerText()).replace(/\u00a0/g, ' ')
    const box = await line.locator('span').first().boundingBox()
    if (!box) throw new Error(`The line "${lineText}" is not on screen`)
    const charWidth = box.width / text.length
    // An open hover may sit over the line: move away until it closes.
    await this.page.mouse.move(0, 0)
    await expect(this.page.locator('.monaco-hover').filter({ visible: true })).toHaveCount(0)
    await line.hover({ position: { x: (text.indexOf(word) + word.length / 2) * charWidth, y: box.height / 2 } })
  }

  errorMarker(): Locator {
    return this.root.locator('.squiggly-error').first()
  }

  suggestions(): Locator {
    return this.page.locator('.suggest-widget')
  }

  hover(text: string): Locator {
    return this.page.locator('.monaco-hover').filter({ hasText: text }).first()
  }

  /** Opens the quick fixes at the cursor (Ctrl+.) and applies the one titled `title`. */
  async quickFix(title: string): Promise<void> {
    await this.page.keyboard.press('Control+.')
    await this.page.locator('.action-widget').getByText(title).click()
  }

  /** A line of a Monaco diff inside `container`. */
  diffLine(container: Locator, text: string): Locator {
    return container.locator('.view-line').filter({ hasText: text })
  }

  diffInsertions(container: Locator): Locator {
    return container.locator('.char-insert, .line-insert')
  }
}

/** The Run tab: run controls and the trace. */
export class RunView {
  readonly trace: Locator
  readonly runButton: Locator
  readonly routingMode: Locator
  readonly toolCalls: Locator
  readonly model: Locator

  constructor(readonly page: Page) {
    this.trace = page.getByRole('region', { name: 'Run trace' })
    this.runButton = page.getByRole('button', { name: 'Run', exact: true })
    this.routingMode = page.getByRole('combobox', { name: 'Routing mode' })
    this.toolCalls = page.getByRole('combobox', { name: 'Tool calls' })
    this.model = page.getByRole('combobox', { name: 'Model' })
  }

  async open(): Promise<void> {
    await this.page.getByRole('tab', { name: 'Run' }).click()
  }

  async run(): Promise<void> {
    await this.runButton.click()
  }

  /** A step of the trace: 'Activation', 'Round', 'Model reply', 'Tool call', 'Final answer', 'Stopped', 'Streaming reply', 'User turn'. */
  step(
    name:
      | 'Activation'
      | 'Round'
      | 'Model reply'
      | 'Tool call'
      | 'Final answer'
      | 'Stopped'
      | 'Streaming reply'
      | 'User turn'
      | 'Execute skill code'
      | 'Fallback skill',
  ): Locator {
    return this.trace.getByRole('listitem', { name, exact: true })
  }

  summary(): Locator {
    return this.trace.getByRole('group', { name: 'Run summary' })
  }
}

/** The Tests tab: the routing suite and the trigger comparison. */
export class TestsView {
  readonly panel: Locator
  readonly status: Locator
  readonly cases: Locator
  readonly confusion: Locator
  readonly sweep: Locator
  readonly comparison: Locator

  constructor(readonly page: Page) {
    this.panel = page.getByRole('region', { name: 'Routing tests' })
    this.status = this.panel.getByRole('status')
    this.cases = this.panel.getByRole('table', { name: 'Test cases' })
    this.confusion = this.panel.getByRole('region', { name: 'Confusion' })
    this.sweep = this.panel.getByRole('img', { name: /Threshold sweep/ })
    this.comparison = page.getByRole('region', { name: 'Trigger comparison' })
  }

  async open(): Promise<void> {
    await this.page.getByRole('tab', { name: /Tests/ }).click()
  }

  caseRows(): Locator {
    return this.cases.getByRole('row').filter({ has: this.page.getByRole('cell') })
  }

  comparisonRows(): Locator {
    return this.comparison
      .getByRole('table', { name: 'Mode comparison' })
      .getByRole('row')
      .filter({ has: this.page.getByRole('cell') })
  }
}

/** The Share dialog. */
export class ShareDialog {
  readonly dialog: Locator
  readonly link: Locator

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Share' })
    this.link = this.dialog.getByRole('textbox', { name: 'Link' })
  }

  async open(): Promise<void> {
    await this.page.getByRole('button', { name: 'Share' }).click()
    await expect(this.dialog).toBeVisible()
  }
}

/** The Tools tab. */
export class ToolsView {
  readonly panel: Locator

  constructor(readonly page: Page) {
    this.panel = page.getByRole('region', { name: 'Tools' })
  }

  async open(): Promise<void> {
    await this.page.getByRole('tab', { name: 'Tools' }).click()
  }

  cards(): Locator {
    return this.panel.getByRole('group')
  }

  card(tool: string): Locator {
    return this.panel.getByRole('group', { name: tool, exact: true })
  }

  schema(tool: string): Locator {
    return this.panel.getByLabel(`JSON Schema of ${tool}`)
  }

  mocks(tool: string): Locator {
    return this.panel.getByRole('textbox', { name: `Mock responses for ${tool}` })
  }
}

/** The catalog budget view beside the token meter: a client's skill listing, what it cuts, and its editable numbers. */
export class CatalogBudgetView {
  readonly toggle: Locator
  readonly region: Locator
  readonly client: Locator
  readonly summary: Locator
  readonly table: Locator

  constructor(readonly page: Page) {
    this.toggle = page.getByRole('button', { name: 'Catalog budget' })
    this.region = page.getByRole('region', { name: 'Catalog budget' })
    this.client = this.region.getByRole('combobox', { name: 'Client' })
    this.summary = this.region.getByRole('status', { name: 'Catalog budget summary' })
    this.table = this.region.getByRole('table', { name: 'Catalog layout' })
  }

  /** The "In the listing" cell of `skill`'s row (whole, shortened, name only, left out). */
  kept(skill: string): Locator {
    return this.table
      .getByRole('row')
      .filter({ has: this.page.getByRole('cell', { name: skill, exact: true }) })
      .getByRole('cell')
      .nth(1)
  }

  number(name: string): Locator {
    return this.region.getByRole('spinbutton', { name })
  }
}

export const test = base.extend<{
  routing: RoutingPanel
  editor: SkillEditor
  skills: Locator
  run: RunView
  tests: TestsView
  share: ShareDialog
  tools: ToolsView
}>({
  page: async ({ page }, use) => {
    await page.goto('/')
    // The skill list in either interface language (a spec may run with a Chinese locale).
    await expect(page.getByRole('listbox', { name: 'Skills' }).or(page.getByRole('listbox', { name: zh.a11y.skills }))).toBeVisible()
    await use(page)
  },
  routing: async ({ page }, use) => use(new RoutingPanel(page)),
  editor: async ({ page }, use) => use(new SkillEditor(page)),
  skills: async ({ page }, use) => use(page.getByRole('listbox', { name: 'Skills' })),
  run: async ({ page }, use) => use(new RunView(page)),
  tests: async ({ page }, use) => use(new TestsView(page)),
  share: async ({ page }, use) => use(new ShareDialog(page)),
  tools: async ({ page }, use) => use(new ToolsView(page)),
})

export { expect }

/**
 * Holds the page's frames from now on: the editor's typed keys then stay in the editor (they reach
 * the store after the next frame) until something writes them at once.
 */
export async function holdFrames(page: Page): Promise<void> {
  await page.evaluate(() => (window.requestAnimationFrame = () => 0))
}

/**
 * Holds this page's autosave (its AUTOSAVE_DELAY_MS timer) until `release`, so another tab's save surely
 * lands first, however slowly a busy machine runs either tab. `release` fires what the page has
 * not cancelled meanwhile, as the timer would have.
 */
export async function holdAutosave(page: Page): Promise<{ release: () => Promise<void> }> {
  await page.evaluate((autosaveDelay) => {
    const held = new Map<number, () => void>()
    let nextId = 1e9
    const setTimeout = window.setTimeout.bind(window)
    const clearTimeout = window.clearTimeout.bind(window)
    window.setTimeout = ((handler: TimerHandler, delay?: number, ...rest: unknown[]) => {
      if (delay !== autosaveDelay || typeof handler !== 'function') return setTimeout(handler, delay, ...rest)
      const id = nextId++
      held.set(id, () => (handler as (...args: unknown[]) => void)(...rest))
      return id
    }) as typeof window.setTimeout
    window.clearTimeout = ((id?: number) => {
      if (id === undefined || !held.delete(id)) clearTimeout(id)
    }) as typeof window.clearTimeout
    Object.assign(window, {
      releaseAutosave: () => {
        for (const [id, run] of held) {
          held.delete(id)
          run()
        }
      },
    })
  }, AUTOSAVE_DELAY_MS)
  return { release: () => page.evaluate(() => (window as unknown as { releaseAutosave: () => void }).releaseAutosave()) }
}

/** How long a page may take to answer before it counts as frozen. */
const FROZEN_MS = 10_000

/**
 * Watches the page's main thread from inside the page: `longestStall()` is the longest time since the
 * watch began that the page ran none of its timers (a chain of 10 ms ones). Timing a round trip from
 * the test instead also counts the test runner's own delays, which on a loaded two-core machine
 * looked like long stalls with the page idle. A page frozen by an endless loop does not answer at all; that
 * comes back as Infinity.
 */
export async function watchMainThread(page: Page): Promise<{ longestStall: () => Promise<number> }> {
  await page.evaluate(() => {
    const installed = (window as unknown as { mainThreadWatch?: { reset: () => void } }).mainThreadWatch
    // One chain of timers per page: a second watch starts the count again.
    if (installed) return installed.reset()
    let last = performance.now()
    let longest = 0
    const stall = () => Math.max(longest, performance.now() - last)
    const tick = () => {
      longest = stall()
      last = performance.now()
      setTimeout(tick, 10)
    }
    setTimeout(tick, 10)
    const reset = () => {
      last = performance.now()
      longest = 0
    }
    Object.assign(window, { mainThreadWatch: { longest: stall, reset } })
  })
  return {
    longestStall: async () => {
      let timer: ReturnType<typeof setTimeout> | undefined
      const frozen = new Promise<number>((resolve) => (timer = setTimeout(() => resolve(Infinity), FROZEN_MS)))
      const answer = page.evaluate(() => (window as unknown as { mainThreadWatch: { longest: () => number } }).mainThreadWatch.longest())
      try {
        return await Promise.race([answer, frozen])
      } finally {
        clearTimeout(timer)
      }
    },
  }
}

/**
 * Waits until the page has loaded what it loads on its own once typing pauses (the editor, whose
 * first start is a few long tasks) and its main thread has been quiet for a moment, so that a stall
 * measured next belongs to what the test does, not to that loading.
 */
export async function settled(page: Page): Promise<void> {
  await expect(new SkillEditor(page).root).toBeVisible()
  await expect
    .poll(
      async () => {
        const watch = await watchMainThread(page)
        await page.waitForTimeout(300)
        return watch.longestStall()
      },
      { timeout: 20_000 },
    )
    .toBeLessThan(150)
}

/**
 * Where to click a skill in the list: on its name. The selected skill's item also holds its
 * actions (Rename, Duplicate, Add code, Delete), which the middle of the item may fall on.
 */
export const NAME = { x: 12, y: 10 }
