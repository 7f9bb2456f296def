import { describe, expect, it } from 'vitest'
import { SEED_004, SEED_004_PARAMETERS } from '../skill/seedFixtures'
import { parseSkill } from '../skill'
import { applyFix, lintWorkspace } from './index'

describe('parameters-shorthand (seed 004)', () => {
  it('lint: an info with a quick fix that writes the full schema, never an error', () => {
    const files = [{ path: 'add_calc/SKILL.md', text: SEED_004['add_calc/SKILL.md'] }]
    for (const profile of ['app', 'strict', 'lenient'] as const) {
      const findings = lintWorkspace(files, { profile }).findings.get('add_calc/SKILL.md') ?? []
      expect(findings.filter((finding) => finding.code.startsWith('parameters')).map((f) => [f.code, f.severity])).toEqual([
        ['parameters-shorthand', 'info'],
      ])
    }
    const finding = lintWorkspace(files)
      .findings.get('add_calc/SKILL.md')!
      .find((f) => f.code === 'parameters-shorthand')!
    expect(finding.message).toContain('"required":["numbers"]')
    expect(finding.fix?.title).toBe('Write the full JSON Schema')
    const fixed = applyFix(SEED_004['add_calc/SKILL.md'], finding.fix)
    expect(fixed).toContain(
      'parameters:\n  type: object\n  properties:\n    numbers:\n      type: array\n      items:\n        type: number\n      description: 需要相加的数字列表\n  required: [numbers]\n---\n',
    )
    const after = parseSkill('add_calc/SKILL.md', fixed)
    expect(after.parameters).toEqual(SEED_004_PARAMETERS)
    expect(after.description.trim()).toBe('当用户需要对两个或多个数字进行加法计算时使用。')
    expect(after.body).toBe('用于执行基础的加法运算。\n')
    // Fixed, the skill has nothing left to say about its parameters.
    const again = lintWorkspace([{ path: 'add_calc/SKILL.md', text: fixed }]).findings.get('add_calc/SKILL.md') ?? []
    expect(again.filter((f) => f.code.startsWith('parameters'))).toEqual([])
  })
})
