/**
 * `skill-playground open <repository>`: the folders clients read (.claude/skills/, skills/, …) come
 * in with where each skill came from (docs/clients.md).
 */
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { expect, test } from '@playwright/test'
import { freePort, ROOT } from './serverProcess'

test('opening a repository reads .claude/skills/ and skills/, says so, and writes each skill back where it came from', async ({ page }) => {
  const repository = mkdtempSync(join(tmpdir(), 'client-folders-'))
  const files: Record<string, string> = {
    '.claude/skills/deploy/SKILL.md': '---\nname: deploy\ndescription: Deploys the site.\ndisable-model-invocation: true\n---\nDeploy.\n',
    '.claude/settings.json': '{"permissions": {}}\n',
    'skills/calc/SKILL.md': '---\nname: calc\ndescription: Computes arithmetic.\ntrigger_keywords: [计算]\n---\nCompute.\n',
    'THIRD_PARTY_NOTICES.md': 'Notices, not a skill.\n',
  }
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(repository, path)), { recursive: true })
    writeFileSync(join(repository, path), text)
  }
  const port = await freePort()
  let output = ''
  const child = spawn(process.execPath, [join(ROOT, 'bin/skill-playground.js'), 'open', repository, '--port', String(port)], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
  })
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  try {
    await expect.poll(() => output, { timeout: 20_000 }).toContain('Skill folders read: .claude/skills (1), skills (1).')
    await page.goto(`http://127.0.0.1:${port}/`)
    const banner = page.getByRole('status', { name: 'Folder on disk' })
    await expect(banner).toContainText(repository)
    await expect(banner.getByLabel('Skill folders read')).toHaveText('Read .claude/skills (1), skills (1).')
    const skills = page.getByRole('listbox', { name: 'Skills' })
    await expect(skills.getByRole('option')).toHaveCount(2)
    await expect(skills.getByRole('option').first()).toContainText('.claude/skills/deploy/SKILL.md')
    await expect(skills.getByRole('option').nth(1)).toContainText('skills/calc/SKILL.md')

    await test.step('a skill deleted in the page is removed from .claude/skills/, and nothing else of .claude/ is touched', async () => {
      const guide = page.getByRole('button', { name: 'Skip the guide' })
      if (await guide.isVisible()) await guide.click()
      await skills.getByRole('option', { name: /deploy/ }).click()
      await skills.getByRole('option', { name: /deploy/ }).press('Delete')
      await expect(skills.getByRole('option')).toHaveCount(1)
      await expect
        .poll(() => {
          try {
            return readFileSync(join(repository, '.claude/skills/deploy/SKILL.md'), 'utf8')
          } catch {
            return null
          }
        })
        .toBeNull()
      expect(readFileSync(join(repository, '.claude/settings.json'), 'utf8')).toBe('{"permissions": {}}\n')
      expect(readFileSync(join(repository, 'THIRD_PARTY_NOTICES.md'), 'utf8')).toBe('Notices, not a skill.\n')
    })
  } finally {
    child.kill('SIGTERM')
    rmSync(repository, { recursive: true, force: true })
  }
})
