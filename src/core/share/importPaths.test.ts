import { describe, expect, it } from 'vitest'
import { importPaths } from './importPaths'

describe('importPaths', () => {
  it('takes skills, the suites and skill folders’ files below skills/, names the rest and never places hidden files or packages', () => {
    const picked = [
      'proj/skills/calc/SKILL.md',
      'proj/skills/calc/skill.py',
      'proj/skills/calc/references/guide.md',
      'proj/skills/routing-tests.yaml',
      'proj/skills/weather.md',
      'proj/skills/notes.txt',
      'proj/README.md',
      'proj/package.json',
      'proj/src/app.ts',
      'proj/node_modules/left-pad/index.js',
      'proj/node_modules/x/skills/y/SKILL.md',
      'proj/.git/config',
      'proj/skills/calc/.DS_Store',
    ]
    expect(importPaths(picked)).toEqual({
      paths: [
        'calc/SKILL.md',
        'calc/skill.py',
        'calc/references/guide.md',
        'routing-tests.yaml',
        'weather.md',
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
      ],
      outside: ['notes.txt', 'README.md', 'package.json', 'src/app.ts'],
    })
  })

  it('takes a folder without skills/ from below the picked folder, and keeps a second folder of the same path at its longer one', () => {
    expect(importPaths(['team/a/SKILL.md', 'team/a/tool.py', 'team/old/skills/a/SKILL.md', 'team/LICENSE']).paths).toEqual([
      'a/SKILL.md',
      'a/tool.py',
      'old/skills/a/SKILL.md',
      null,
    ])
  })

  it('takes loose picked files that are skills or suites, and a lone SKILL.md as imported/SKILL.md', () => {
    expect(importPaths(['weather.md', 'SKILL.md', 'evals.yaml', 'photo.txt'])).toEqual({
      paths: ['weather.md', 'imported/SKILL.md', 'evals.yaml', null],
      outside: ['photo.txt'],
    })
  })
})
