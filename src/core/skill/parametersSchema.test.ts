import { describe, expect, it } from 'vitest'
import { SEED_004, SEED_004_PARAMETERS } from './seedFixtures'
import { parseSkill } from './parseSkill'
import { isParametersShorthand, readParameters } from './parametersSchema'
import { readSchemaFile } from './skillCode'

describe('seed 004 parameters shorthand', () => {
  it('reads the shorthand as the JSON Schema it means', () => {
    const skill = parseSkill('add_calc/SKILL.md', SEED_004['add_calc/SKILL.md'])
    expect(skill.parameters).toEqual(SEED_004_PARAMETERS)
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
