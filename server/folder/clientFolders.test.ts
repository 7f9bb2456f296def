import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { loadWorkspace, skillOrigins } from '../../src/core/skill'
import { openDiskWorkspace, type DiskWorkspace } from './diskWorkspace'

const opened: { workspace: DiskWorkspace; root: string }[] = []
afterEach(async () => {
  for (const { workspace, root } of opened.splice(0)) {
    await workspace.close()
    rmSync(root, { recursive: true, force: true })
  }
})

/** A repository with skills in Claude Code's folder and in skills/, and hidden files that are no one's skills. */
function repository() {
  const root = mkdtempSync(join(tmpdir(), 'client-folders-'))
  const files: Record<string, string> = {
    '.claude/skills/x/SKILL.md': '---\nname: x\ndescription: Claude Code skill.\n---\nBody.\n',
    '.claude/skills/x/scripts/run.py': 'print(1)\n',
    '.claude/settings.json': '{"permissions": {}}\n',
    '.claude/skills/x/.cache/notes.md': 'hidden inside a skill\n',
    'skills/y/SKILL.md': '---\nname: y\ndescription: Repository skill.\n---\nBody.\n',
    '.git/HEAD': 'ref\n',
    'README.md': '# repo\n',
    'THIRD_PARTY_NOTICES.md': 'Notices, not a skill.\n',
  }
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  const workspace = openDiskWorkspace(root, () => {})
  opened.push({ workspace, root })
  return { root, workspace }
}

describe('skill-playground open on a repository: the folders clients read', () => {
  it('opens with the skill in .claude/skills/ and the one in skills/, and says where each came from', async () => {
    const { workspace } = repository()
    const listing = await workspace.list()
    expect(listing.files.map((file) => file.path)).toEqual([
      '.claude/skills/x/SKILL.md',
      '.claude/skills/x/scripts/run.py',
      'skills/y/SKILL.md',
    ])
    const { skills } = loadWorkspace(listing.files)
    expect(skills.map((skill) => skill.name)).toEqual(['x', 'y'])
    expect(skillOrigins(skills.map((skill) => skill.path))).toEqual([
      { folder: '.claude/skills', skills: 1 },
      { folder: 'skills', skills: 1 },
    ])
  })

  it('writes a skill back into .claude/skills/, and still refuses the rest of .claude/ and other hidden paths', async () => {
    const { root, workspace } = repository()
    const listing = await workspace.list()
    const x = listing.files.find((file) => file.path === '.claude/skills/x/SKILL.md')
    const text = '---\nname: x\ndescription: Edited in the page.\n---\nBody.\n'
    expect(workspace.write('.claude/skills/x/SKILL.md', text, x?.version ?? null)).toMatchObject({ ok: true })
    expect(readFileSync(join(root, '.claude/skills/x/SKILL.md'), 'utf8')).toBe(text)
    expect(workspace.write('.claude/skills/new/SKILL.md', '---\nname: new\n---\n', null)).toMatchObject({ ok: true })
    for (const path of ['.claude/settings.json', '.claude/skills/x/.cache/notes.md', '.git/HEAD', '.claude/skills-old/z/SKILL.md'])
      expect(workspace.write(path, 'x', null)).toMatchObject({ ok: false, status: 400, error: 'Hidden files and folders are left alone.' })
    expect(readFileSync(join(root, '.claude/settings.json'), 'utf8')).toBe('{"permissions": {}}\n')
  })
})
