import { describe, expect, it } from 'vitest'
import { BULK_STEP } from '../lib/bulkStep'
import { finishSteps } from '../lib/finishSteps'
import { placeIncoming, placeIncomingInSteps, type SkillFile } from '../skill'
import { mergeIncoming, mergeIncomingInSteps } from './mergeIncoming'

const skill = (name: string, body = 'Body') => `---\nname: ${name}\ndescription: Does ${name}.\n---\n${body}\n`

/** A workspace and an import that clash every way the merge handles: taken paths, taken names, identical skills, folders that move, other files. */
function clashing(count: number): { own: SkillFile[]; incoming: SkillFile[] } {
  const own: SkillFile[] = [
    ...Array.from({ length: count / 2 }, (_, i) => ({ path: `s${i}/SKILL.md`, text: skill(`s${i}`) })),
    { path: 'calc.md', text: skill('calc') },
    { path: 'notes.txt', text: 'mine' },
  ]
  const incoming: SkillFile[] = [
    ...Array.from({ length: count }, (_, i) => ({ path: `s${i}/SKILL.md`, text: skill(`s${i}`, i % 3 === 0 ? 'Body' : `Theirs ${i}`) })),
    ...Array.from({ length: 40 }, (_, i) => ({ path: `s${i * 7}/scripts/run.py`, text: `print(${i})` })),
    { path: 'calc/SKILL.md', text: skill('calc') },
    { path: 'notes.txt', text: 'theirs' },
    { path: 'tool/main.py', text: 'def main(): pass' },
    { path: 'tool/schema.json', text: '{"name": "tool"}' },
  ]
  return { own, incoming }
}

describe('merging an import in steps', () => {
  it('gives exactly the merge made at once, over a few hundred files a step', () => {
    const { own, incoming } = clashing(1400)
    const steps = mergeIncomingInSteps(own, incoming, 'imported')
    let count = 0
    let step = steps.next()
    while (!step.done) {
      count++
      step = steps.next()
    }
    const once = mergeIncoming(own, incoming, 'imported')
    expect(step.value).toEqual(once)
    expect(once.renamed.length).toBeGreaterThan(0)
    expect(once.identical.length).toBeGreaterThan(0)
    expect(count).toBeGreaterThanOrEqual((2 * incoming.length) / BULK_STEP)
  })

  it('places files exactly as placing them at once does', () => {
    const { own, incoming } = clashing(1200)
    expect(finishSteps(placeIncomingInSteps(own, incoming, 'shared'))).toEqual(placeIncoming(own, incoming, 'shared'))
  })
})
