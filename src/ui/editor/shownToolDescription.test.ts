import { describe, expect, it } from 'vitest'
import { BUILTIN_TOOLS } from '../../core/tools'
import type { Translator } from '../i18n/i18n'
import { en } from '../i18n/en'
import { zh } from '../i18n/zh'
import { shownToolDescription } from './shownToolDescription'

const translator = (catalog: typeof en) =>
  ((key: string) =>
    key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalog)) as unknown as Translator['t']

describe('built-in tools’ descriptions as the page shows them (issue 35 defect 4)', () => {
  it('the English catalog says exactly what the model is sent, for every built-in tool', () => {
    expect(Object.fromEntries(BUILTIN_TOOLS.map((tool) => [tool.name, tool.description]))).toEqual(en.toolDescriptions)
  })

  it('in Chinese a built-in tool is described in Chinese; a skill’s own tool, or its own words for a built-in name, stay as written', () => {
    const t = translator(zh)
    const calculator = BUILTIN_TOOLS.find((tool) => tool.name === 'calculator')!
    expect(shownToolDescription(calculator, t)).toBe(zh.toolDescriptions.calculator)
    expect(shownToolDescription(calculator, t)).toMatch(/^精确计算/)
    expect(shownToolDescription({ name: 'lookup_order', description: 'Look an order up.' }, t)).toBe('Look an order up.')
    expect(shownToolDescription({ name: 'calculator', description: '我自己的计算器' }, t)).toBe('我自己的计算器')
    expect(shownToolDescription(calculator, translator(en))).toBe(calculator.description)
  })
})
