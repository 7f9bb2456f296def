// @vitest-environment happy-dom
/**
 * The eval case form (docs/evals.md, "Cases without YAML"): a message with line breaks stays one
 * turn, each turn has its own box, and a case expects one skill.
 */
import { act, createElement } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { EvalCaseDraft } from '../../core/workspace'
import { initI18n } from '../i18n/i18n'
import { EvalCaseForm } from './EvalCaseForm'

// Monaco's own words are no part of the form.
vi.mock('../i18n/monacoMessages', () => ({ setMonacoLanguage: async () => {} }))

let root: Root | null = null
let host: HTMLElement

beforeAll(async () => {
  await initI18n('en')
})
beforeEach(() => {
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
  host = document.createElement('div')
  document.body.append(host)
})
afterEach(async () => {
  await act(async () => root?.unmount())
  root = null
  host.remove()
})

async function open(initial: EvalCaseDraft) {
  const onSave = vi.fn((draft: EvalCaseDraft) => (void draft, null))
  root = createRoot(host)
  await act(async () =>
    root!.render(
      createElement(EvalCaseForm, {
        initial,
        skills: ['refund-policy', 'orders'],
        tools: [],
        title: 'Edit eval case',
        onSave,
        onCancel: () => {},
      }),
    ),
  )
  return onSave
}

const byLabel = <T extends HTMLElement>(label: string) => host.querySelector<T>(`[aria-label="${label}"]`)
const click = (label: string) => act(async () => byLabel(label)!.click())
const save = () => act(async () => host.querySelector('form')!.requestSubmit())
/** Types into a React-controlled box as a person would: the native setter, then the input event. */
const type = (label: string, value: string) =>
  act(async () => {
    const box = byLabel<HTMLTextAreaElement>(label)!
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(box, value)
    box.dispatchEvent(new Event('input', { bubbles: true }))
  })
const addKinds = () => [...byLabel<HTMLSelectElement>('Kind of assertion to add')!.options].map((option) => option.value)

describe('the eval case form', () => {
  it('keeps a message with line breaks one turn on Edit → Save', async () => {
    const onSave = await open({ name: 'long', turns: ['first line\nsecond line'], assertions: [] })
    expect(byLabel<HTMLTextAreaElement>('User message')!.value).toBe('first line\nsecond line')
    await save()
    expect(onSave).toHaveBeenCalledWith({ name: 'long', turns: ['first line\nsecond line'], assertions: [] })
  })

  it('has a box per turn: Add turn adds one, Remove takes one out', async () => {
    const onSave = await open({ name: 'chat', turns: ['hello'], assertions: [] })
    await click('Add turn')
    expect(byLabel('User message 1')).not.toBeNull()
    await type('User message 2', 'and then\nthis')
    await click('Add turn')
    await type('User message 3', 'bye')
    await click('Remove user message 2')
    await save()
    expect(onSave).toHaveBeenLastCalledWith({ name: 'chat', turns: ['hello', 'bye'], assertions: [] })
  })

  it('offers "Expected skill" in the add menu only while the case expects none', async () => {
    const onSave = await open({ name: 'one skill', turns: ['hi'], assertions: [{ kind: 'skill', value: 'orders' }] })
    expect(addKinds()).not.toContain('skill')
    await click('Add assertion')
    await save()
    expect(onSave.mock.lastCall![0].assertions.filter((item) => item.kind === 'skill')).toEqual([{ kind: 'skill', value: 'orders' }])
    await click('Remove assertion: Expected skill')
    expect(addKinds()).toContain('skill')
  })
})
