import { describe, expect, it } from 'vitest'
import { parseEvalSuite } from '../evals'
import { parseRoutingTests } from '../routingSuite'
import { decodeShare, encodeShare, mergeEvalFiles, mergeIncoming, skillTestsForLink } from './index'

const REFUND = '---\nname: refund-policy\ndescription: 退款政策\ntrigger_keywords: [退款]\n---\n# 退款\n'
const EVALS = `# What the agent does.
trials: 3
cases:
  - name: refund from the policy
    utterance: 我要退款
    expect:
      skill: refund-policy   # the template's skill
      # the policy is looked up, not made up
      tools_called: [search_knowledge]

  - name: small talk
    utterance: hi
    expect:
      skill: null
  - name: opened headphones
    utterance: 耳机拆封了还能退吗
    expect:
      skill: refund-policy
# the end
`
const TESTS =
  '- utterance: 我要退款\n  expect: refund-policy\n- utterance: hi\n  expect: null\n- utterance: 耳机拆封了还能退吗\n  expect: refund-policy\n'
const files = [
  { path: 'skills/refund-policy/SKILL.md', text: REFUND },
  { path: 'routing-tests.yaml', text: TESTS },
  { path: 'evals.yaml', text: EVALS },
]

describe('a one-skill link carries its tests (issue 35 defect 10)', () => {
  it("takes the routing cases and eval cases that expect the skill, each eval case's YAML as written", () => {
    const carried = skillTestsForLink(files, 'refund-policy')
    expect(carried.map((file) => file.path)).toEqual(['routing-tests.yaml', 'evals.yaml'])
    const tests = parseRoutingTests(carried[0]?.text ?? '')
    expect(tests.problems).toEqual([])
    expect(tests.cases.map((item) => [item.utterance, item.expect])).toEqual([
      ['我要退款', 'refund-policy'],
      ['耳机拆封了还能退吗', 'refund-policy'],
    ])
    const evals = carried[1]?.text ?? ''
    expect(evals).toContain('# the policy is looked up, not made up')
    const suite = parseEvalSuite(evals)
    expect(suite.problems).toEqual([])
    expect(suite.cases.map((item) => item.name)).toEqual(['refund from the policy', 'opened headphones'])
    expect(suite.cases[0]?.expect.tools_called).toEqual(['search_knowledge'])
    // A skill with no tests carries none.
    expect(skillTestsForLink(files, 'orders')).toEqual([])
  })

  it('survive the link: encoded, decoded and merged into a workspace without them', () => {
    const link = encodeShare({ kind: 'skill', skills: [files[0]!, ...skillTestsForLink(files, 'refund-policy')] })
    const opened = decodeShare(link)
    if (!opened?.ok) throw new Error('the link did not open')
    const merge = mergeIncoming([], opened.payload.skills, 'shared')
    expect(parseRoutingTests(merge.files.find((file) => file.path === 'routing-tests.yaml')?.text ?? '').cases).toHaveLength(2)
    expect(parseEvalSuite(merge.files.find((file) => file.path === 'evals.yaml')?.text ?? '').cases).toHaveLength(2)
  })

  it('adds a case already there once, and keeps a different case of the same name beside, not over, the own one', () => {
    const carried = skillTestsForLink(files, 'refund-policy')[1]?.text ?? ''
    expect(mergeEvalFiles(EVALS, carried)).toEqual({ text: EVALS, added: 0 })
    const differs = EVALS.replace('耳机拆封了还能退吗', '耳机坏了')
    expect(mergeEvalFiles(differs, carried)).toBeNull()
    const merge = mergeIncoming([{ path: 'evals.yaml', text: differs }], [{ path: 'evals.yaml', text: carried }], 'shared')
    expect(merge.files.find((file) => file.path === 'evals.yaml')?.text).toBe(differs)
    expect(merge.files.find((file) => file.path === 'evals-shared.yaml')?.text).toBe(carried)
  })
})
