// @vitest-environment happy-dom
/**
 * The skill form as a component (docs/architecture.md, "Component tests"): a person's edits in the
 * form reach SKILL.md in the store, field by field, in both interface languages.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { parseSkill } from '../../core/skill'
import { MAX_DESCRIPTION_CHARS } from '../../core/skill/fieldLimits'
import { usePlayground } from '../../state/PlaygroundProvider'
import { en } from '../i18n/en'
import { zh } from '../i18n/zh'
import { renderInPlayground } from '../testing/renderInPlayground'
import SkillForm from './SkillForm'

// Undo and Redo act on Monaco's models of the file, which this test does not start.
vi.mock('./modelHistory', () => ({ undoIn: vi.fn(), redoIn: vi.fn() }))
// Monaco's own words are no part of the form.
vi.mock('../i18n/monacoMessages', () => ({ setMonacoLanguage: async () => {} }))

afterEach(cleanup)

const REFUNDS = 'refunds/SKILL.md'
const refunds = [
  '---',
  'name: refunds',
  'description: Answers refund questions.',
  '# Kept by every form edit.',
  'trigger_keywords: [退款, refund]',
  'max_rounds: 4',
  '---',
  'Help with refunds.',
  '',
].join('\n')
const weather = '---\nname: weather\ndescription: Weather.\ntrigger_keywords: [天气]\n---\nWeather.\n'

/**
 * Whether a control takes no input: disabled itself or inside a disabled fieldset (HTML's rule,
 * which happy-dom's `:disabled` does not follow for fieldsets).
 */
const disabled = (control: HTMLElement) => control.closest('fieldset[disabled], [disabled]') !== null

/** The form of the selected skill, as the page shows it: a rename moves the skill and the form follows it. */
function SelectedSkillForm() {
  const path = usePlayground((state) => state.selectedPath)
  return path && <SkillForm key={path} path={path} />
}

const open = (text = refunds, language: 'en' | 'zh' = 'en') =>
  renderInPlayground(<SelectedSkillForm />, {
    files: [
      { path: REFUNDS, text },
      { path: 'weather/SKILL.md', text: weather },
    ],
    language,
  })

describe('the skill form', () => {
  it('writes Description into SKILL.md as it is typed, and leaves the rest of the file as it was', async () => {
    const { user, fileText } = await open()
    const description = screen.getByRole('textbox', { name: 'Description' })
    await user.clear(description)
    await user.type(description, 'Refunds: when and how much.')
    expect(description).toHaveProperty('value', 'Refunds: when and how much.')
    // Only the description's line changed; its ": " needs quotes in YAML.
    expect(fileText(REFUNDS)).toBe(refunds.replace('Answers refund questions.', '"Refunds: when and how much."'))
  })

  it('counts the description in characters as a reader counts them, and marks one over the limit', async () => {
    const { user } = await open()
    const description = screen.getByRole('textbox', { name: 'Description' })
    const counter = () => screen.getByText(/characters? \(200–400 works best\)$/)
    expect(counter().textContent).toBe('25 characters (200–400 works best)')
    await user.clear(description)
    // Four code points: two CJK characters and an emoji that UTF-16 writes as two units.
    await user.type(description, '退款😀!')
    expect(counter().textContent).toBe('4 characters (200–400 works best)')
    expect(counter().className).not.toContain('warning-text')
    fireEvent.change(description, { target: { value: 'x'.repeat(MAX_DESCRIPTION_CHARS + 1) } })
    expect(counter().textContent).toBe(`${MAX_DESCRIPTION_CHARS + 1} characters (200–400 works best)`)
    expect(counter().className).toContain('warning-text')
  })

  it('a skill without a description shows an empty box and 0 characters, not the placeholder a listing shows', async () => {
    const { user, fileText } = await open(refunds.replace('description: Answers refund questions.\n', ''))
    const description = screen.getByRole('textbox', { name: 'Description' })
    expect(description).toHaveProperty('value', '')
    expect(screen.getByText(/characters? \(200–400 works best\)$/).textContent).toBe('0 characters (200–400 works best)')
    await user.type(description, 'Refunds.')
    expect(parseSkill(REFUNDS, fileText(REFUNDS)!).description).toBe('Refunds.')
  })

  it('renames the skill from Name: SKILL.md moves to the new folder with the new name', async () => {
    const { user, fileText } = await open()
    const name = screen.getByRole('textbox', { name: 'Name' })
    await user.clear(name)
    await user.type(name, 'refund_desk{Enter}')
    expect(fileText(REFUNDS)).toBeUndefined()
    expect(fileText('refund_desk/SKILL.md')).toContain('name: refund_desk\n')
    expect(fileText('refund_desk/SKILL.md')).toContain('# Kept by every form edit.\n')
    // The form follows the skill to its new place.
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveProperty('value', 'refund_desk')
  })

  it('a name another skill has is refused where it was typed, and the file keeps its name', async () => {
    const { user, fileText } = await open()
    const name = screen.getByRole('textbox', { name: 'Name' })
    await user.clear(name)
    await user.type(name, 'weather{Enter}')
    expect(within(screen.getByRole('form', { name: 'Skill form' })).getByRole('alert').textContent).toMatch(/weather/)
    expect(name.getAttribute('aria-invalid')).toBe('true')
    expect(fileText(REFUNDS)).toBe(refunds)
  })

  it('adds trigger keywords as chips on Enter and on full-width separators, and removes one by its button', async () => {
    const { user, fileText } = await open()
    const input = screen.getByRole('textbox', { name: 'Trigger keywords' })
    await user.type(input, '退货，退钱、')
    await user.type(input, 'money back{Enter}')
    const chips = screen.getByRole('list', { name: 'Keywords' })
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((chip) => chip.querySelector('span')?.textContent)
        .filter(Boolean),
    ).toEqual(['退款', 'refund', '退货', '退钱', 'money back'])
    expect(parseSkill(REFUNDS, fileText(REFUNDS)!).triggerKeywords).toEqual(['退款', 'refund', '退货', '退钱', 'money back'])
    expect(fileText(REFUNDS)).toContain('# Kept by every form edit.\n')

    await user.click(screen.getByRole('button', { name: 'Remove keyword refund' }))
    expect(parseSkill(REFUNDS, fileText(REFUNDS)!).triggerKeywords).toEqual(['退款', '退货', '退钱', 'money back'])
  })

  it('keywords typed again are named beside the input, not dropped without a word, and the new ones are added', async () => {
    const { user, fileText } = await open()
    const input = screen.getByRole('textbox', { name: 'Trigger keywords' })
    const status = screen.getByRole('status', { name: 'Keyword status' })
    await user.type(input, '退款，退货，REFUND，退货，')
    expect(status.textContent).toBe('Already there: 退款, REFUND, 退货')
    // Each keyword once in the file: the repeats were not added again.
    expect(parseSkill(REFUNDS, fileText(REFUNDS)!).triggerKeywords).toEqual(['退款', 'refund', '退货'])
    // Entering the input again starts the note afresh.
    await user.click(screen.getByRole('textbox', { name: 'Description' }))
    expect(status.textContent).toBe('Already there: 退款, REFUND, 退货')
    await user.click(input)
    expect(status.textContent).toBe('')
    // A list that arrives at once (an input method's text, a paste) is named the same way.
    fireEvent.change(input, { target: { value: 'refund、全额退款、' } })
    expect(status.textContent).toBe('Already there: refund')
    await user.paste('退货；部分退款')
    expect(status.textContent).toBe('Already there: refund, 退货')
    expect(parseSkill(REFUNDS, fileText(REFUNDS)!).triggerKeywords).toEqual(['退款', 'refund', '退货', '全额退款', '部分退款'])
  })

  it('with YAML it cannot read, the form says where, takes no input, and its button asks for that line in SKILL.md', async () => {
    const broken = refunds.replace('max_rounds: 4', 'tags: [broken')
    const { user, store, fileText } = await open(broken)
    const alert = within(screen.getByRole('form', { name: 'Skill form' })).getByRole('alert')
    expect(alert.textContent).toContain('The YAML does not parse')
    const keywords = screen.getByRole('textbox', { name: 'Trigger keywords' })
    expect(disabled(keywords)).toBe(true)
    expect(disabled(screen.getByRole('textbox', { name: 'Description' }))).toBe(true)
    await user.type(keywords, 'ignored{Enter}')
    const show = within(alert).getByRole('button', { name: /^Show line \d+ in SKILL\.md$/ })
    const line = Number(/\d+/.exec(show.textContent ?? '')![0])
    expect(line).toBeGreaterThanOrEqual(6)
    await user.click(show)
    // The page shows SKILL.md for this request and puts the cursor on the line (App, SkillEditor).
    expect(store.getState().revealRequest).toMatchObject({ path: REFUNDS, line })
    expect(fileText(REFUNDS)).toBe(broken)
  })

  it('offers the quick fix for YAML it cannot read, and takes input again once it is applied', async () => {
    const broken = refunds.replace('name: refunds', 'name: refunds: oops')
    const { user, fileText } = await open(broken)
    expect(disabled(screen.getByRole('textbox', { name: 'Trigger keywords' }))).toBe(true)
    await user.click(screen.getByRole('button', { name: 'Apply the quick fix' }))
    expect(screen.queryByRole('alert')).toBeNull()
    expect(disabled(screen.getByRole('textbox', { name: 'Trigger keywords' }))).toBe(false)
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveProperty('value', 'refunds: oops')
    expect(fileText(REFUNDS)).not.toBe(broken)
  })
})

describe('the skill form in Chinese', () => {
  it('names its fields in Chinese, and a chip typed in Chinese reaches SKILL.md', async () => {
    const { user, fileText } = await open(refunds, 'zh')
    // The Chinese catalog's names, which differ from the English ones (the form would not be found by the English).
    expect(zh.form.title).not.toBe(en.form.title)
    const form = screen.getByRole('form', { name: zh.form.title })
    expect(screen.queryByRole('form', { name: en.form.title })).toBeNull()
    const input = within(form).getByRole('textbox', { name: zh.form.keywords })
    await user.type(input, '退款，退货，')
    expect(within(form).getByRole('status', { name: zh.keywordChips.status }).textContent).toBe(
      zh.keywordChips.already.replace('{{list}}', '退款'),
    )
    expect(within(form).getByRole('list', { name: zh.form.keywordList }).textContent).toContain('退货')
    expect(parseSkill(REFUNDS, fileText(REFUNDS)!).triggerKeywords).toEqual(['退款', 'refund', '退货'])
    expect(within(form).getByRole('button', { name: zh.form.removeKeyword.replace('{{keyword}}', '退货') })).toBeTruthy()
  })
})
