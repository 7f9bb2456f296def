// @vitest-environment happy-dom
/**
 * The Tests tab as a component (docs/architecture.md, "Component tests"): the routing test suite
 * over a real store, routed by the real router once typing pauses, as the page shows it.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { parseRoutingTests, ROUTING_TESTS_FILE } from '../../core/routingSuite'
import { renderInPlayground } from '../testing/renderInPlayground'
import { TestsPanel } from './TestsPanel'

// Monaco's own words are no part of the tab.
vi.mock('../i18n/monacoMessages', () => ({ setMonacoLanguage: async () => {} }))

afterEach(cleanup)

const CALC = 'calc/SKILL.md'
const calc = '---\nname: calc\ndescription: Arithmetic.\ntrigger_keywords: [计算, 是多少]\n---\nCompute.\n'
const plan = '---\nname: plan\ndescription: Plans.\ntrigger_keywords: [规划, 大纲]\n---\nPlan.\n'
const suite = '# What users type, and the skill that should win.\n- utterance: 计算一下\n  expect: calc\n'

const open = (utterance = '', tests: string | null = suite) =>
  renderInPlayground(<TestsPanel />, {
    files: [
      { path: CALC, text: calc },
      { path: 'plan/SKILL.md', text: plan },
      ...(tests === null ? [] : [{ path: ROUTING_TESTS_FILE, text: tests }]),
    ],
    utterance,
  })

const panel = () => screen.getByRole('region', { name: 'Routing tests' })
/** The suite's totals, once the suite has been routed (it follows the files once typing pauses). */
const totals = async (text: string) =>
  waitFor(() => expect(within(panel()).getByRole('status').textContent).toBe(`${text} at threshold 0.3`))
const cases = () => within(panel()).getByRole('table', { name: 'Test cases' })
/** The case's row, found by its utterance (its row header). */
const row = (utterance: string) => within(cases()).getByRole('rowheader', { name: utterance }).closest('tr')!
const cells = (utterance: string) => [...row(utterance).children].map((cell) => cell.textContent)
const addForm = () => within(panel()).getByRole('form', { name: 'Add a test case' })

/** Picks the skill a new case expects from the add form's menu. */
async function expectSkill(user: Awaited<ReturnType<typeof open>>['user'], skill: string) {
  await user.click(within(addForm()).getByRole('button', { name: /^Expected skill:/ }))
  await user.click(within(addForm()).getByRole('menuitemradio', { name: skill }))
}

describe('the Tests tab', () => {
  it('adds the test utterance as a case expecting the skill that wins it, and shows the case with its verdict', async () => {
    const { user, fileText } = await open('规划一下')
    await totals('1 passed, 0 failed')
    await user.click(within(addForm()).getByRole('button', { name: 'Add the test utterance (expect plan)' }))
    expect(within(addForm()).getByText('Added “规划一下”.')).toBeTruthy()
    // Appended to routing-tests.yaml, its comment kept.
    expect(parseRoutingTests(fileText(ROUTING_TESTS_FILE)!).cases.map(({ utterance, expect }) => ({ utterance, expect }))).toEqual([
      { utterance: '计算一下', expect: 'calc' },
      { utterance: '规划一下', expect: 'plan' },
    ])
    expect(fileText(ROUTING_TESTS_FILE)).toContain('# What users type')
    await totals('2 passed, 0 failed')
    expect(cells('规划一下').slice(0, 4)).toEqual(['✓ pass', '规划一下', 'plan', 'plan'])
  })

  it('starts routing-tests.yaml when there is none, and refuses the same utterance twice where it was added', async () => {
    const { user, fileText } = await open('计算一下', null)
    expect(await within(panel()).findByText(/^No routing-tests\.yaml yet/)).toBeTruthy()
    const add = within(addForm()).getByRole('button', { name: 'Add the test utterance (expect calc)' })
    await user.click(add)
    await totals('1 passed, 0 failed')
    expect(fileText(ROUTING_TESTS_FILE)).toContain('计算一下')
    await user.click(within(addForm()).getByRole('button', { name: 'Add the test utterance (expect calc)' }))
    expect(within(addForm()).getByRole('alert').textContent).toContain('already a test case')
    expect(parseRoutingTests(fileText(ROUTING_TESTS_FILE)!).cases).toHaveLength(1)
  })

  it("a failing row shows the expected skill's score before the best one, or that it has none", async () => {
    // calc covers 计算 and 是多少 (5 of 8, two keywords: 0.625 × 1.3); plan covers 规划 (2 of 8).
    const { user, store } = await open('计算是多少的规划')
    await totals('1 passed, 0 failed')
    await expectSkill(user, 'plan')
    await user.click(within(addForm()).getByRole('button', { name: 'Add the test utterance (expect plan)' }))
    await totals('1 passed, 1 failed')
    expect(cells('计算是多少的规划').slice(0, 5)).toEqual(['✗ fail', '计算是多少的规划', 'plan', 'calc', '0.250 / best 0.813'])

    // plan matches nothing in this one: "no score", never a bare "/ best".
    store.getState().setUtterance('计算一下吧')
    await expectSkill(user, 'plan')
    await user.click(within(addForm()).getByRole('button', { name: 'Add the test utterance (expect plan)' }))
    await totals('1 passed, 2 failed')
    expect(cells('计算一下吧').slice(0, 5)).toEqual(['✗ fail', '计算一下吧', 'plan', 'calc', 'no score / best 0.400'])
    // Failures first.
    expect(within(cases()).getAllByRole('rowheader').at(-1)?.textContent).toBe('计算一下')
  })

  it('totals follow an edit of a skill, of a case and a deletion', async () => {
    const { user, store, fileText } = await open()
    await totals('1 passed, 0 failed')

    // calc loses its keyword (as typed in SKILL.md): its case fails, and the confusion says how.
    store.getState().updateText(CALC, calc.replace('[计算, 是多少]', '[是多少]'))
    await totals('0 passed, 1 failed')
    expect(cells('计算一下').slice(0, 4)).toEqual(['✗ fail', '计算一下', 'calc', 'none'])
    expect(within(panel()).getByRole('region', { name: 'Confusion' }).textContent).toContain('calc → none × 1')

    // The case edited (its words, and to expect no skill) passes.
    await user.click(within(cases()).getByRole('button', { name: 'Edit “计算一下”' }))
    const words = within(cases()).getByRole('textbox', { name: 'Utterance' })
    await user.clear(words)
    await user.type(words, '随便算算')
    await user.click(within(cases()).getByRole('button', { name: /^Expected skill:/ }))
    await user.click(within(cases()).getByRole('menuitemradio', { name: 'no skill' }))
    await user.click(within(cases()).getByRole('button', { name: 'Save' }))
    await totals('1 passed, 0 failed')
    expect(cells('随便算算').slice(0, 4)).toEqual(['✓ pass', '随便算算', 'none', 'none'])
    expect(parseRoutingTests(fileText(ROUTING_TESTS_FILE)!).cases).toMatchObject([{ utterance: '随便算算', expect: null }])

    await user.click(within(cases()).getByRole('button', { name: 'Delete “随便算算”' }))
    await totals('0 passed, 0 failed')
    expect(within(cases()).queryAllByRole('rowheader')).toEqual([])
  })
})
