import { describe, expect, it } from 'vitest'
import { parseSkill, type SkillFile } from '../skill'
import {
  MAX_SKILL_FILE_CHARS,
  readSkillFile,
  readSkillFileSpec,
  resolveSkillFilePath,
  runSkillScriptSpec,
  scriptRunRequest,
  skillBundle,
  workspaceBundles,
  type SkillBundle,
} from './skillFileTools'
import { ToolRefusal } from './types'

const workspace: SkillFile[] = [
  { path: 'pdf/SKILL.md', text: '---\nname: pdf\ndescription: PDFs.\n---\nSee reference.md; run scripts/check_form.py.\n' },
  { path: 'pdf/reference.md', text: '# Reference\nUse pypdf.\n' },
  { path: 'pdf/forms.md', text: 'Forms.' },
  { path: 'pdf/scripts/check_form.py', text: 'import sys\nprint("fields", sys.argv[1:])\n' },
  { path: 'pdf/scripts/fill.sh', text: '#!/bin/sh\necho hi\n' },
  { path: 'pdf/assets/logo.png', text: '\u0000PNG' },
  { path: 'pdf/assets/latest', text: '../../weather/secret.md' },
  { path: 'pdf/big.md', text: 'x'.repeat(MAX_SKILL_FILE_CHARS + 10) },
  { path: 'pdf/inner/SKILL.md', text: '---\nname: inner\n---\nInner.\n' },
  { path: 'pdf/inner/secret.md', text: 'inner secret' },
  { path: 'weather/SKILL.md', text: '---\nname: weather\n---\nWeather.\n' },
  { path: 'weather/secret.md', text: 'weather secret' },
  { path: 'flat.md', text: '---\nname: flat\n---\nFlat.\n' },
]
const skills = workspace.filter((file) => file.path.endsWith('SKILL.md') || file.path === 'flat.md').map((f) => parseSkill(f.path, f.text))
const pdf = skillBundle(skills[0]!, workspace)!

const refusal = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(ToolRefusal)
    return (error as Error).message
  }
  throw new Error('not refused')
}

describe('read_skill_file', () => {
  it("bundles a skill's folder without its SKILL.md or a nested skill's files; flat skills have none", () => {
    expect(pdf.files.map((file) => file.path)).toEqual([
      'reference.md',
      'forms.md',
      'scripts/check_form.py',
      'scripts/fill.sh',
      'assets/logo.png',
      'assets/latest',
      'big.md',
    ])
    expect(pdf.nestedSkills).toEqual(['inner'])
    const bundles = workspaceBundles(skills, workspace)
    expect([...bundles.keys()]).toEqual(['pdf/SKILL.md', 'pdf/inner/SKILL.md', 'weather/SKILL.md'])
    expect(
      skillBundle(
        skills.find((skill) => skill.name === 'flat')!,
        workspace,
      ),
    ).toBeNull()
  })

  it('reads a file by its path in the folder, or with the folder in front', () => {
    expect(readSkillFile(pdf, { path: 'reference.md' })).toEqual({
      skill: 'pdf',
      path: 'reference.md',
      characters: 23,
      content: '# Reference\nUse pypdf.\n',
      truncated: false,
    })
    expect(readSkillFile(pdf, { path: './pdf/reference.md' }).path).toBe('reference.md')
    expect(readSkillFile(pdf, { path: 'scripts//check_form.py' }).content).toContain('sys.argv')
  })

  it.each([
    ['../weather/secret.md', 'leaves the skill'],
    ['scripts/../../weather/secret.md', 'leaves the skill'],
    ['/etc/passwd', 'absolute path'],
    ['~/.ssh/id_rsa', 'absolute path'],
    ['C:\\Windows\\win.ini', 'absolute path'],
    ['\\\\server\\share', 'absolute path'],
    ['scripts\\check_form.py', 'Use /'],
    ['%2e%2e/weather/secret.md', 'Percent-encoded'],
    ['file:///etc/passwd', 'an address'],
    ['https://example.org/x.md', 'an address'],
    ['reference.md\u0000.png', 'control characters'],
    ['inner/secret.md', "another skill's folder"],
    ['inner/SKILL.md', "another skill's folder"],
    ['weather/SKILL.md', "another skill's SKILL.md"],
    ['weather/secret.md', 'has no file'],
    ['assets/logo.png', 'not a text file'],
    ['assets/latest', 'is a link'],
    ['SKILL.md', 'already in the conversation'],
    ['scripts', 'is a folder'],
    ['', 'A path is required'],
  ])('refuses %j with a clear message', (path, said) => {
    expect(refusal(() => readSkillFile(pdf, { path }))).toContain(said)
  })

  it('cuts a long file with a visible mark that says how to read on', () => {
    const read = readSkillFile(pdf, { path: 'big.md' })
    expect(read.truncated).toBe(true)
    expect(read.content).toContain(`[… cut: big.md has ${(MAX_SKILL_FILE_CHARS + 10).toLocaleString('en')} characters`)
    expect(read.content).toContain(`offset ${MAX_SKILL_FILE_CHARS}`)
    expect(readSkillFile(pdf, { path: 'big.md', offset: MAX_SKILL_FILE_CHARS })).toMatchObject({
      content: 'x'.repeat(10),
      truncated: false,
    })
  })

  it("is described to the model from the skill's own file list", () => {
    const spec = readSkillFileSpec([pdf])
    expect(spec.description).toContain('- pdf: reference.md (23 chars), forms.md (6 chars), scripts/check_form.py')
    expect(spec.parameters).toMatchObject({ required: ['skill', 'path'], properties: { skill: { enum: ['pdf'] } } })
  })

  it('resolves without touching files: the folder name in front is dropped only when the skill has no such folder', () => {
    const odd: SkillBundle = { skill: 'pdf', folder: 'pdf', files: [{ path: 'pdf/notes.md', text: 'own' }], nestedSkills: [] }
    expect(resolveSkillFilePath(odd, 'pdf/notes.md')).toBe('pdf/notes.md')
    expect(resolveSkillFilePath(pdf, 'pdf/forms.md')).toBe('forms.md')
  })
})

describe('run_skill_script', () => {
  it('makes a sandbox request: the script as entry, argv, the text files of the folder', () => {
    const request = scriptRunRequest(pdf, { path: 'scripts/check_form.py', args: ['form.pdf'] })
    expect(request).toMatchObject({ entry: 'scripts/check_form.py', script: { argv: ['form.pdf'] } })
    expect(request.files.map((file) => file.path)).not.toContain('assets/logo.png')
    expect(request.files.map((file) => file.path)).toContain('reference.md')
  })

  it('refuses other languages, naming what is supported', () => {
    const message = refusal(() => scriptRunRequest(pdf, { path: 'scripts/fill.sh' }))
    expect(message).toContain('"scripts/fill.sh" (.sh) cannot run here')
    expect(message).toContain('Python 3')
    expect(message).toContain('(.py)')
  })

  it('refuses hostile paths the same way as reads', () => {
    expect(refusal(() => scriptRunRequest(pdf, { path: '../weather/x.py' }))).toContain('leaves the skill')
    expect(refusal(() => scriptRunRequest(pdf, { path: '/tmp/x.py' }))).toContain('absolute path')
  })

  it('lists only the scripts it can run', () => {
    expect(runSkillScriptSpec([pdf]).description).toContain('- pdf: scripts/check_form.py')
    expect(runSkillScriptSpec([pdf]).description).not.toContain('fill.sh')
  })
})
