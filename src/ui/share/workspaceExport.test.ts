import { describe, expect, it } from 'vitest'
import { parseEvalSuite } from '../../core/evals'
import { parseRoutingTests } from '../../core/routingSuite'
import { createPlaygroundStore } from '../../state/createPlaygroundStore'
import { skillPayload } from './workspaceExport'

const REFUND = '---\nname: refund-policy\ndescription: 退款政策\ntrigger_keywords: [退款]\n---\n# 退款\n'
const ORDERS = '---\nname: orders\ndescription: Order reports.\ntrigger_keywords: [订单]\n---\nReport.\n'
const TESTS = '- utterance: 我要退款\n  expect: refund-policy\n- utterance: 上周订单\n  expect: orders\n'
const EVALS = `cases:
  - name: refund from the policy
    utterance: 我要退款
    expect:
      skill: refund-policy
  - name: orders report
    utterance: 上周订单
    expect:
      skill: orders
`

describe("Share's one-skill link (issue 35 defect 10)", () => {
  it("carries the skill's folder, the routing cases and the eval cases that expect it, and no others", () => {
    const store = createPlaygroundStore({
      files: [
        { path: 'skills/refund-policy/SKILL.md', text: REFUND },
        { path: 'skills/refund-policy/references/policy.md', text: '7 days' },
        { path: 'skills/orders/SKILL.md', text: ORDERS },
        { path: 'routing-tests.yaml', text: TESTS },
        { path: 'evals.yaml', text: EVALS },
      ],
    })
    const payload = skillPayload(store.getState(), 'skills/refund-policy/SKILL.md')
    expect(payload?.kind).toBe('skill')
    const paths = payload?.skills.map((file) => file.path)
    expect(paths).toEqual([
      'skills/refund-policy/SKILL.md',
      'skills/refund-policy/references/policy.md',
      'routing-tests.yaml',
      'evals.yaml',
    ])
    const text = (path: string) => payload?.skills.find((file) => file.path === path)?.text ?? ''
    expect(parseRoutingTests(text('routing-tests.yaml')).cases.map((item) => item.expect)).toEqual(['refund-policy'])
    expect(parseEvalSuite(text('evals.yaml')).cases.map((item) => item.name)).toEqual(['refund from the policy'])
  })
})
