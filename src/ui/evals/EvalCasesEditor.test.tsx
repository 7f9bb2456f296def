// @vitest-environment happy-dom
/**
 * The Evals tab's cases as a component (docs/evals.md, "Cases without YAML"): an open Edit form
 * saves only what was changed in it, and Edit again starts from the case as the file has it now.
 */
import { act, cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { EVALS_FILE, parseEvalSuite } from '../../core/evals'
import { renderInPlayground } from '../testing/renderInPlayground'
import { EvalCasesEditor } from './EvalCasesEditor'

// Monaco's own words are no part of the tab.
vi.mock('../i18n/monacoMessages', () => ({ setMonacoLanguage: async () => {} }))

afterEach(cleanup)

const SKILL = 'refund/SKILL.md'
const skill = '---\nname: refund\ndescription: Refunds by the policy.\ntrigger_keywords: [退款]\n---\nAnswer from the policy.\n'
const evals = 'cases:\n  - name: refund\n    utterance: 我要退款\n    expect:\n      skill: refund\n      answer_contains: [退款]\n'

const open = () =>
  renderInPlayground(<EvalCasesEditor />, {
    files: [
      { path: SKILL, text: skill },
      { path: EVALS_FILE, text: evals },
    ],
  })
const cases = () => screen.getByRole('region', { name: 'Eval cases' })
const form = () => within(cases()).getByRole('form', { name: 'Edit eval case' })

describe('editing an eval case in the Evals tab', () => {
  it('keeps a skill renamed while the form is open, and saves the phrase changed in it', async () => {
    const { user, store, fileText } = await open()
    await user.click(await within(cases()).findByRole('button', { name: 'Edit case refund' }))
    act(() => void store.getState().renameSkill(SKILL, '退款处理'))
    const phrase = within(form()).getByRole('textbox', { name: 'Answer contains' })
    await user.clear(phrase)
    await user.type(phrase, '退款政策')
    await user.click(within(form()).getByRole('button', { name: 'Save case' }))
    expect(within(cases()).queryByRole('form')).toBeNull()
    expect(parseEvalSuite(fileText(EVALS_FILE)!).cases[0]!.expect).toEqual({ skill: '退款处理', answer_contains: ['退款政策'] })
  })

  it('Edit again keeps what was typed while the case is unchanged, and starts over from the file once it has changed', async () => {
    const { user, store } = await open()
    const edit = await within(cases()).findByRole('button', { name: 'Edit case refund' })
    await user.click(edit)
    await user.type(within(form()).getByRole('textbox', { name: 'Case name' }), ' (typed)')
    await user.click(edit)
    expect(within(form()).getByRole<HTMLInputElement>('textbox', { name: 'Case name' }).value).toBe('refund (typed)')
    act(() => void store.getState().renameSkill(SKILL, '退款处理'))
    await user.click(within(cases()).getByRole('button', { name: 'Edit case refund' }))
    await waitFor(() => expect(within(form()).getByRole<HTMLSelectElement>('combobox', { name: 'Expected skill' }).value).toBe('退款处理'))
    expect(within(form()).getByRole<HTMLInputElement>('textbox', { name: 'Case name' }).value).toBe('refund')
  })
})
