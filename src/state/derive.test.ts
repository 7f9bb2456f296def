import { describe, expect, it, vi } from 'vitest'
import * as skill from '../core/skill'
import { createDerivations } from './derive'

vi.mock('../core/skill', async (importOriginal) => {
  const original = await importOriginal<typeof skill>()
  return { ...original, parseSkill: vi.fn(original.parseSkill) }
})

const files = Array.from({ length: 300 }, (_, i) => ({
  path: `s${i}/SKILL.md`,
  text: `---\nname: s${i}\ndescription: Plans task ${i}.\ntrigger_keywords: [plan, task${i}]\n---\nBody\n`,
}))

describe('bulk work ahead of a render', () => {
  it('parses and lints imported files in slices, so the render that adds them parses nothing', async () => {
    const derive = createDerivations()
    const parse = vi.mocked(skill.parseSkill)
    parse.mockClear()
    await derive.prepare(files, 'app')
    expect(parse).toHaveBeenCalledTimes(300)
    parse.mockClear()
    const workspace = derive.workspace(files)
    expect(workspace.skills).toHaveLength(300)
    derive.lint(files, 'app')
    expect(parse).not.toHaveBeenCalled()
    // A file changed since it was prepared is parsed again, not taken stale.
    const changed = files.map((file, i) => (i === 7 ? { ...file, text: file.text.replace('task7', 'task7, seven') } : file))
    derive.workspace(changed)
    expect(parse).toHaveBeenCalledTimes(1)
    expect(derive.workspace(changed).skills.find((parsed) => parsed.path === 's7/SKILL.md')?.triggerKeywords).toEqual([
      'plan',
      'task7',
      'seven',
    ])
  })

  it('routes the suite in slices to the same result, and stops when newer files come', async () => {
    const suite = `${Array.from({ length: 50 }, (_, i) => `- utterance: plan task${i}\n  expect: s${i}\n`).join('')}`
    const withSuite = [...files, { path: 'routing-tests.yaml', text: suite }]
    const derive = createDerivations()
    expect(await derive.prepareTests(withSuite, 0.3, () => false)).toBe(false)
    expect(await derive.prepareTests(withSuite, 0.3, () => true)).toBe(true)
    const prepared = derive.tests(withSuite, 0.3)
    expect(prepared?.suite.passed).toBe(50)
    expect(prepared).toEqual(createDerivations().tests(withSuite, 0.3))
  })
})
