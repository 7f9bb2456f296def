import { describe, expect, it } from 'vitest'
import { PATTERN_TIME_LIMIT_MS } from '../core/evals'
import { checkPatternInVm } from './checkPatternInVm'

describe('checkPatternInVm', () => {
  it('answers tame regexes and schemas as they are', async () => {
    expect(await checkPatternInVm({ kind: 'regex', pattern: '/^\\d+$/', text: '123' })).toEqual({ passed: true })
    expect(await checkPatternInVm({ kind: 'regex', pattern: '/^\\d+$/', text: '12a' })).toEqual({ passed: false })
    expect(await checkPatternInVm({ kind: 'schema', schema: { type: 'array' }, value: {} })).toMatchObject({
      passed: false,
      problem: expect.stringContaining('array'),
    })
  })

  it('stops a catastrophic regex and a schema pattern at the limit, and goes on working', async () => {
    const started = Date.now()
    expect(await checkPatternInVm({ kind: 'regex', pattern: '/(\\d+)+x/', text: '1'.repeat(34) })).toEqual({
      passed: false,
      problem: `the regular expression /(\\d+)+x/ ran longer than ${PATTERN_TIME_LIMIT_MS / 1000} s and was stopped`,
    })
    const schema = { type: 'object', properties: { name: { type: 'string', pattern: '^(a+)+$' } } }
    expect(await checkPatternInVm({ kind: 'schema', schema, value: { name: `${'a'.repeat(40)}!` } })).toEqual({
      passed: false,
      problem: `the answer_schema ran longer than ${PATTERN_TIME_LIMIT_MS / 1000} s and was stopped`,
    })
    expect(Date.now() - started).toBeLessThan(PATTERN_TIME_LIMIT_MS * 2 + 2000)
    expect(await checkPatternInVm({ kind: 'schema', schema, value: { name: 'aaa' } })).toEqual({ passed: true })
  })
})
