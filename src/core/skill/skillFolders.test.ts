import { describe, expect, it } from 'vitest'
import { checkSkillName, pathForName, placeIncoming } from './workspacePaths'
import { describeOrigins, isLeftAlonePath, isRepository, isRootDocument, skillOrigin, skillOrigins } from './skillFolders'

describe('the folders clients read', () => {
  it('reads the clients’ folders at the root and leaves every other hidden path alone', () => {
    for (const path of [
      '.claude',
      '.claude/skills',
      '.claude/skills/x/SKILL.md',
      '.agents/skills/a/scripts/run.py',
      '.github/skills',
      '.codex/skills/c/SKILL.md',
      'skills/y/SKILL.md',
      'skills/.curated/k/SKILL.md',
    ])
      expect(isLeftAlonePath(path)).toBe(false)
    for (const path of [
      '.claude/settings.json',
      '.claude/skills-old/x/SKILL.md',
      '.claude/skills/x/.cache/a.md',
      '.git/HEAD',
      'node_modules/x/SKILL.md',
      'a/.claude/skills/x/SKILL.md',
      'skills/.hidden/h/SKILL.md',
      '.github/workflows/ci.yml',
    ])
      expect(isLeftAlonePath(path)).toBe(true)
  })

  it('says where each skill came from, in the clients’ order, then the others', () => {
    expect(skillOrigin('.claude/skills/x/SKILL.md')).toBe('.claude/skills')
    expect(skillOrigin('skills/y/SKILL.md')).toBe('skills')
    expect(skillOrigin('calc/SKILL.md')).toBeNull()
    const origins = skillOrigins(['skills/y/SKILL.md', 'tools/t/SKILL.md', '.claude/skills/x/SKILL.md', '.agents/skills/a/SKILL.md'])
    expect(describeOrigins(origins)).toBe('.agents/skills (1), .claude/skills (1), skills (1), other folders (1)')
    expect(describeOrigins(skillOrigins(['calc/SKILL.md']))).toBeNull()
  })

  it('a repository’s root Markdown is its own document; a skills folder’s is a skill', () => {
    expect(isRepository(['skills/y/SKILL.md', 'CLA.md'])).toBe(true)
    expect(isRepository(['calc/SKILL.md', 'weather.md'])).toBe(false)
    expect(isRootDocument('CLA.md')).toBe(true)
    expect(isRootDocument('skills/y/SKILL.md')).toBe(false)
  })
})

describe('a skill in a client’s folder stays there', () => {
  const files = [{ path: '.claude/skills/deploy/SKILL.md', text: '---\nname: deploy\n---\nDeploy.\n' }]

  it('when renamed, duplicated or clashing with an incoming one', () => {
    expect(checkSkillName('ship', '.claude/skills/deploy/SKILL.md', files)).toEqual({
      ok: true,
      name: 'ship',
      path: '.claude/skills/ship/SKILL.md',
    })
    expect(pathForName('deploy-2', '.claude/skills/deploy/SKILL.md')).toBe('.claude/skills/deploy-2/SKILL.md')
    expect(
      placeIncoming(
        files,
        files.map((file) => ({ ...file, text: `${file.text}changed\n` })),
        'shared',
      ).placed[0]?.path,
    ).toBe('.claude/skills/deploy-shared/SKILL.md')
    // A skill at the root keeps its layout, as before.
    expect(pathForName('calc-2', 'calc/SKILL.md')).toBe('calc-2/SKILL.md')
    expect(pathForName('plain', 'flat.md')).toBe('plain.md')
    expect(pathForName('new')).toBe('new/SKILL.md')
  })
})

describe('a client’s skills folder is no group', () => {
  it('skills in .claude/skills/ and skills/ have no group; a group folder elsewhere still is one', async () => {
    const { parseSkill } = await import('./parseSkill')
    expect(parseSkill('.claude/skills/x/SKILL.md', '---\nname: x\n---\n').group).toBeUndefined()
    expect(parseSkill('skills/y/SKILL.md', '---\nname: y\n---\n').group).toBeUndefined()
    expect(parseSkill('finance/report/SKILL.md', '---\nname: report\n---\n').group).toBe('finance')
    expect(parseSkill('.claude/skills/finance/report/SKILL.md', '---\nname: report\n---\n').group).toBe('finance')
  })
})
