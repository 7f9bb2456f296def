import { describe, expect, it } from 'vitest'
import { parseSkill } from '../skill'
import { setFrontmatterValue } from './setFrontmatterValue'

const file = `---
# A comment the author wrote
name: refund   # trailing comment
description: >-
  Answers refund questions.
  Not for order status.
trigger_keywords: [退款, "refund"]
required_tools:
  - search_knowledge
x-unknown: { keep: me }
max_rounds: 4
---
## Body stays
`

const parsed = (text: string) => parseSkill('refund/SKILL.md', text)

describe('editing one frontmatter field', () => {
  it('changes only that value: comments, order, quoting and unknown keys survive byte for byte', () => {
    const next = setFrontmatterValue(file, 'trigger_keywords', ['退款', 'refund', '退货'])!
    expect(next).toBe(file.replace('trigger_keywords: [退款, "refund"]', 'trigger_keywords: [退款, refund, 退货]'))
    expect(parsed(next).triggerKeywords).toEqual(['退款', 'refund', '退货'])
  })

  it('keeps a block list a block list, and quotes what YAML would misread', () => {
    const next = setFrontmatterValue(file, 'required_tools', ['search_knowledge', 'file_write'])!
    expect(next).toContain('required_tools:\n  - search_knowledge\n  - file_write\nx-unknown')
    const tricky = setFrontmatterValue(file, 'trigger_keywords', ['a, b', 'yes', '#tag', ' spaced'])!
    expect(parsed(tricky).triggerKeywords).toEqual(['a, b', 'yes', '#tag', ' spaced'])
  })

  it('keeps a folded description folded, and writes line breaks as a literal block', () => {
    const folded = setFrontmatterValue(file, 'description', 'Answers refund and return questions. Not for orders.')!
    expect(folded).toContain('description: >-\n  Answers refund and return questions. Not for orders.\ntrigger_keywords')
    expect(parsed(folded).description).toBe('Answers refund and return questions. Not for orders.')
    const lines = setFrontmatterValue(file, 'description', 'Line one.\nLine two.')!
    expect(parsed(lines).description).toBe('Line one.\nLine two.')
    expect(lines).toContain('# A comment the author wrote\nname: refund   # trailing comment\n')
  })

  it('adds a missing field before the closing line and removes one with its lines', () => {
    const added = setFrontmatterValue(file, 'entry_mode', 'manual')!
    expect(added).toContain('max_rounds: 4\nentry_mode: manual\n---\n')
    expect(parsed(added).entryMode).toBe('manual')
    const removed = setFrontmatterValue(file, 'required_tools', undefined)!
    expect(removed).toBe(file.replace('required_tools:\n  - search_knowledge\n', ''))
    const schema = setFrontmatterValue(file, 'parameters', {
      type: 'object',
      properties: { order: { type: 'string' } },
      required: ['order'],
    })!
    expect(parsed(schema).parameters).toEqual({ type: 'object', properties: { order: { type: 'string' } }, required: ['order'] })
  })

  it('fills a key with no value, keeps CRLF, and refuses a file that does not parse', () => {
    const empty = '---\nname: x\ntrigger_keywords:\n---\nbody\n'
    expect(setFrontmatterValue(empty, 'trigger_keywords', ['a'])).toBe('---\nname: x\ntrigger_keywords: [a]\n---\nbody\n')
    const crlf = file.replace(/\n/g, '\r\n')
    expect(setFrontmatterValue(crlf, 'max_rounds', 7)).toBe(crlf.replace('max_rounds: 4', 'max_rounds: 7'))
    expect(setFrontmatterValue('---\nname: [oops\n---\n', 'name', 'x')).toBeNull()
  })
})
