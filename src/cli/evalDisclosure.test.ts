/** `skill-playground eval` with bundled files: the skill's references and scripts are read from its folder, and files_read / scripts_run assert on them. */
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadWorkspace } from '../core/skill'
import { readBundledFiles } from './readBundledFiles'
import { readSkillsDir } from './readSkillsDir'
import { runCli } from './runCli'

function folder() {
  const root = mkdtempSync(join(tmpdir(), 'eval-bundled-'))
  const outside = mkdtempSync(join(tmpdir(), 'eval-outside-'))
  writeFileSync(join(outside, 'secret.md'), 'outside secret')
  mkdirSync(join(root, 'pdf/scripts'), { recursive: true })
  mkdirSync(join(root, 'pdf/.git'), { recursive: true })
  writeFileSync(
    join(root, 'pdf/SKILL.md'),
    '---\nname: pdf\ndescription: PDF forms.\ntrigger_keywords: [pdf]\n---\nField rules: `reference.md`. To fill a form, run `scripts/fill_form.py`.\n',
  )
  writeFileSync(join(root, 'pdf/reference.md'), 'Dates are YYYY-MM-DD.\n')
  writeFileSync(join(root, 'pdf/scripts/fill_form.py'), 'print("filled")\n')
  writeFileSync(join(root, 'pdf/logo.png'), Buffer.from([0x89, 0x50, 0x00, 0x01]))
  writeFileSync(join(root, 'pdf/.git/config'), 'hidden')
  symlinkSync(join(outside, 'secret.md'), join(root, 'pdf/linked.md'))
  return root
}

describe('eval with bundled files', () => {
  it('reads the text files beside each skill, not hidden ones, binaries or links', () => {
    const root = folder()
    const files = readSkillsDir(root)
    const bundled = readBundledFiles(root, loadWorkspace(files).skills, files)
    // The code files come with the skill already (readSkillsDir); the rest are added.
    expect(bundled.map((file) => file.path)).toEqual(['pdf/reference.md'])
    expect(files.map((file) => file.path).sort()).toEqual(['pdf/SKILL.md', 'pdf/scripts/fill_form.py'])
  })

  it('asserts files_read and scripts_run with the scripted model (the script in the real sandbox)', { timeout: 90_000 }, async () => {
    const root = folder()
    writeFileSync(
      join(root, 'evals.yaml'),
      'cases:\n  - name: fills the form\n    utterance: "pdf: fill the form with the field reference"\n    expect:\n      files_read: [reference.md]\n      scripts_run: [scripts/fill_form.py]\n      files_not_read: [linked.md]\n      answer_contains: [filled]\n',
    )
    const out: string[] = []
    const err: string[] = []
    const code = await runCli(['eval', '--skills', root, '--json', '--threshold', '0.05'], {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      lines: async function* () {},
    })
    expect(err).toEqual([])
    const report = JSON.parse(out.join('\n')) as { cases: { name: string; passed: number; failures: unknown[] }[] }
    expect(JSON.stringify(report.cases[0]?.failures)).toBe('[]')
    expect(report.cases[0]).toMatchObject({ name: 'fills the form', passed: 1, failures: [] })
    expect(code).toBe(0)
  })
})
