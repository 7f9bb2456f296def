import { describe, expect, it } from 'vitest'
import { parseSkill } from '../skill'
import { BUILTIN_TOOL_NAMES } from '../tools'
import { DEFAULT_SYSTEM_PROMPT, effectiveConfig } from './effectiveConfig'

describe('effectiveConfig', () => {
  it('uses the default prompt, all tools and 5 rounds without a skill', () => {
    const config = effectiveConfig(null)
    expect(config).toMatchObject({ skill: null, systemPrompt: DEFAULT_SYSTEM_PROMPT, maxRounds: 5, narrowed: false })
    expect(config.tools.map((tool) => tool.name)).toEqual(BUILTIN_TOOL_NAMES)
  })

  it("narrows to the skill's required tools, marks unknown ones missing and adds its own tools", () => {
    const skill = parseSkill(
      's/SKILL.md',
      '---\nname: s\nrequired_tools: [calculator, teleport]\nmax_rounds: 2\ntools:\n  lookup: { description: d, mock: 1 }\n---\nBe brief.\n',
    )
    expect(effectiveConfig(skill)).toEqual({
      skill: 's',
      systemPrompt: 'Be brief.\n',
      narrowed: true,
      maxRounds: 2,
      tools: [
        { name: 'calculator', source: 'builtin', missing: false },
        { name: 'teleport', source: 'builtin', missing: true },
        { name: 'lookup', source: 'skill', missing: false },
      ],
    })
  })
})
