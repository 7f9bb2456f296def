import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Download, Page } from '@playwright/test'
import { encodeShare } from '../src/core/share/shareCodec'
import { unzipWorkspace } from '../src/core/share/workspaceArchive'
import { strToU8, zipSync } from 'fflate'
import { examples, expect, holdAutosave, holdFrames, settled, SkillEditor, test, NAME } from './fixtures'

async function downloaded(page: Page, action: () => Promise<void>): Promise<Buffer> {
  const waiting = page.waitForEvent('download')
  await action()
  const file: Download = await waiting
  return readFile(await file.path())
}

async function newSkill(page: Page, name: string, body: string) {
  await page.getByRole('button', { name: '+ New' }).click()
  await page.getByRole('dialog', { name: 'New skill' }).getByRole('button', { name: 'Blank skill' }).click()
  const skills = page.getByRole('listbox', { name: 'Skills' })
  await skills
    .getByRole('option', { name: /new_skill/ })
    .getByRole('button', { name: 'Rename' })
    .click()
  await page.getByRole('textbox', { name: 'New skill name' }).fill(name)
  await page.getByRole('textbox', { name: 'New skill name' }).press('Enter')
  await new SkillEditor(page).endOfLine('Write the system prompt')
  await page.keyboard.type(body)
}

const exportSkill = (page: Page) =>
  downloaded(page, async () => {
    await page.getByRole('button', { name: 'Export' }).click()
    await page.getByRole('menuitem', { name: "This skill's SKILL.md" }).click()
  })

test('a shared skill opens in a fresh browser as an identical draft, and nothing runs', async ({ page, browser, share }) => {
  await newSkill(page, 'translator', ' Translate 中文 ↔ English 🚀.')
  const original = await exportSkill(page)
  expect(original.toString()).toContain('Translate 中文 ↔ English 🚀.')

  await share.open()
  const link = await share.link.inputValue()
  expect(link).toMatch(/#s1\./)
  await expect(share.dialog).toContainText(`${link.length.toLocaleString('en')} characters`)

  const other = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  const fresh = await other.newPage()
  const requests: string[] = []
  fresh.on('request', (request) => requests.push(new URL(request.url()).pathname))
  await fresh.goto(link)
  const banner = fresh.getByRole('region', { name: 'Shared draft' })
  await expect(banner).toContainText('Opened from a shared link: 1 skill')
  await expect(fresh.getByRole('listbox', { name: 'Skills' }).getByRole('option')).toHaveCount(examples.skills + 1)
  await expect(fresh.getByRole('option', { name: /translator/ })).toContainText('shared')
  expect(fresh.url()).not.toContain('#s1.')
  expect((await exportSkill(fresh)).equals(original)).toBe(true)
  expect(requests.filter((path) => path.startsWith('/v1/'))).toEqual([])

  await banner.getByRole('button', { name: 'Keep' }).click()
  await expect(banner).toHaveCount(0)
  await new SkillEditor(fresh).endOfLine('Translate')
  await fresh.keyboard.type(' Edited.')
  await expect(fresh.getByRole('option', { name: /translator/ })).toContainText('changed since shared')
  await other.close()
})

test('Discard removes the shared draft and restores the test utterance', async ({ page, routing }) => {
  await routing.utterance.fill('my own utterance')
  const link = encodeShare({
    kind: 'workspace',
    skills: [{ path: 'calculator/SKILL.md', text: '---\nname: calculator\n---\nShared calc\n' }],
    utterance: 'shared utterance',
  })
  await page.goto('/#' + link)
  await expect(page.getByRole('region', { name: 'Shared draft' })).toContainText('calculator/SKILL.md → calculator-shared/SKILL.md')
  await expect(routing.utterance).toHaveValue('shared utterance')
  await expect(page.getByRole('option', { name: /calculator-shared/ })).toBeVisible()
  await page.getByRole('button', { name: 'Discard' }).click()
  await expect(page.getByRole('option', { name: /calculator-shared/ })).toHaveCount(0)
  await expect(routing.utterance).toHaveValue('my own utterance')
  await expect(page.getByRole('listbox', { name: 'Skills' }).getByRole('option')).toHaveCount(examples.skills)
})

// Issue 35 defect 10, after review: a one-skill link's tests follow its skill when it is renamed on
// arrival, and one case of the same name that differs no longer sends them all beside evals.yaml.
test('a link’s eval cases join yours, naming its renamed skill; one that differs from yours of the same name keeps yours and is named', async ({
  page,
}) => {
  const cases = page.getByRole('region', { name: 'Evals' }).getByRole('region', { name: 'Eval cases' })
  await page.getByRole('tab', { name: 'Evals' }).click()
  await expect(cases).toContainText('11 cases in evals.yaml')
  const evals = `cases:
  - name: calculator computes a power exactly
    utterance: 计算一下 3^3
    expect:
      skill: calculator
  - name: calculator multiplies
    utterance: 计算一下 6*7
    expect:
      skill: calculator
`
  const link = encodeShare({
    kind: 'skill',
    skills: [
      { path: 'calculator/SKILL.md', text: '---\nname: calculator\ndescription: Alice’s calculator.\n---\nShared calc\n' },
      { path: 'evals.yaml', text: evals },
    ],
  })
  await page.goto('/#' + link)
  const banner = page.getByRole('region', { name: 'Shared draft' })
  await expect(banner).toContainText('calculator/SKILL.md → calculator-shared/SKILL.md')
  await expect(banner).toContainText(
    'Kept yours: the link’s eval case calculator computes a power exactly differs from yours of the same name.',
  )
  await page.getByRole('tab', { name: 'Evals' }).click()
  await expect(cases).toContainText('12 cases in evals.yaml')
  await expect(cases.getByText('calculator multiplies', { exact: true })).toBeVisible()
  await banner.getByRole('button', { name: 'Discard' }).click()
  await expect(cases).toContainText('11 cases in evals.yaml')
})

test('hostile links: nothing executes and no request leaves the page', async ({ page }) => {
  const body = [
    '# Hello',
    '<script>window.__pwned = "script"</script>',
    '<img src="x" onerror="window.__pwned = \'img\'">',
    '<svg onload="window.__pwned = \'svg\'"></svg>',
    '[click me](javascript:window.__pwned="link")',
    '![tracker](http://127.0.0.1:4399/beacon.png?secret=1)',
  ].join('\n\n')
  const link = encodeShare({
    kind: 'workspace',
    skills: [
      { path: 'evil/SKILL.md', text: `---\nname: evil\ntrigger_keywords: [hello]\n---\n${body}\n` },
      { path: 'evil-js/SKILL.md', text: '---js\n(window.__pwned = "frontmatter", { name: "evil-js" })\n---\nbody\n' },
    ],
    utterance: 'hello',
  })
  const outside: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (
      url.port !== new URL(page.url() || 'http://127.0.0.1:4317').port ||
      url.pathname.startsWith('/v1/') ||
      url.pathname.includes('beacon')
    )
      outside.push(request.url())
  })
  await page.goto('/#' + link)
  await expect(page.getByRole('region', { name: 'Shared draft' })).toContainText('2 skills')
  await page.getByRole('option', { name: /evil\/SKILL\.md/ }).click({ position: NAME })
  await page.getByRole('button', { name: 'Preview' }).click()
  const preview = page.getByRole('article', { name: 'Preview' })
  await expect(preview.getByRole('heading', { name: 'Hello' })).toBeVisible()
  await expect(preview).toContainText('[image not loaded: tracker]')
  await preview.getByText('click me').click()
  await page.getByRole('option', { name: /evil-js/ }).click({ position: NAME })
  // Everything has rendered (the preview, the marker on the ---js skill): now nothing may have run.
  await expect(page.getByRole('option', { name: /evil-js/ })).toContainText('1 ✕')
  expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined()
  expect(await preview.locator('script, svg, img, iframe').count()).toBe(0)
  expect(outside).toEqual([])
  await expect(page.getByRole('tab', { name: 'Run' })).toHaveAttribute('aria-selected', 'false')
})

test('a truncated link gives one clear message and leaves local skills untouched', async ({ page }) => {
  const link = encodeShare({ kind: 'skill', skills: [{ path: 'x/SKILL.md', text: '---\nname: x\n---\n' + 'body '.repeat(200) }] })
  await page.goto('/#' + link.slice(0, link.length - 15))
  // One message, and only one (Monaco's own live regions are alerts too, so the name tells ours apart).
  const alert = page.getByRole('alert', { name: 'Link could not be opened' })
  await expect(alert).toHaveCount(1)
  await expect(alert).toContainText('truncated')
  await expect(alert).toContainText('Your own skills are unchanged')
  await expect(page.getByRole('listbox', { name: 'Skills' }).getByRole('option')).toHaveCount(examples.skills)
  await expect(page.getByRole('region', { name: 'Shared draft' })).toHaveCount(0)
})

test('an edit survives a reload at once', async ({ page, editor }) => {
  await page.getByRole('option', { name: /calculator/ }).click({ position: NAME })
  await editor.endOfLine('name: calculator')
  await page.keyboard.type('_v2')
  await page.reload()
  await page.getByRole('option', { name: /calculator_v2/ }).click({ position: NAME })
  await expect(editor.line('name: calculator_v2')).toBeVisible()
})

test('keys not yet in the store are written when the editor is left, or when the page goes away', async ({ page, editor }) => {
  // Keys reach the rest of the page after the frame that shows them. With frames held, only leaving
  // the editor or the page can write them.
  await page.getByRole('option', { name: /calculator/ }).click({ position: NAME })
  await editor.endOfLine('name: calculator')
  await holdFrames(page)
  await page.keyboard.type('_v2')
  await expect(page.getByRole('option', { name: /calculator_v2/ })).toHaveCount(0)
  await page.getByRole('textbox', { name: 'Test utterance' }).click()
  await expect(page.getByRole('option', { name: /calculator_v2/ })).toBeVisible()

  await page.reload()
  await page.getByRole('option', { name: /calculator_v2/ }).click({ position: NAME })
  await editor.endOfLine('name: calculator_v2')
  await holdFrames(page)
  await page.keyboard.type('_v3')
  await page.reload()
  await expect(page.getByRole('option', { name: /calculator_v2_v3/ })).toBeVisible()
})

test('export the workspace as a zip and import it into a fresh browser: the same workspace', async ({ page, browser }) => {
  await newSkill(page, 'exported_one', ' Exported.')
  const zip = await downloaded(page, async () => {
    await page.getByRole('button', { name: 'Export' }).click()
    await page.getByRole('menuitem', { name: 'Workspace (.zip)' }).click()
  })
  const mine = unzipWorkspace(new Uint8Array(zip))
  if (!mine.ok) throw new Error(mine.error.key)
  expect(mine.archive.files.map((file) => file.path)).toContain('exported_one/SKILL.md')

  const other = await browser.newContext()
  const fresh = await other.newPage()
  await fresh.goto('/')
  await fresh.getByLabel('Import files').setInputFiles({ name: 'workspace.zip', mimeType: 'application/zip', buffer: zip })
  const clash = fresh.getByRole('dialog', { name: 'Name clash' })
  await expect(clash).toBeVisible()
  // Every example file clashes: five are named, with the count of the rest, and the choices are explained.
  await expect(clash).toContainText(/same path as yours: (?:[^,]+, ){4}[^,]+ and \d+ more\./)
  await expect(clash).toContainText('the routing tests are merged case by case')
  await fresh.getByRole('button', { name: 'Replace mine' }).click()
  await expect(fresh.getByRole('status').filter({ hasText: 'Imported' })).toContainText('replaced')
  const again = await downloaded(fresh, async () => {
    await fresh.getByRole('button', { name: 'Export' }).click()
    await fresh.getByRole('menuitem', { name: 'Workspace (.zip)' }).click()
  })
  const theirs = unzipWorkspace(new Uint8Array(again))
  if (!theirs.ok) throw new Error(theirs.error.key)
  const sorted = (files: { path: string; text: string }[]) => [...files].sort((a, b) => a.path.localeCompare(b.path))
  expect(sorted(theirs.archive.files)).toEqual(sorted(mine.archive.files))
  await other.close()
})

test('versions: save with a label, diff against the current text, restore', async ({ page, editor }) => {
  await page.getByRole('option', { name: /calculator/ }).click({ position: NAME })
  await page.getByRole('button', { name: 'Save version' }).click()
  await page.getByRole('textbox', { name: 'Version label' }).fill('before edits')
  await page.getByRole('textbox', { name: 'Version label' }).press('Enter')
  await editor.endOfLine('max_rounds: 3')
  await page.keyboard.press('Backspace')
  await page.keyboard.type('9')

  await page.getByRole('button', { name: 'Versions (1)' }).click()
  const dialog = page.getByRole('dialog', { name: 'Versions' })
  await expect(dialog).toContainText('before edits')
  await dialog.getByRole('button', { name: 'Diff with current' }).click()
  const diff = dialog.getByRole('region', { name: 'Diff' })
  await expect(editor.diffLine(diff, 'max_rounds: 9')).toBeVisible()
  await expect(editor.diffInsertions(diff).first()).toBeAttached()

  await dialog.getByRole('button', { name: 'Restore' }).first().click()
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(editor.line('max_rounds: 3')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Versions (2)' })).toBeVisible()
})

test('two tabs on one workspace: the idle tab takes in the other tab’s save', async ({ context, routing }) => {
  const second = await context.newPage()
  await second.goto('/')
  await expect(second.getByRole('listbox', { name: 'Skills' })).toBeVisible()
  await routing.utterance.fill('changed in the first tab')
  // The notice comes with the change and goes after a few seconds: looked for first.
  await expect(second.getByRole('status').filter({ hasText: 'another tab' })).toBeVisible()
  await expect(second.getByRole('textbox', { name: 'Test utterance' })).toHaveValue('changed in the first tab')
})

test('full storage is a visible warning with a way to export, not a silent loss', async ({ browser }) => {
  const context = await browser.newContext()
  await context.addInitScript(() => {
    const full = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    }
    IDBObjectStore.prototype.put = full
    Storage.prototype.setItem = full
  })
  const page = await context.newPage()
  await page.goto('/')
  await page.getByRole('textbox', { name: 'Test utterance' }).fill('an edit that cannot be saved')
  const alert = page.getByRole('alert').filter({ hasText: 'storage is full' })
  await expect(alert).toBeVisible()
  const download = page.waitForEvent('download')
  await alert.getByRole('button', { name: 'Export workspace' }).click()
  expect((await download).suggestedFilename()).toBe('skill-playground-workspace.zip')
  await context.close()
})

test('dropping a SKILL.md file on the page imports it', async ({ page }) => {
  const transfer = await page.evaluateHandle(() => {
    const data = new DataTransfer()
    data.items.add(
      new File(['---\nname: dropped\ntrigger_keywords: [dropped]\n---\nDropped in.\n'], 'dropped.md', { type: 'text/markdown' }),
    )
    return data
  })
  await page.dispatchEvent('main', 'dragover', { dataTransfer: transfer })
  await page.dispatchEvent('main', 'drop', { dataTransfer: transfer })
  await expect(page.getByRole('option', { name: /dropped/ })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Imported 1 skill' })).toBeVisible()
})

test('a save from a newer version is kept aside, offered as a download, and never overwritten', async ({ browser }) => {
  const context = await browser.newContext()
  const newer = {
    snapshot: { v: 99, files: [{ path: 'future/SKILL.md', text: 'from the future' }], hologram: true },
    tab: 'future',
    revision: 7,
  }
  await context.addInitScript((record) => {
    if (sessionStorage.getItem('seeded')) return
    sessionStorage.setItem('seeded', '1')
    localStorage.setItem('skill-playground:workspace:v1', JSON.stringify(record))
  }, newer)
  const page = await context.newPage()
  await page.goto('/')
  const alert = page.getByRole('alert').filter({ hasText: 'newer Skill Playground' })
  await expect(alert).toContainText('kept aside unchanged')
  await expect(page.getByRole('listbox', { name: 'Skills' }).getByRole('option')).toHaveCount(examples.skills)

  const download = page.waitForEvent('download')
  await alert.getByRole('button', { name: 'Download the unreadable save' }).click()
  const file = await download
  expect(JSON.parse(await readFile(await file.path(), 'utf8'))).toEqual(newer)

  // Editing here saves this workspace; the newer record stays where it was put aside.
  await page.getByRole('textbox', { name: 'Test utterance' }).fill('edited after the warning')
  await page.reload()
  await expect(page.getByRole('textbox', { name: 'Test utterance' })).toHaveValue('edited after the warning')
  expect(await page.evaluate(() => localStorage.getItem('skill-playground:workspace:v1:unreadable'))).toBe(JSON.stringify(newer))
  await context.close()
})

test('a saved run the page cannot show fails in its own view, with a way back; the rest keeps working', async ({ browser }) => {
  const context = await browser.newContext()
  await context.addInitScript(() => {
    if (sessionStorage.getItem('seeded')) return
    sessionStorage.setItem('seeded', '1')
    const snapshot = {
      v: 1,
      files: [{ path: 'calc/SKILL.md', text: '---\nname: calc\ntrigger_keywords: [计算]\n---\nCompute.\n' }],
      runs: [{ id: 'r1', utterance: 'x', events: [{ type: 'activation', at: 0 }] }],
    }
    localStorage.setItem('skill-playground:workspace:v1', JSON.stringify({ snapshot, tab: 'old', revision: 5 }))
  })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto('/')
  await expect(page.getByRole('listbox', { name: 'Skills' }).getByRole('option')).toHaveCount(1)
  await page.getByRole('tab', { name: 'Run' }).click()
  const failed = page.getByRole('alert', { name: 'The Run view could not be shown; the rest of the page still works.' })
  await expect(failed).toBeVisible()
  await page.getByRole('textbox', { name: 'Test utterance' }).fill('计算')
  await expect(page.getByRole('listbox', { name: 'Skills' }).getByRole('option', { name: /calc/ })).toContainText('wins')
  await failed.getByRole('button', { name: 'Reset this view' }).click()
  await expect(page.getByRole('region', { name: 'Run trace' })).toContainText('Press Run')
  await context.close()
})

test('a folder import never lets two skills that map to one path overwrite each other', async ({ page, skills }) => {
  const root = join(mkdtempSync(join(tmpdir(), 'folder-import-')), 'proj')
  for (const [folder, body] of [
    ['skills/dup', 'The current one.'],
    ['old/skills/dup', 'The old one.'],
  ] as const) {
    mkdirSync(join(root, folder), { recursive: true })
    writeFileSync(join(root, folder, 'SKILL.md'), `---\nname: dup\ntrigger_keywords: [dup]\n---\n${body}\n`)
  }
  await page.getByLabel('Import folder files').setInputFiles(root)
  // Both arrive, at two paths (the second keeps more of its folder); the duplicate name is then a lint error to see.
  const both = skills.getByRole('option', { name: /dup\/SKILL\.md/ })
  await expect(both).toHaveCount(2)
  const paths = await both.evaluateAll((items) => items.map((item) => item.getAttribute('data-path')))
  expect(new Set(paths).size).toBe(2)
})

test('two tabs editing at once: the tab with unsaved changes asks and holds its saves, so neither edit is lost', async ({
  context,
  routing,
}) => {
  const second = await context.newPage()
  await second.goto('/')
  const secondUtterance = second.getByRole('textbox', { name: 'Test utterance' })
  await expect(second.getByRole('listbox', { name: 'Skills' })).toBeVisible()
  // The second tab has an edit waiting for its save when the first tab's save arrives.
  const held = await holdAutosave(second)
  await secondUtterance.fill('typed in the second tab')
  await routing.utterance.fill('typed in the first tab')
  const conflict = second.getByRole('alert').filter({ hasText: 'another tab' })
  await expect(conflict).toBeVisible()
  // The second tab cancelled its waiting save: once that save's time has come, the question is
  // still open and the first tab still has its own text (nothing overwrote it).
  await held.release()
  await second.waitForTimeout(1000)
  await expect(conflict).toBeVisible()
  await expect(routing.utterance).toHaveValue('typed in the first tab')
  await expect(secondUtterance).toHaveValue('typed in the second tab')
  // The status says saving is paused, and Ctrl+S does not answer the question behind the user's back.
  await expect(second.getByRole('status', { name: 'Autosave' })).toHaveText('Saving paused')
  await second.keyboard.press('Control+s')
  await second.waitForTimeout(500)
  await expect(conflict).toBeVisible()
  await expect(routing.utterance).toHaveValue('typed in the first tab')
  // Closing the tab while its edits are held asks first.
  const asked = new Promise<string>((resolve) =>
    second.once('dialog', (dialog) => void dialog.dismiss().then(() => resolve(dialog.type()))),
  )
  await second.close({ runBeforeUnload: true })
  expect(await asked).toBe('beforeunload')
  await expect(conflict).toBeVisible()
  await second.getByRole('button', { name: 'Keep mine' }).click()
  await expect(conflict).toBeHidden()
  await expect(routing.utterance).toHaveValue('typed in the second tab')
})

test('keys typed and taken back before the next frame leave the skill as it was', async ({ page, editor }) => {
  await page.getByRole('option', { name: /calculator/ }).click({ position: NAME })
  await editor.endOfLine('name: calculator')
  await holdFrames(page)
  await page.keyboard.type('_v2')
  for (let i = 0; i < 3; i++) await page.keyboard.press('Backspace')
  await page.getByRole('textbox', { name: 'Test utterance' }).click()
  await page.waitForTimeout(300)
  await expect(page.getByRole('option', { name: /calculator_/ })).toHaveCount(0)
  await expect(page.getByRole('option', { name: /calculator/ })).toHaveCount(1)
})

test('keys the editor holds back for its next frame count as unsaved when another tab saves the same skill', async ({
  page,
  context,
  editor,
}) => {
  const second = await context.newPage()
  await second.goto('/')
  const secondEditor = new SkillEditor(second)
  await second.getByRole('option', { name: /calculator/ }).click({ position: NAME })
  await secondEditor.endOfLine('name: calculator')
  // The second tab's keys are in its editor, not yet in its store: its frames are held.
  await holdFrames(second)
  await second.keyboard.type('_mine')
  await page.getByRole('option', { name: /calculator/ }).click({ position: NAME })
  await editor.endOfLine('## You are a careful calculator')
  await page.keyboard.type(' (theirs)')
  // Taken in as if nothing were unsaved, the other tab's text would be written over by these keys
  // without a word. Different lines of one skill merge: both tabs end with both changes.
  await expect(second.getByRole('status').filter({ hasText: 'Merged with changes saved in another tab' })).toBeVisible()
  await expect(second.getByRole('alert').filter({ hasText: 'another tab' })).toHaveCount(0)
  await expect(second.getByRole('option', { name: /calculator_mine/ })).toHaveCount(1)
  // The merge is saved and reaches the first tab (whose frames run: its editor shows it).
  await expect(page.getByRole('option', { name: /calculator_mine/ })).toHaveCount(1)
  await expect(editor.line('careful calculator (theirs)')).toBeVisible()
})

test('keys held back in one tab and the other tab’s save on the same line: the tab asks, and keeps its keys', async ({
  page,
  context,
  editor,
}) => {
  const second = await context.newPage()
  await second.goto('/')
  const secondEditor = new SkillEditor(second)
  await second.getByRole('option', { name: /calculator/ }).click({ position: NAME })
  await secondEditor.endOfLine('name: calculator')
  await holdFrames(second)
  await second.keyboard.type('_mine')
  await page.getByRole('option', { name: /calculator/ }).click({ position: NAME })
  await editor.endOfLine('name: calculator')
  await page.keyboard.type('_theirs')
  await expect(second.getByRole('alert').filter({ hasText: 'another tab' })).toBeVisible()
  // Its frames are held (its editor paints nothing): the skill list shows what it holds.
  await expect(second.getByRole('option', { name: /calculator_mine/ })).toHaveCount(1)
  await expect(page.getByRole('option', { name: /calculator_theirs/ })).toHaveCount(1)
})

test('two tabs changing different things at once: both changes are kept, without a question', async ({ context, routing }) => {
  const second = await context.newPage()
  await second.goto('/')
  await expect(second.getByRole('listbox', { name: 'Skills' })).toBeVisible()
  await holdAutosave(second)
  // The second tab changes the utterance; the first, meanwhile, the threshold.
  await second.getByRole('textbox', { name: 'Test utterance' }).fill('typed in the second tab')
  await routing.threshold.fill('0.45')
  await expect(second.getByRole('status').filter({ hasText: 'Merged with changes saved in another tab' })).toBeVisible()
  await expect(second.getByRole('alert').filter({ hasText: 'another tab' })).toHaveCount(0)
  await expect(second.getByRole('spinbutton', { name: 'Threshold' })).toHaveValue('0.45')
  // The merge is saved at once (not held with the edit it merged), so it reaches the first tab too.
  await expect(routing.utterance).toHaveValue('typed in the second tab')
  await expect(routing.threshold).toHaveValue('0.45')
})

test('imported routing tests that do not read are kept as comments after yours, the note opens them, and an image left out is named', async ({
  page,
  editor,
}) => {
  const root = join(mkdtempSync(join(tmpdir(), 'suite-import-')), 'proj')
  mkdirSync(join(root, 'greet'), { recursive: true })
  writeFileSync(join(root, 'greet', 'SKILL.md'), '---\nname: greet\ntrigger_keywords: [hello]\n---\nGreet.\n')
  writeFileSync(join(root, 'routing-tests.yaml'), '- utterance: "hello there\n  expect: greet\n')
  // An image beside the skill: the workspace holds text, and the report names what it left out.
  mkdirSync(join(root, 'greet', 'assets'))
  writeFileSync(join(root, 'greet', 'assets', 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe]))
  await page.getByLabel('Import folder files').setInputFiles(root)
  await page.getByRole('dialog', { name: 'Name clash' }).getByRole('button', { name: 'Keep both' }).click()
  const status = page.getByRole('status').filter({ hasText: 'Imported' })
  await expect(status).toContainText('The imported routing-tests.yaml has 1 problem')
  await expect(status).toContainText('1 file was left out, as the playground holds text files of up to 5 MB: greet/assets/logo.png')
  await status.getByRole('button', { name: 'Show the kept copy' }).click()
  await expect(editor.line('# Imported routing-tests.yaml, kept as comments')).toBeVisible()
  await expect(editor.line('# - utterance: "hello there')).toBeVisible()
  // The user's own cases still read: the Tests tab shows no problem with the file.
  await page.getByRole('tab', { name: /Tests/ }).click()
  await expect(page.getByRole('region', { name: 'Routing tests' })).not.toContainText('routing-tests.yaml:')
})

test('files that are neither skills nor tests are listed under Other files, open in the editor and can be deleted and brought back', async ({
  page,
  editor,
}) => {
  const root = join(mkdtempSync(join(tmpdir(), 'other-files-')), 'proj')
  mkdirSync(join(root, 'greet', 'references'), { recursive: true })
  writeFileSync(join(root, 'greet', 'SKILL.md'), '---\nname: greet\ntrigger_keywords: [hello]\n---\nGreet.\n')
  writeFileSync(join(root, 'greet', 'references', 'tone.md'), '# Tone\nWarm and brief.\n')
  // The examples have an evals.yaml of their own: this one comes in beside it, renamed.
  writeFileSync(join(root, 'evals.yaml'), '# from the imported folder\n')
  // Part of the project, not of a skill: named in the report, not taken in; installed packages are not even read.
  writeFileSync(join(root, 'README.md'), '# The project\n')
  mkdirSync(join(root, 'node_modules', 'left-pad'), { recursive: true })
  writeFileSync(join(root, 'node_modules', 'left-pad', 'index.js'), 'module.exports = 1\n')
  await page.getByLabel('Import folder files').setInputFiles(root)
  await page.getByRole('dialog', { name: 'Name clash' }).getByRole('button', { name: 'Keep both' }).click()
  const status = page.getByRole('status').filter({ hasText: 'Imported' })
  await expect(status).toContainText('evals.yaml → evals-imported.yaml')
  await expect(status).toContainText("1 file was not imported, as it is neither a skill, a test file nor in a skill's folder: README.md.")
  const others = page.getByRole('region', { name: 'Other files' })
  await expect(others.getByRole('button')).toHaveText(['evals-imported.yaml', 'greet/references/tone.md'])
  await others.getByRole('button', { name: 'greet/references/tone.md' }).click()
  await expect(page.getByRole('heading', { name: 'greet/references/tone.md' })).toBeVisible()
  await expect(editor.line('Warm and brief.')).toBeVisible()
  await others.getByRole('button', { name: 'Delete' }).click()
  await expect(others.getByRole('button', { name: 'greet/references/tone.md' })).toHaveCount(0)
  // The next file of the list (here the one before, at its end) is opened, to clear a few in a row.
  await expect(others.getByRole('button', { name: 'evals-imported.yaml' })).toHaveAttribute('aria-current', 'true')
  await page.getByRole('button', { name: 'Undo' }).click()
  await expect(others.getByRole('button', { name: 'greet/references/tone.md' })).toBeVisible()
})

test('a zip of 20,000 skills is read with its progress shown, unpacking then importing', async ({ page }) => {
  test.setTimeout(120_000)
  const entries: Record<string, Uint8Array> = {}
  for (let i = 0; i < 20_000; i++)
    entries[`skills/s${i}/SKILL.md`] = strToU8(`---\nname: s${i}\ndescription: Skill ${i}.\n---\nBody ${i}\n`)
  // From a file on disk: a buffer handed to setInputFiles is built in the page by script, a stall of its own.
  const zip = join(mkdtempSync(join(tmpdir(), 'many-')), 'many.zip')
  writeFileSync(zip, zipSync(entries, { level: 6 }))
  await settled(page)
  // What the import says, as it says it (the unpacking may pass faster than a look from here).
  await page.evaluate(() => {
    const said: string[] = []
    new MutationObserver(() => {
      // The progress (its own line while the import runs), then the result.
      const text =
        document.querySelector('.import-progress [aria-live]')?.textContent || document.querySelector('.import-message')?.textContent || ''
      if (text && text !== said.at(-1)) said.push(text)
    }).observe(document.body, { subtree: true, childList: true, characterData: true })
    Object.assign(window, { importSaid: said })
  })
  const said = () => page.evaluate(() => (window as unknown as { importSaid: string[] }).importSaid.join('\n'))
  await page.getByLabel('Import files').setInputFiles(zip)
  // Polled with a plain query: a role query over the whole page is a long task of the test's own.
  await expect.poll(said, { timeout: 90_000 }).toContain('Imported 20000 skills')
  // Its tasks are held short by e2e/import-slices.spec.ts, by CPU time: a wall-clock bound here
  // measured the CI machine's neighbours (docs/bench.md, "How an import's longest task is measured").
  expect(await said()).toMatch(/Unpacking many\.zip… \d+%/)
})
