import { describe, expect, it } from 'vitest'
import { BULK_STEP } from '../lib/bulkStep'
import { finishSteps } from '../lib/finishSteps'
import { createKeywordMatcher, createKeywordMatcherInSteps } from '../lib/keywordMatcher'
import {
  createDescriptionMatcher,
  createDescriptionMatcherInSteps,
  createDescriptionRouter,
  createDescriptionRouterInSteps,
  createRouter,
  createRouterInSteps,
  type DescribedRoutableSkill,
} from './index'

/** Skills of every shape the compiles read: shared and repeated keywords in any case, none, empty, CJK, manual, a path twice, a "do not use" part. */
function manySkills(count: number): DescribedRoutableSkill[] {
  return Array.from({ length: count }, (_, i): DescribedRoutableSkill => ({
    name: `s${i}`,
    path: i === count - 1 ? 's0/SKILL.md' : `s${i}/SKILL.md`,
    description:
      i % 4 === 0
        ? `Summarises report ${i} and plans 规划${i % 50}. Do not use for invoices ${i % 7}.`
        : `Plans task ${i} for the team; 计算 ${i % 9}.`,
    triggerKeywords: i % 4 === 0 ? [] : i % 4 === 1 ? ['plan', `Task${i}`, `task${i}`, ''] : [`规划${i % 50}`, `step ${i % 300}`, 'PLAN'],
    entryMode: i % 11 === 0 ? 'manual' : 'auto',
  }))
}

const utterances = ['plan task12', 'PLAN step 7 and task1201', '帮我规划3一下', 'summarises report 400 invoices 1', 'nothing here', '']

/** Runs two stepped compiles at once, one step of each in turn, as a page might while another import prepares. */
function interleaved<A, B>(a: Generator<void, A>, b: Generator<void, B>): { a: A; b: B } {
  let stepA = a.next()
  let stepB = b.next()
  while (!stepA.done || !stepB.done) {
    if (!stepA.done) stepA = a.next()
    if (!stepB.done) stepB = b.next()
  }
  return { a: stepA.value, b: stepB.value }
}

function countSteps<T>(steps: Generator<void, T>): { value: T; count: number } {
  for (let count = 0; ; count++) {
    const step = steps.next()
    if (step.done) return { value: step.value, count }
  }
}

describe('compiling in steps (an import of thousands of skills, docs/bench.md)', () => {
  const skills = manySkills(2600)
  const others = manySkills(700).map((skill) => ({ ...skill, triggerKeywords: ['other'], description: 'Other things.' }))

  it('the keyword router compiled in steps routes every utterance exactly as the one compiled at once', () => {
    const once = createRouter(skills)
    const { a: stepped, b: other } = interleaved(createRouterInSteps(skills), createRouterInSteps(others))
    for (const utterance of utterances)
      for (const threshold of [0, 0.3]) {
        const expected = once(utterance, threshold)
        const got = stepped(utterance, threshold)
        expect({ ...got, scores: got.scores }).toEqual({ ...expected, scores: expected.scores })
      }
    expect(other('other thing').scored).toBe(others.filter((skill) => skill.entryMode === 'auto').length)
  })

  it('the description router and matcher compiled in steps score every message exactly as the ones compiled at once', () => {
    const once = createDescriptionRouter(skills)
    const { a: stepped } = interleaved(createDescriptionRouterInSteps(skills), createDescriptionRouterInSteps(others))
    const described = skills.map((skill) => ({ name: skill.name, description: skill.description, keywords: skill.triggerKeywords }))
    const matcherOnce = createDescriptionMatcher(described)
    const matcherStepped = finishSteps(createDescriptionMatcherInSteps(described))
    for (const utterance of utterances) {
      const expected = once(utterance)
      const got = stepped(utterance)
      expect({ ...got, top: got.top(2600) }).toEqual({ ...expected, top: expected.top(2600) })
      expect(matcherStepped(utterance)).toEqual(matcherOnce(utterance))
    }
  })

  it('the keyword matcher built in steps finds what the one built at once finds', () => {
    const keywords = Array.from({ length: 1700 }, (_, i) => (i % 5 === 0 ? `规划${i}` : i % 97 === 0 ? '' : `k${i.toString(36)}`))
    const stepped = finishSteps(createKeywordMatcherInSteps(keywords))
    const once = createKeywordMatcher(keywords)
    for (const text of ['k1 k2 k10 kz 规划5 规划1000', 'nothing', 'k1k2k3k4k5k6k7k8k9ka'.repeat(3)])
      expect(stepped(text)).toEqual(once(text))
  })

  it('yields every few hundred skills: twenty thousand skills take dozens of steps, a handful of skills one', () => {
    const many = manySkills(20_000)
    expect(countSteps(createRouterInSteps(many)).count).toBeGreaterThanOrEqual((2 * 20_000) / BULK_STEP)
    expect(countSteps(createDescriptionRouterInSteps(many)).count).toBeGreaterThanOrEqual((2 * 20_000) / BULK_STEP)
    expect(countSteps(createRouterInSteps(manySkills(9))).count).toBeLessThanOrEqual(2)
  })
})
