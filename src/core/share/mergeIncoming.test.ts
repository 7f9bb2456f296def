import { describe, expect, it } from 'vitest'
import { skillFolderFiles } from '../skill'
import { mergeIncoming } from './mergeIncoming'

const files = [
  { path: 'add_calc/SKILL.md', text: '---\nname: add_calc\n---\nAdds.\n' },
  { path: 'add_calc/skill.py', text: 'from .tool import add\ndef run(args):\n    return add(args)\n' },
  { path: 'add_calc/tool.py', text: 'def add(a):\n    return 1\n' },
  { path: 'add_calc/inner/SKILL.md', text: '---\nname: inner\n---\nNested.\n' },
  { path: 'add_calc/inner/main.py', text: 'def execute(p):\n    return 2\n' },
  { path: 'routing-tests.yaml', text: 'cases: []\n' },
]

describe("a skill's folder travels with it", () => {
  it('one skill is its SKILL.md and its folder’s files, without a nested skill’s', () => {
    expect(skillFolderFiles(files, 'add_calc/SKILL.md').map((file) => file.path)).toEqual([
      'add_calc/SKILL.md',
      'add_calc/skill.py',
      'add_calc/tool.py',
    ])
    expect(skillFolderFiles(files, 'add_calc/inner/SKILL.md').map((file) => file.path)).toEqual([
      'add_calc/inner/SKILL.md',
      'add_calc/inner/main.py',
    ])
  })

  it('arriving in a workspace with a skill of that name, it is renamed and its code moves with it', () => {
    const existing = files.slice(0, 3)
    const incoming = [
      { path: 'add_calc/SKILL.md', text: '---\nname: add_calc\n---\nAdds better.\n' },
      files[1]!,
      { path: 'add_calc/tool.py', text: 'def add(a):\n    return 2\n' },
    ]
    const merged = mergeIncoming(existing, incoming, 'shared')
    expect(merged.added).toEqual(['add_calc-shared/SKILL.md'])
    expect(merged.files.map((file) => file.path)).toEqual([
      'add_calc/SKILL.md',
      'add_calc/skill.py',
      'add_calc/tool.py',
      'add_calc-shared/SKILL.md',
      'add_calc-shared/skill.py',
      'add_calc-shared/tool.py',
    ])
    // The recipient's own files stay as they were.
    expect(merged.files.find((file) => file.path === 'add_calc/tool.py')?.text).toBe('def add(a):\n    return 1\n')
    expect(merged.files.find((file) => file.path === 'add_calc-shared/tool.py')?.text).toBe('def add(a):\n    return 2\n')
  })

  it('arriving in an empty workspace, the skill and its code land as they were', () => {
    const merged = mergeIncoming([], skillFolderFiles(files, 'add_calc/SKILL.md'), 'shared')
    expect(merged.files.map((file) => file.path)).toEqual(['add_calc/SKILL.md', 'add_calc/skill.py', 'add_calc/tool.py'])
    expect(merged.added).toEqual(['add_calc/SKILL.md'])
  })
})
