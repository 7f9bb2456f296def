import { describe, expect, it } from 'vitest'
import { parseEvalSuite } from '../core/evals'
import { parseRoutingTests } from '../core/routingSuite'
import { skillTestsForLink } from '../core/share'
import { createPlaygroundStore } from './createPlaygroundStore'

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

describe('opening a one-skill link with its tests (issue 35 defect 10)', () => {
  it("join the recipient's evals.yaml case by case, their file kept byte for byte, and Discard puts it back", () => {
    const own = '# My evals\ncases:\n- name: orders report\n  utterance: 上周订单\n  expect:\n    skill: orders\n# my trailing note\n'
    const store = createPlaygroundStore({ files: [{ path: 'evals.yaml', text: own }] })
    store.getState().openShared({ kind: 'skill', skills: [files[0]!, ...skillTestsForLink(files, 'refund-policy')] })
    const merged = store.getState().files.find((file) => file.path === 'evals.yaml')?.text ?? ''
    expect(merged.startsWith('# My evals\ncases:\n- name: orders report\n  utterance: 上周订单\n  expect:\n    skill: orders\n')).toBe(true)
    expect(merged).toContain('# my trailing note')
    const suite = parseEvalSuite(merged)
    expect(suite.problems).toEqual([])
    expect(suite.cases.map((item) => item.name)).toEqual(['orders report', 'refund from the policy', 'opened headphones'])
    expect(store.getState().files.map((file) => file.path)).not.toContain('evals-shared.yaml')
    expect(parseRoutingTests(store.getState().files.find((file) => file.path === 'routing-tests.yaml')?.text ?? '').cases).toHaveLength(2)
    store.getState().discardShared()
    expect(store.getState().files).toEqual([{ path: 'evals.yaml', text: own }])
  })
})
