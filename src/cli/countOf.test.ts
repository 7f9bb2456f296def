import { describe, expect, it } from 'vitest'
import { countOf } from './countOf'
import { simulatedLabel } from './simulatedLabel'

describe('the CLI says counts and labels in proper English (issue 35 defect 17)', () => {
  it('"1 trial", "2 trials", "1 query", "3 queries"', () => {
    expect(countOf(1, 'trial')).toBe('1 trial')
    expect(countOf(2, 'trial')).toBe('2 trials')
    expect(countOf(0, 'case')).toBe('0 cases')
    expect(countOf(1, 'query', 'queries')).toBe('1 query')
    expect(countOf(3, 'query', 'queries')).toBe('3 queries')
    expect(countOf(1200, 'skill')).toBe('1,200 skills')
  })

  it('says "simulated" once: never "Scripted (offline) (simulated)"', () => {
    expect(simulatedLabel('Scripted (offline)', true)).toBe('Scripted (offline, simulated)')
    expect(simulatedLabel('Scripted', true)).toBe('Scripted (simulated)')
    expect(simulatedLabel('Scripted (simulated)', true)).toBe('Scripted (simulated)')
    expect(simulatedLabel('gpt-4o-mini', false)).toBe('gpt-4o-mini')
  })
})
