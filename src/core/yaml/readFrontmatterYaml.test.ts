import { describe, expect, it, vi } from 'vitest'
import * as yaml from 'yaml'
import { parseSkill } from '../skill'
import { splitSkillFile } from './splitSkillFile'

vi.mock('yaml', async (importOriginal) => {
  const original = await importOriginal<typeof yaml>()
  return { ...original, parseDocument: vi.fn(original.parseDocument) }
})

describe('a nested frontmatter read again', () => {
  it('is parsed once while only the body changes (a keystroke parses and lints the skill again)', () => {
    const head = '---\nname: calc\nparameters:\n  type: object\n  properties:\n    n: { type: number }\n---\n'
    const parse = vi.mocked(yaml.parseDocument)
    parse.mockClear()
    const first = parseSkill('calc/SKILL.md', `${head}Add.\n`)
    const second = parseSkill('calc/SKILL.md', `${head}Add them up.\n`)
    splitSkillFile(`${head}Add them up!\n`)
    expect(parse).toHaveBeenCalledTimes(1)
    expect(second).toEqual({ ...first, body: 'Add them up.\n' })
    // Each parse has values of its own: changing one skill's schema leaves the next parse alone.
    ;(first.parameters as { type: string }).type = 'changed'
    expect(parseSkill('calc/SKILL.md', `${head}x`).parameters).toMatchObject({ type: 'object' })
    // A changed frontmatter is read again.
    parseSkill('calc/SKILL.md', `${head.replace('number', 'string')}Add.\n`)
    expect(parse).toHaveBeenCalledTimes(2)
  })
})
