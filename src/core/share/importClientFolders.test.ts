import { describe, expect, it } from 'vitest'
import { importPaths } from './importPaths'

describe('importPaths: a repository with clients’ skill folders', () => {
  it('keeps each skill under the folder it came from, and leaves the rest of the hidden folders alone', () => {
    const picked = [
      'repo/.claude/skills/x/SKILL.md',
      'repo/.claude/skills/x/scripts/run.py',
      'repo/.claude/settings.json',
      'repo/.agents/skills/x/SKILL.md',
      'repo/skills/y/SKILL.md',
      'repo/.git/config',
      'repo/README.md',
    ]
    expect(importPaths(picked)).toEqual({
      paths: [
        '.claude/skills/x/SKILL.md',
        '.claude/skills/x/scripts/run.py',
        null,
        '.agents/skills/x/SKILL.md',
        'skills/y/SKILL.md',
        null,
        null,
      ],
      outside: ['README.md'],
    })
  })

  it('a repository with only skills/ is taken below it, as before', () => {
    expect(importPaths(['repo/skills/y/SKILL.md', 'repo/.git/config']).paths).toEqual(['y/SKILL.md', null])
  })

  it('a picked client folder itself is read', () => {
    expect(importPaths(['.claude/skills/x/SKILL.md']).paths).toEqual(['x/SKILL.md'])
  })
})

describe('a repository’s own documents are not skills', () => {
  it('Markdown at the root of a repository is named in the report, not imported as a skill', () => {
    expect(importPaths(['repo/.claude/skills/x/SKILL.md', 'repo/THIRD_PARTY_NOTICES.md', 'repo/CLA.md'])).toEqual({
      paths: ['.claude/skills/x/SKILL.md', null, null],
      outside: ['THIRD_PARTY_NOTICES.md', 'CLA.md'],
    })
  })
})
