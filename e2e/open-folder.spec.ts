/**
 * `skill-playground open <dir>`: the page edits a folder on disk in place (docs/open-folder.md).
 * Each test starts the real command on its own temporary folder and port.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { freePort, ROOT } from './serverProcess'
import { WRITE_DELAY_MS } from '../src/app/folderSync'
import { holdFrames, NAME } from './fixtures'

const CALC = '---\r\nname: calc\r\ndescription: Computes arithmetic.\r\ntrigger_keywords: [计算]\r\n---\r\nCompute.\r\n'
const WEATHER = '---\nname: weather\ndescription: Looks up the weather.\ntrigger_keywords: [天气]\n---\nForecast.\n'

interface Opened {
  folder: string
  url: string
  child: ChildProcess
  output: () => string
}

async function openFolder(env: Record<string, string> = {}): Promise<Opened> {
  const folder = mkdtempSync(join(tmpdir(), 'open-folder-'))
  mkdirSync(join(folder, 'calc'))
  mkdirSync(join(folder, 'weather'))
  writeFileSync(join(folder, 'calc/SKILL.md'), CALC)
  writeFileSync(join(folder, 'weather/SKILL.md'), WEATHER)
  writeFileSync(join(folder, 'notes.txt'), 'Not a skill: left alone.\n')
  const port = await freePort()
  let output = ''
  const child = spawn(process.execPath, [join(ROOT, 'bin/skill-playground.js'), 'open', folder, '--port', String(port)], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  })
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  await expect.poll(() => output, { timeout: 20_000 }).toContain('Editing files on disk')
  return { folder, url: `http://127.0.0.1:${port}/`, child, output: () => output }
}

function close(opened: Opened) {
  opened.child.kill('SIGTERM')
  rmSync(opened.folder, { recursive: true, force: true })
}

const disk = (opened: Opened, path: string) =>
  existsSync(join(opened.folder, path)) ? readFileSync(join(opened.folder, path), 'utf8') : null

async function start(page: Page, opened: Opened) {
  await page.goto(opened.url)
  await expect(page.getByRole('status', { name: 'Folder on disk' })).toContainText(opened.folder)
  await page.getByRole('button', { name: 'Skip the guide' }).click()
}

async function typeInEditor(page: Page, skill: string, line: string, text: string) {
  await page
    .getByRole('listbox', { name: 'Skills' })
    .getByRole('option', { name: new RegExp(skill) })
    .click({ position: NAME })
  await page.locator('.monaco-editor .view-line').filter({ hasText: line }).first().click()
  await page.keyboard.press('End')
  await page.keyboard.type(text)
}

test.describe.configure({ mode: 'serial' })

test('edits in the page are written to the files, line endings kept; changes on disk reach the page and its table', async ({ page }) => {
  const opened = await openFolder()
  try {
    await start(page, opened)
    const skills = page.getByRole('listbox', { name: 'Skills' })
    await expect(skills.getByRole('option')).toHaveCount(2)

    await typeInEditor(page, 'calc', 'Compute.', ' Exactly.')
    await expect.poll(() => disk(opened, 'calc/SKILL.md')).toContain('Compute. Exactly.')
    // CRLF as found, not LF as typed.
    expect(disk(opened, 'calc/SKILL.md')).toMatch(/^---\r\nname: calc\r\n/)
    expect(
      disk(opened, 'calc/SKILL.md')
        ?.split('\n')
        .every((line, i, all) => i === all.length - 1 || line.endsWith('\r')),
    ).toBe(true)
    expect(disk(opened, 'notes.txt')).toBe('Not a skill: left alone.\n')

    // Another editor (or git) changes a file: the page follows within a second or so, table included.
    const utterance = page.getByRole('textbox', { name: 'Test utterance' })
    await utterance.fill('明天下雨吗')
    const table = page.getByRole('table', { name: 'Routing scores' })
    await expect(table.getByRole('row', { selected: true })).toHaveCount(0)
    writeFileSync(join(opened.folder, 'weather/SKILL.md'), WEATHER.replace('[天气]', '[天气, 下雨]'))
    await expect(table.getByRole('row', { selected: true })).toContainText('weather')
    // A new skill made on disk appears too.
    mkdirSync(join(opened.folder, 'translate'))
    writeFileSync(join(opened.folder, 'translate/SKILL.md'), '---\nname: translate\ntrigger_keywords: [翻译]\n---\nTranslate.\n')
    await expect(skills.getByRole('option', { name: /translate/ })).toBeVisible()

    // Keys typed into the editor reach the store after the next frame (held here): a change on
    // disk arriving meanwhile must not undo them.
    await typeInEditor(page, 'calc', 'Compute. Exactly.', '')
    await holdFrames(page)
    await page.keyboard.type(' Again.')
    writeFileSync(join(opened.folder, 'weather/SKILL.md'), WEATHER)
    await expect(table.getByRole('row', { selected: true })).toHaveCount(0)
    await expect.poll(() => disk(opened, 'calc/SKILL.md')).toContain('Compute. Exactly. Again.')
  } finally {
    close(opened)
  }
})

test('new, renamed and deleted skills become folders created, moved and removed on disk', async ({ page }) => {
  const opened = await openFolder()
  try {
    await start(page, opened)
    const skills = page.getByRole('listbox', { name: 'Skills' })
    await page.getByRole('button', { name: '+ New' }).click()
    await page.getByRole('button', { name: 'Blank skill' }).click()
    await expect.poll(() => disk(opened, 'new_skill/SKILL.md')).toContain('name: new_skill')

    await skills.getByRole('option', { name: /weather/ }).click({ position: NAME })
    await skills.getByRole('button', { name: 'Rename' }).click()
    await page.getByRole('textbox', { name: 'New skill name' }).fill('forecast')
    await page.keyboard.press('Enter')
    await expect.poll(() => disk(opened, 'forecast/SKILL.md')).toContain('name: forecast')
    expect(existsSync(join(opened.folder, 'weather'))).toBe(false)

    await skills.getByRole('option', { name: /forecast/ }).click({ position: NAME })
    await skills.getByRole('button', { name: 'Delete' }).click()
    await expect.poll(() => existsSync(join(opened.folder, 'forecast'))).toBe(false)
    expect(disk(opened, 'calc/SKILL.md')).toBe(CALC)
  } finally {
    close(opened)
  }
})

test('deleting a skill with code removes its whole folder on disk, and Undo writes every file back as it was', async ({ page }) => {
  const opened = await openFolder()
  const code = {
    'calc/skill.py': 'from lib.helper import add\n\ndef run(args):\n    return add(1, 2)\n',
    'calc/lib/helper.py': 'def add(a, b):\n    return a + b\n',
  }
  mkdirSync(join(opened.folder, 'calc/lib'))
  for (const [path, text] of Object.entries(code)) writeFileSync(join(opened.folder, path), text)
  try {
    await start(page, opened)
    const skills = page.getByRole('listbox', { name: 'Skills' })
    await expect(skills.getByRole('option', { name: /calc/ })).toContainText('code')
    await skills.getByRole('option', { name: /calc/ }).getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Deleted calc/SKILL.md' })).toHaveText(/and the 2 other files in its folder/)
    await expect.poll(() => existsSync(join(opened.folder, 'calc'))).toBe(false)
    expect(disk(opened, 'weather/SKILL.md')).toBe(WEATHER)
    await page.getByRole('button', { name: 'Undo' }).click()
    // The files are written back one by one: wait for each.
    for (const [path, text] of Object.entries({ 'calc/SKILL.md': CALC, ...code })) await expect.poll(() => disk(opened, path)).toBe(text)
    await expect(skills.getByRole('option', { name: /calc/ })).toContainText('code')
  } finally {
    close(opened)
  }
})

test('a file changed on disk and in the page shows both versions; the person picks and neither is lost', async ({ page }) => {
  const opened = await openFolder()
  try {
    await start(page, opened)
    // Both sides change calc before they can agree: the page's edit and a write on disk at once.
    await typeInEditor(page, 'calc', 'Compute.', ' Mine.')
    writeFileSync(join(opened.folder, 'calc/SKILL.md'), CALC.replace('Compute.', 'Compute. Theirs.'))
    const dialog = page.getByRole('dialog', { name: 'calc/SKILL.md changed on disk and here' })
    await expect(dialog).toBeVisible()
    await expect(dialog.locator('.monaco-diff-editor')).toContainText('Theirs.')
    await expect(dialog.locator('.monaco-diff-editor')).toContainText('Mine.')
    // Nothing was written over meanwhile.
    expect(disk(opened, 'calc/SKILL.md')).toContain('Compute. Theirs.')

    await dialog.getByRole('button', { name: 'Keep this page’s version' }).click()
    await expect.poll(() => disk(opened, 'calc/SKILL.md')).toContain('Compute. Mine.')
    await expect(dialog).toBeHidden()
  } finally {
    close(opened)
  }
})

test('reloading while the conflict dialog is open asks first, keeps the page’s edit and shows the dialog again (issue 35, defect 11)', async ({
  page,
}) => {
  const opened = await openFolder()
  try {
    await start(page, opened)
    await typeInEditor(page, 'calc', 'Compute.', ' Mine.')
    writeFileSync(join(opened.folder, 'calc/SKILL.md'), CALC.replace('Compute.', 'Compute. Theirs.'))
    const dialog = page.getByRole('dialog', { name: 'calc/SKILL.md changed on disk and here' })
    await expect(dialog).toBeVisible()

    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (question) => void question.accept().then(() => resolve(question.type()))),
    )
    await page.reload()
    expect(await asked).toBe('beforeunload')
    await expect(page.getByRole('status', { name: 'Folder on disk' })).toContainText(opened.folder)
    await expect(dialog).toBeVisible()
    await expect(dialog.locator('.monaco-diff-editor')).toContainText('Mine.')
    await expect(dialog.locator('.monaco-diff-editor')).toContainText('Theirs.')
    // Still nothing written over the disk's change: the person picks, as before the reload.
    expect(disk(opened, 'calc/SKILL.md')).toContain('Compute. Theirs.')

    await dialog.getByRole('button', { name: 'Keep this page’s version' }).click()
    await expect(dialog).toBeHidden()
    await expect.poll(() => disk(opened, 'calc/SKILL.md')).toContain('Compute. Mine.')
    // Settled: the next reload neither asks nor brings the question back.
    await page.reload()
    await expect(page.getByRole('status', { name: 'Folder on disk' })).toContainText(opened.folder)
    await page.waitForTimeout(500)
    await expect(dialog).toHaveCount(0)
  } finally {
    close(opened)
  }
})

test('nothing is written outside the folder: escaping paths and links that lead out are refused', async ({ page, request }) => {
  const opened = await openFolder()
  const outside = mkdtempSync(join(tmpdir(), 'outside-'))
  try {
    writeFileSync(join(outside, 'SKILL.md'), '---\nname: outside\n---\nSecret.\n')
    symlinkSync(outside, join(opened.folder, 'linked'))
    await start(page, opened)
    // The link's skill is not read into the workspace.
    await expect(page.getByRole('listbox', { name: 'Skills' }).getByRole('option')).toHaveCount(2)
    const put = (path: string) =>
      request.put(`${opened.url}api/folder/file`, { data: { path, text: 'x', base: null }, headers: { 'sec-fetch-site': 'same-origin' } })
    for (const path of [
      '../escaped/SKILL.md',
      '/tmp/abs/SKILL.md',
      'a/../../b/SKILL.md',
      'linked/SKILL.md',
      'linked/deeper/SKILL.md',
      'a\\b/SKILL.md',
    ]) {
      const response = await put(path)
      expect(response.status(), path).toBe(400)
    }
    expect(readFileSync(join(outside, 'SKILL.md'), 'utf8')).toContain('Secret.')
    expect(existsSync(join(outside, 'deeper'))).toBe(false)
    expect(existsSync(join(opened.folder, '..', 'escaped'))).toBe(false)
  } finally {
    close(opened)
    rmSync(outside, { recursive: true, force: true })
  }
})

test('with a team token the one-time address opens the folder; without it the page says the folder is locked and edits nothing until the token is typed', async ({
  page,
  browser,
}) => {
  const token = 'folder-team-token-4242'
  const opened = await openFolder({ PLAYGROUND_TOKEN: token })
  const other = await browser.newPage()
  try {
    // Without the token: said plainly, nothing to edit, and not the browser's own workspace instead.
    await page.goto(opened.url)
    await page.getByRole('button', { name: 'Skip the guide' }).click()
    const locked = page.getByRole('alert').filter({ hasText: 'the server asks for the team token' })
    await expect(locked).toBeVisible()
    await expect(page.getByRole('listbox', { name: 'Skills' }).getByRole('option')).toHaveCount(0)

    await expect.poll(() => opened.output()).toMatch(/#unlock=[\w-]+/)
    const address = /(http:\/\/\S+#unlock=[\w-]+)/.exec(opened.output())?.[1] ?? ''
    // The printed address (another browser profile): the folder opens, and the code leaves the address bar.
    await start(other, { ...opened, url: address })
    expect(other.url()).toBe(opened.url)
    await expect(other.getByRole('listbox', { name: 'Skills' }).getByRole('option')).toHaveCount(2)
    // Writes carry the token, and so does the event stream.
    await typeInEditor(other, 'calc', 'Compute.', ' Unlocked.')
    await expect.poll(() => disk(opened, 'calc/SKILL.md')).toContain('Compute. Unlocked.')
    mkdirSync(join(opened.folder, 'translate'))
    writeFileSync(join(opened.folder, 'translate/SKILL.md'), '---\nname: translate\n---\nTranslate.\n')
    await expect(other.getByRole('listbox', { name: 'Skills' }).getByRole('option', { name: /translate/ })).toBeVisible()

    // The address works once; the first page gets the folder when the token is typed.
    await locked.getByRole('textbox', { name: 'Team token' }).fill(token)
    await locked.getByRole('button', { name: 'Unlock' }).click()
    await expect(page.getByRole('status', { name: 'Folder on disk' })).toContainText(opened.folder)
    await expect(page.getByRole('listbox', { name: 'Skills' }).getByRole('option')).toHaveCount(3)
    // The token itself was never printed or logged by the server.
    expect(opened.output()).not.toContain(token)
  } finally {
    await other.close()
    close(opened)
  }
})

test('when the server stops the page says so and keeps the text, which can still be exported', async ({ page }) => {
  const opened = await openFolder()
  try {
    await start(page, opened)
    opened.child.kill('SIGTERM')
    await expect(page.getByRole('alert').filter({ hasText: 'The playground server stopped' })).toBeVisible({ timeout: 10_000 })
    await typeInEditor(page, 'calc', 'Compute.', ' Typed while it was down.')
    await expect(page.locator('.monaco-editor .view-line').filter({ hasText: 'Typed while it was down.' })).toBeVisible()
    const download = page.waitForEvent('download')
    await page
      .getByRole('alert')
      .filter({ hasText: 'The playground server stopped' })
      .getByRole('button', { name: 'Export workspace' })
      .click()
    expect((await download).suggestedFilename()).toMatch(/\.zip$/)
    expect(disk(opened, 'calc/SKILL.md')).toBe(CALC)
  } finally {
    close(opened)
  }
})

test('in the browser alone, Open folder edits a local folder in place and reads it again when the page gets focus back', async ({
  page,
}) => {
  // The person's folder: a real directory handle of the File System Access API (the origin's
  // private file system stands in for the folder a picker would return; headless Chromium shows no picker).
  await page.addInitScript(() => {
    ;(window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> }).showDirectoryPicker = async () =>
      (await navigator.storage.getDirectory()).getDirectoryHandle('skills', { create: true })
  })
  await page.goto('/')
  await page.getByRole('button', { name: 'Skip the guide' }).click()
  await page.evaluate(async () => {
    const root = await (await navigator.storage.getDirectory()).getDirectoryHandle('skills', { create: true })
    const write = async (folder: string, text: string) => {
      const dir = await root.getDirectoryHandle(folder, { create: true })
      const writable = await (await dir.getFileHandle('SKILL.md', { create: true })).createWritable()
      await writable.write(text)
      await writable.close()
    }
    await write('calc', '---\r\nname: calc\r\ntrigger_keywords: [计算]\r\n---\r\nCompute.\r\n')
    await write('weather', '---\nname: weather\ntrigger_keywords: [天气]\n---\nForecast.\n')
  })
  const read = (path: string) =>
    page.evaluate(async (path) => {
      let dir = await (await navigator.storage.getDirectory()).getDirectoryHandle('skills')
      const parts = path.split('/')
      const name = parts.pop() as string
      try {
        for (const part of parts) dir = await dir.getDirectoryHandle(part)
        return await (await (await dir.getFileHandle(name)).getFile()).text()
      } catch {
        return null
      }
    }, path)

  await page.getByRole('button', { name: 'Open folder' }).click()
  await expect(page.getByRole('status', { name: 'Folder on disk' })).toContainText('skills')
  const skills = page.getByRole('listbox', { name: 'Skills' })
  await expect(skills.getByRole('option')).toHaveCount(2)

  // An edit is written to the file, CRLF kept.
  await typeInEditor(page, 'calc', 'Compute.', ' Exactly.')
  await expect.poll(() => read('calc/SKILL.md')).toBe('---\r\nname: calc\r\ntrigger_keywords: [计算]\r\n---\r\nCompute. Exactly.\r\n')

  // A rename writes the new folder and removes the old one (the API cannot move a picked folder).
  await skills.getByRole('option', { name: /weather/ }).click({ position: NAME })
  await skills.getByRole('button', { name: 'Rename' }).click()
  await page.getByRole('textbox', { name: 'New skill name' }).fill('forecast')
  await page.keyboard.press('Enter')
  await expect.poll(() => read('forecast/SKILL.md')).toContain('name: forecast')
  await expect.poll(() => read('weather/SKILL.md')).toBeNull()

  // Changed elsewhere while the page was in the background: read again on focus.
  await page.evaluate(async () => {
    const dir = await (await (await navigator.storage.getDirectory()).getDirectoryHandle('skills')).getDirectoryHandle('forecast')
    const writable = await (await dir.getFileHandle('SKILL.md')).createWritable()
    await writable.write('---\nname: forecast\ntrigger_keywords: [天气, 下雨]\n---\nForecast.\n')
    await writable.close()
    window.dispatchEvent(new Event('focus'))
  })
  await page.getByRole('textbox', { name: 'Test utterance' }).fill('明天下雨吗')
  await expect(page.getByRole('table', { name: 'Routing scores' }).getByRole('row', { selected: true })).toContainText('forecast')
})

test('the page and another editor changing one skill 0–300 ms apart: different lines both kept, the same line asked, nothing lost', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const opened = await openFolder()
  const path = 'calc/SKILL.md'
  const dialog = page.getByRole('dialog', { name: `${path} changed on disk and here` })
  try {
    await start(page, opened)
    for (const [place, line] of [
      ['other line', 'description: Computes arithmetic.'],
      ['same line', 'Compute.'],
    ] as const) {
      for (const offset of [0, 50, 100, 150, 300]) {
        const [mine, theirs] = [` Page ${offset}.`, ` Disk ${offset}.`]
        await page.locator('.monaco-editor .view-line').filter({ hasText: 'Compute.' }).last().click()
        await page.keyboard.press('End')
        await Promise.all([
          page.keyboard.type(mine, { delay: 15 }),
          // Another editor: reads the file as it is now and writes its change back.
          new Promise((resolve) => setTimeout(resolve, offset)).then(() => {
            const text = disk(opened, path)!
            const at = text.lastIndexOf(line) + line.length
            writeFileSync(join(opened.folder, path), text.slice(0, at) + theirs + text.slice(at))
          }),
        ])
        // The disk's change is never written over without a choice; the page's is written, or asked about.
        await expect.poll(async () => disk(opened, path)!.includes(mine) || (await dialog.isVisible()), { timeout: 15_000 }).toBe(true)
        // Past the page's next write: whatever it would write has been written.
        await page.waitForTimeout(WRITE_DELAY_MS * 2)
        expect(disk(opened, path)).toContain(theirs)
        if (await dialog.isVisible()) {
          expect(place).toBe('same line')
          await dialog.getByRole('button', { name: 'Keep this page’s version' }).click()
          await expect(dialog).toBeHidden()
          await expect.poll(() => disk(opened, path)).toContain(mine)
        } else {
          expect(disk(opened, path)).toContain(mine)
          await expect(page.locator('.monaco-editor .view-line').filter({ hasText: theirs.trim() })).toHaveCount(1)
        }
      }
    }
  } finally {
    close(opened)
  }
})
