/**
 * A skill's code in the page (docs/skill-code.md): its files listed under it and edited as
 * Python, Run code in the sandbox worker, an exception's traceback, an endless loop stopped at the
 * time limit, and the doors user code must not open (network, the page's globals) shut.
 */
import type { Page } from '@playwright/test'
import { expect, test, NAME } from './fixtures'

// The first run in each test loads Python into a fresh worker.
test.setTimeout(120_000)

async function openSkillCode(page: Page, file: string) {
  await page
    .getByRole('listbox', { name: 'Skills' })
    .getByRole('option', { name: /add-calc/ })
    .click()
  await page.getByRole('list', { name: 'Skill files' }).getByRole('button', { name: file, exact: true }).click()
}

/** Replaces the open file's text in Monaco, as a paste would. */
async function replaceCode(page: Page, text: string) {
  await page.getByRole('region', { name: 'Editor' }).locator('.monaco-editor .view-lines').first().click()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.insertText(text)
}

test('the add-calc example runs its skill.py, which imports tool.py, from a form built from its parameters', async ({ page }) => {
  await openSkillCode(page, 'skill.py')
  await expect(
    page.getByRole('region', { name: 'Editor' }).locator('.view-line').filter({ hasText: 'from .tool import add' }),
  ).toBeVisible()
  const panel = page.getByRole('region', { name: 'Skill code' })
  await panel.getByRole('textbox', { name: 'numbers' }).fill('3, 5, 8')
  await panel.getByRole('button', { name: 'Run code' }).click()
  const result = panel.getByRole('region', { name: 'Code result' })
  await expect(result).toContainText('"result": 16', { timeout: 60_000 })
  await expect(result).toContainText('3 + 5 + 8 = 16')

  // Arguments that do not match the parameters never reach the code.
  await panel.getByRole('textbox', { name: 'numbers' }).fill('3')
  await panel.getByRole('button', { name: 'Run code' }).click()
  await expect(panel.getByRole('alert')).toContainText('too few items')

  // The JSON and the form are one value.
  await panel.getByText('Arguments as JSON').click()
  await panel.getByRole('textbox', { name: 'Arguments (JSON)' }).fill('{"numbers": [1.5, 2]}')
  await expect(panel.getByRole('textbox', { name: 'numbers' })).toHaveValue('1.5, 2')
  await panel.getByRole('button', { name: 'Run code' }).click()
  // A fresh worker for this run too (the spare may still be starting on a busy machine).
  await expect(result).toContainText('"result": 3.5', { timeout: 60_000 })
})

test('an exception comes back with its traceback; print output is kept', async ({ page }) => {
  await openSkillCode(page, 'tool.py')
  await replaceCode(page, 'import sys\ndef add(numbers): print("adding", numbers); return numbers[0] / 0')
  const panel = page.getByRole('region', { name: 'Skill code' })
  await panel.getByRole('textbox', { name: 'numbers' }).fill('1, 2')
  await panel.getByRole('button', { name: 'Run code' }).click()
  const result = panel.getByRole('region', { name: 'Code result' })
  await expect(result).toContainText('ZeroDivisionError', { timeout: 60_000 })
  await expect(result).toContainText('File "tool.py", line 2, in add')
  await expect(result).toContainText('adding [1, 2]')
})

test('code cannot reach the network or the page, and an endless loop is stopped at the time limit', async ({ page }) => {
  const requests: string[] = []
  await openSkillCode(page, 'tool.py')
  const panel = page.getByRole('region', { name: 'Skill code' })
  await panel.getByRole('textbox', { name: 'numbers' }).fill('1, 2')
  const result = panel.getByRole('region', { name: 'Code result' })
  page.on('request', (request) => requests.push(request.url()))

  const attempts = [
    { code: 'import js\ndef add(n): return 1', refused: "'js' is not available" },
    { code: 'import pyodide.http\ndef add(n): return 1', refused: "'pyodide' is not available" },
    {
      code: 'import urllib.request\ndef add(n): return urllib.request.urlopen("http://127.0.0.1:9/").read()',
      refused: "'socket' is not available",
    },
    // With the import guard removed, the worker itself has no way out.
    { code: 'import sys\nsys.meta_path.pop(0)\nimport js\ndef add(n): return str(js.fetch)', refused: "No module named 'js'" },
    {
      code: 'import sys\nsys.meta_path.pop(0)\nimport socket\ndef add(n): return str(socket.create_connection(("127.0.0.1", 9)))',
      refused: 'Error',
    },
  ]
  for (const attempt of attempts) {
    await replaceCode(page, attempt.code)
    await panel.getByRole('button', { name: 'Run code' }).click()
    await expect(result).toContainText(attempt.refused, { timeout: 60_000 })
  }
  // Only the app's own files were fetched (its scripts, Python's runtime): nothing the code asked for.
  expect(requests.filter((url) => !/^http:\/\/127\.0\.0\.1:\d+\/(assets|pyodide)\/[\w.-]+$/.test(url) || url.includes(':9/'))).toEqual([])

  await replaceCode(page, 'def add(n):\nwhile True: pass')
  await panel.getByRole('spinbutton', { name: 'Time limit (seconds)' }).fill('2')
  await panel.getByRole('button', { name: 'Run code' }).click()
  await expect(result).toContainText('ran longer than 2 s', { timeout: 60_000 })
  // The page never froze: typing in the utterance box still works.
  await page.getByRole('textbox', { name: 'Test utterance' }).fill('still responsive')
  await expect(page.getByRole('textbox', { name: 'Test utterance' })).toHaveValue('still responsive')
})

test('code that removes the import guard finds no handle on the Pyodide API, not even through the collector', async ({ page }) => {
  // Issue 31: the leftover loader of `pyodide_js` that gc.get_objects() found held the Pyodide API
  // (its file systems, its module, runPython). Written one line each: Monaco indents after a colon.
  const scan = [
    'import sys',
    'while sys.meta_path and type(sys.meta_path[0]).__name__ == "Refuse": sys.meta_path.pop(0)',
    'import gc',
    'found = set()',
    'for holder in gc.get_objects():',
    '    for value in [holder] + list(gc.get_referents(holder)):',
    '        if type(type(value)).__name__ != "_JsProxyMetaClass": continue',
    '        for name in ("_module", "_api", "FS", "runPython", "loadPackage", "mount"):',
    '            try:',
    '                if hasattr(value, name): found.add(name)',
    '            except BaseException: pass',
    'report = "api handles: " + (", ".join(sorted(found)) or "none")',
  ].join('\n')
  await openSkillCode(page, 'tool.py')
  await replaceCode(
    page,
    `SCAN = ${JSON.stringify(scan)}\ndef add(n): scope = {}; exec(SCAN, scope); print(scope["report"]); return len(scope["found"])`,
  )
  const panel = page.getByRole('region', { name: 'Skill code' })
  await panel.getByRole('textbox', { name: 'numbers' }).fill('1, 2')
  await panel.getByRole('button', { name: 'Run code' }).click()
  const result = panel.getByRole('region', { name: 'Code result' })
  await expect(result).toContainText('api handles: none', { timeout: 60_000 })
  await expect(result).toContainText('"result": 0')
})

test('Add code gives a prompt-only skill a first skill.py that runs as it is', async ({ page }) => {
  const skills = page.getByRole('listbox', { name: 'Skills' })
  await skills.getByRole('option', { name: /^calculator/ }).click({ position: NAME })
  await page.getByRole('button', { name: 'Add code' }).click()
  await expect(page.getByRole('heading', { name: 'calculator/skill.py' })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Skill files' }).getByRole('button', { name: 'skill.py', exact: true })).toHaveAttribute(
    'aria-current',
    'true',
  )
  const panel = page.getByRole('region', { name: 'Skill code' })
  await panel.getByRole('button', { name: 'Run code' }).click()
  await expect(panel.getByRole('region', { name: 'Code result' })).toContainText('"user_message": "Done."', { timeout: 60_000 })
  await expect(skills.getByRole('option', { name: /^calculator/ })).toContainText('code')
})

test('deleting a skill with code takes its folder along, says so, and Undo brings every file back', async ({ page }) => {
  await openSkillCode(page, 'tool.py')
  const skills = page.getByRole('listbox', { name: 'Skills' })
  await skills
    .getByRole('option', { name: /add-calc/ })
    .getByRole('button', { name: 'Delete' })
    .click()
  await expect(page.getByRole('status').filter({ hasText: 'Deleted add-calc/SKILL.md' })).toHaveText(
    /Deleted add-calc\/SKILL\.md and the 2 other files in its folder/,
  )
  await expect(skills.getByRole('option', { name: /add-calc/ })).toHaveCount(0)
  // Its code is not left behind out of sight: nothing is listed as another file either.
  await expect(page.getByRole('region', { name: 'Other files' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Undo' }).click()
  await openSkillCode(page, 'tool.py')
  await expect(page.getByRole('region', { name: 'Editor' }).locator('.view-line').filter({ hasText: 'def add' })).toBeVisible()
})
