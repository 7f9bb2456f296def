import { describe, expect, it } from 'vitest'
import { codePointLength } from '../lib/text'
import { parseSkill } from './parseSkill'
import { SKILL_DEFAULTS } from './types'
import { writtenDescription } from './writtenDescription'

describe('writtenDescription', () => {
  it('is empty when the field is absent, not the placeholder listings show (issue 35 defect 13)', () => {
    const skill = parseSkill('refund/SKILL.md', '---\nname: refund\ntrigger_keywords: [退款]\n---\nBody.\n')
    expect(skill.description).toBe(SKILL_DEFAULTS.description)
    expect(writtenDescription(skill)).toBe('')
    expect(codePointLength(writtenDescription(skill))).toBe(0)
  })

  it('is the text as written, an empty one and one that reads like the placeholder included', () => {
    expect(writtenDescription(parseSkill('a.md', '---\nname: a\ndescription: ""\n---\n'))).toBe('')
    expect(writtenDescription(parseSkill('a.md', '---\nname: a\ndescription: 处理退款申请\n---\n'))).toBe('处理退款申请')
    expect(writtenDescription(parseSkill('a.md', '---\nname: a\ndescription: No description\n---\n'))).toBe('No description')
  })
})
