import { describe, expect, it } from 'vitest'
import { parseSkill } from './parseSkill'
import { isParametersShorthand, readParameters } from './parametersSchema'
import { readSchemaFile } from './skillCode'

/** skills/add_calc/SKILL.md as seed 004 (/work/shared/seeds/004_*.md, section 三) writes it, byte for byte. */
const SEED_004_SKILL = `---
name: add-calc
description: >
  当用户需要对两个或多个数字进行加法计算时使用。
parameters:
  numbers:
    type: array
    items: number
    description: 需要相加的数字列表
  required: [numbers]
---
用于执行基础的加法运算。
`

const FULL = {
  type: 'object',
  properties: { numbers: { type: 'array', items: { type: 'number' }, description: '需要相加的数字列表' } },
  required: ['numbers'],
}

describe('seed 004 parameters shorthand', () => {
  it('reads the shorthand as the JSON Schema it means', () => {
    const skill = parseSkill('add_calc/SKILL.md', SEED_004_SKILL)
    expect(skill.parameters).toEqual(FULL)
    expect(skill.diagnostics).toEqual([])
  })

  it('keeps a full schema as written (the same object) and expands only a bare items type', () => {
    const full = { type: 'object', properties: { q: { type: 'string' } } }
    expect(readParameters(full)).toEqual({ schema: full, shorthand: false })
    expect(readParameters(full).schema).toBe(full)
    const bare = { type: 'object', properties: { n: { type: 'array', items: 'integer' } } }
    expect(readParameters(bare)).toEqual({
      schema: { type: 'object', properties: { n: { type: 'array', items: { type: 'integer' } } } },
      shorthand: true,
    })
  })

  it('tells the shorthand from a schema: schema keywords at the top, or a non-schema value, are not it', () => {
    expect(isParametersShorthand({ numbers: { type: 'array' }, required: ['numbers'] })).toBe(true)
    expect(isParametersShorthand({ count: 'integer' })).toBe(true)
    expect(isParametersShorthand({ type: 'object', properties: {} })).toBe(false)
    expect(isParametersShorthand({ oneOf: [] })).toBe(false)
    expect(isParametersShorthand({ required: ['x'] })).toBe(false)
    expect(isParametersShorthand({ numbers: 3 })).toBe(false)
  })

  it('a property named __proto__ stays a property', () => {
    const raw = JSON.parse('{"__proto__": {"type": "string"}}') as Record<string, unknown>
    const { schema } = readParameters(raw)
    expect(Object.keys(schema.properties as object)).toEqual(['__proto__'])
    expect(Object.getPrototypeOf(schema.properties)).toBe(Object.prototype)
  })

  it('schema.json parameters in the shorthand are read the same way', () => {
    expect(
      readSchemaFile(JSON.stringify({ name: 'add', parameters: { numbers: { type: 'array', items: 'number' }, required: ['numbers'] } })),
    ).toEqual({
      parameters: { type: 'object', properties: { numbers: { type: 'array', items: { type: 'number' } } }, required: ['numbers'] },
      problem: null,
    })
  })
})
