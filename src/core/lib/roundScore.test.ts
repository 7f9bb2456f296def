import { describe, expect, it } from 'vitest'
import { formatScore, roundFractions, roundScore } from './roundScore'

describe('scores rounded for display (issue 35 defect 17)', () => {
  it('rounds to three decimals, as a number and as text', () => {
    expect(roundScore(0.16 * 1.3)).toBe(0.208)
    expect(String(roundScore(0.16 * 1.3))).toBe('0.208')
    expect(roundScore(0.36400000000000005)).toBe(0.364)
    expect(formatScore(0.16 * 1.3)).toBe('0.208')
    expect(formatScore(1)).toBe('1.000')
  })

  it('rounds every fraction of a JSON report and leaves whole numbers and text alone', () => {
    const report = { rate: 2 / 3, interval: [0.34180000000000005, 0.9], trials: 3, name: '0.20800000000000002', final: null }
    expect(JSON.stringify(report, roundFractions)).toBe(
      '{"rate":0.667,"interval":[0.342,0.9],"trials":3,"name":"0.20800000000000002","final":null}',
    )
  })
})
