import { describe, expect, it } from 'vitest'
import { terminalSafe } from './terminalSafe'

describe('terminalSafe', () => {
  it('shows what a terminal or a CI log would obey as JSON escapes, and leaves tabs and other text alone', () => {
    expect(terminalSafe('a\u001b]0;title\u0007b')).toBe('a\\u001b]0;title\\u0007b')
    expect(terminalSafe('x\n::error file=a::b\r')).toBe('x\\u000a::error file=a::b\\u000d')
    expect(terminalSafe('\u007f\u0080\u009b\u2028\u2029')).toBe('\\u007f\\u0080\\u009b\\u2028\\u2029')
    expect(terminalSafe('\u202a\u202e\u2066\u2069')).toBe('\\u202a\\u202e\\u2066\\u2069')
    expect(terminalSafe('tab\there 天气 😀 \u00a0')).toBe('tab\there 天气 😀 \u00a0')
  })

  it('keeps a line of JSON valid and equal to what it held', () => {
    const value = { name: 'a\u009b31m\u202eb\u2066', n: [1, '\u007f'] }
    const line = terminalSafe(JSON.stringify(value))
    expect(line).not.toMatch(/[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/)
    expect(JSON.parse(line)).toEqual(value)
  })
})
