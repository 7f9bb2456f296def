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

  it('adds a case already there once, and keeps one’s own case where one of the same name differs, listing it', () => {
    const carried = skillTestsForLink(files, 'refund-policy')[1]?.text ?? ''
    expect(mergeEvalFiles(EVALS, carried)).toEqual({ text: EVALS, added: 0, conflicts: [] })
    const differs = EVALS.replace('耳机拆封了还能退吗', '耳机坏了')
    expect(mergeEvalFiles(differs, carried)).toEqual({ text: differs, added: 0, conflicts: ['opened headphones'] })
    const merge = mergeIncoming([{ path: 'evals.yaml', text: differs }], [{ path: 'evals.yaml', text: carried }], 'shared')
    expect(merge.files.find((file) => file.path === 'evals.yaml')?.text).toBe(differs)
    expect(merge.files.some((file) => file.path === 'evals-shared.yaml')).toBe(false)
    expect(merge.evalConflicts).toEqual(['opened headphones'])
    // Nothing was changed, so Discard has nothing to put back.
    expect(merge.previousEvals).toBeUndefined()
  })

  it('one differing case no longer sends every case beside: the new ones join, the differing one is kept as one’s own and listed', () => {
    // Bob kept Alice's cases once and edited one; Alice's updated link brings that case as she has it, and a new one.
    const bob = EVALS.replace('耳机拆封了还能退吗', '耳机坏了还能退吗')
    const alice = `${skillTestsForLink(files, 'refund-policy')[1]?.text ?? ''}  - name: exchange
    utterance: 我要换货
    expect:
      skill: refund-policy
`
    const merged = mergeEvalFiles(bob, alice)
    expect(merged?.added).toBe(1)
    expect(merged?.conflicts).toEqual(['opened headphones'])
    const suite = parseEvalSuite(merged?.text ?? '')
    expect(suite.problems).toEqual([])
    expect(suite.cases.map((item) => item.name)).toEqual(['refund from the policy', 'small talk', 'opened headphones', 'exchange'])
    expect(suite.cases[2]?.turns).toEqual(['耳机坏了还能退吗'])
    // One's own file kept byte for byte around the added case.
    expect(merged?.text.startsWith(bob.slice(0, bob.indexOf('# the end')).trimEnd())).toBe(true)
    expect(merged?.text.endsWith('\n# the end\n')).toBe(true)
    // Through the link's merge: evals.yaml holds both, nothing lands beside, the conflict is reported for the banner.
    const merge = mergeIncoming([{ path: 'evals.yaml', text: bob }], [{ path: 'evals.yaml', text: alice }], 'shared')
    expect(merge.files.find((file) => file.path === 'evals.yaml')?.text).toBe(merged?.text)
    expect(merge.files.some((file) => file.path === 'evals-shared.yaml')).toBe(false)
    expect(merge.evalConflicts).toEqual(['opened headphones'])
    expect(merge.previousEvals).toBe(bob)
  })
})

describe('eval files spliced for a link read back as the cases they should hold (review of issue 35 defect 10)', () => {
  const DEFAULTS = `trials: 2
defaults: &defaults
  skill: refund-policy
cases:
  - name: refund
    utterance: 我要退款
    expect: *defaults
  - name: small talk
    utterance: hi
    expect:
      skill: null
`

  it("keeps the file's lines before cases: (trials:, an anchor the cases use)", () => {
    const carried = skillTestsForLink([{ path: 'evals.yaml', text: DEFAULTS }], 'refund-policy')
    expect(carried).toHaveLength(1)
    const text = carried[0]?.text ?? ''
    expect(text.startsWith('trials: 2\ndefaults: &defaults\n  skill: refund-policy\ncases:\n')).toBe(true)
    const suite = parseEvalSuite(text)
    expect(suite.problems).toEqual([])
    expect(suite.trials).toBe(2)
    expect(suite.cases.map((item) => [item.name, item.expect.skill])).toEqual([['refund', 'refund-policy']])
    // The carried trials: survives the link too.
    expect(text).toContain('trials: 2')
  })

  it('leaves the eval file out when the cut would not read back (an anchor defined in a case it does not carry)', () => {
    const anchoredInOther = `cases:
  - name: small talk
    utterance: hi
    expect: &refund
      skill: null
  - name: refund
    utterance: 我要退款
    expect:
      skill: refund-policy
      <<: *refund
`
    // The second case expects refund-policy only through its own key; its alias points into the first case.
    expect(skillTestsForLink([{ path: 'evals.yaml', text: anchoredInOther }], 'refund-policy')).toEqual([])
  })

  it('cuts an item written as a lone dash at its dash, not at the line after it', () => {
    const lone = `cases:
  -
    name: small talk
    utterance: hi
    expect:
      skill: null
  -
    name: refund
    utterance: 我要退款
    expect:
      skill: refund-policy
`
    const carried = skillTestsForLink([{ path: 'evals.yaml', text: lone }], 'refund-policy')
    const suite = parseEvalSuite(carried[0]?.text ?? '')
    expect(suite.problems).toEqual([])
    expect(suite.cases.map((item) => item.name)).toEqual(['refund'])
    // Merged into a file of lone dashes: one's own two cases and the new one, nothing cut in half.
    const mine = lone.replace('name: refund', 'name: refund at home').replace('我要退款', '退款')
    const merged = mergeEvalFiles(mine, carried[0]?.text ?? '')
    expect(merged?.added).toBe(1)
    expect(parseEvalSuite(merged?.text ?? '').cases.map((item) => item.name)).toEqual(['small talk', 'refund at home', 'refund'])
  })

  it('brings the file in beside, not spliced, when an added case would not read back in one’s own file', () => {
    // The incoming file reads well on its own: its case's alias names an anchor above its cases.
    const carried = `defaults: &defaults\n  skill: refund-policy\ncases:\n  - name: refund\n    utterance: 我要退款\n    expect: *defaults\n`
    expect(parseEvalSuite(carried).cases.map((item) => item.expect.skill)).toEqual(['refund-policy'])
    // One's own file has no `defaults` anchor: the incoming case's alias would dangle there.
    expect(mergeEvalFiles(EVALS, carried)).toBeNull()
    const merge = mergeIncoming([{ path: 'evals.yaml', text: EVALS }], [{ path: 'evals.yaml', text: carried }], 'shared')
    expect(merge.files.find((file) => file.path === 'evals.yaml')?.text).toBe(EVALS)
    expect(merge.files.find((file) => file.path === 'evals-shared.yaml')?.text).toBe(carried)
    // One's own anchor of that name with another value: the case would read back as something else.
    const otherDefaults = `defaults: &defaults\n  skill: orders\ncases:\n  - name: orders\n    utterance: 订单\n    expect: *defaults\n`
    expect(mergeEvalFiles(otherDefaults, carried)).toBeNull()
  })

  it("keeps a CRLF file's line breaks, in the merge and in the link", () => {
    const crlf = EVALS.replace(/\n/g, '\r\n')
    const incoming = `cases:\n  - name: exchange\n    utterance: 我要换货\n    expect:\n      skill: refund-policy\n`
    const merged = mergeEvalFiles(crlf, incoming)
    expect(merged?.added).toBe(1)
    const text = merged?.text ?? ''
    expect(text.replace(/\r\n/g, '')).not.toContain('\n')
    expect(text.startsWith(crlf.slice(0, crlf.indexOf('# the end')))).toBe(true)
    expect(text.endsWith('\r\n# the end\r\n')).toBe(true)
    expect(parseEvalSuite(text).cases.map((item) => item.name)).toEqual([
      'refund from the policy',
      'small talk',
      'opened headphones',
      'exchange',
    ])
    const carried = skillTestsForLink([{ path: 'evals.yaml', text: crlf }], 'refund-policy')[0]?.text ?? ''
    expect(carried.replace(/\r\n/g, '')).not.toContain('\n')
    expect(parseEvalSuite(carried).cases).toHaveLength(2)
  })
})
