import { describe, expect, it } from 'vitest'
import { finishSteps } from '../lib/finishSteps'
import { parseYamlText } from '../yaml'
import { ITEMS_PER_STEP, parseYamlTextInSteps } from './parseYamlTextInSteps'

/** The steps a parse takes, and its answer. */
function stepped(text: string) {
  const steps = parseYamlTextInSteps(text)
  let yields = 0
  for (;;) {
    const step = steps.next()
    if (step.done) return { yields, result: step.value }
    yields++
  }
}

// Items a routing-tests.yaml holds, the awkward ones included.
const ITEMS = [
  '- utterance: 帮我规划一下下周的任务\n  expect: plan\n',
  '- utterance: "quoted: with a colon # and a hash"\n  expect: null\n',
  "- utterance: 'single ''quoted'''\n  expect: ~\n",
  '- utterance: |\n    a block scalar\n    - that looks like an item\n  expect: report\n',
  '- utterance: folded >\n    onto the next line\n  expect: x\n',
  '- {utterance: flow style, expect: calc}\n',
  '- utterance: nested\n  expect: plan\n  tags: [a, b]\n  more:\n    - deep: 1\n',
  '# a comment between items\n- utterance: after a comment   # and one after a value\n  expect: plan\n',
  '\n- utterance: after a blank line\n  expect: plan\n',
  '-\n  utterance: the dash alone on its line\n  expect: plan\n',
  '- utterance: hello there!\n  expect: "wow*"\n',
  '- utterance: 42\n  expect: true\n',
  // Not anchors, aliases or tags: inside a plain value, they are text.
  '- utterance: how much is 17 * 23 & 4 ! 5\n  expect: calculator\n',
]

describe('parseYamlTextInSteps', () => {
  it('parses a long list a few items per step, to exactly what the whole parse gives', () => {
    const text = Array.from({ length: 300 }, (_, i) => `- utterance: plan task${i} report ${i % 13}\n  expect: s${i}\n`).join('')
    const { yields, result } = stepped(text)
    expect(yields).toBe(Math.ceil(300 / ITEMS_PER_STEP))
    expect(result).toEqual(parseYamlText(text))
    expect(result.positions.get('299.expect')).toBe(text.lastIndexOf('expect'))
  })

  it('agrees with the whole parse on many random lists of awkward items, comments and line endings', () => {
    let seed = 11
    const random = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n
    for (let round = 0; round < 60; round++) {
      const items = Array.from({ length: 20 + random(80) }, () => ITEMS[random(ITEMS.length)] ?? '')
      let text = `# routing tests\n${items.join('')}`
      if (round % 5 === 0) text = text.replace(/\n/g, '\r\n')
      const { yields, result } = stepped(text)
      expect(result, text).toEqual(parseYamlText(text))
      expect(result.errors).toEqual([])
      // In steps, CRLF included: not the whole parse taken as a way out.
      expect(yields).toBe(items.length > ITEMS_PER_STEP ? Math.ceil(items.length / ITEMS_PER_STEP) : 0)
    }
  })

  it('parses whole, with the full parser’s own errors, whatever is not a list of independent items', () => {
    const many = (item: string) => item.repeat(60)
    const cases = {
      // An alias ties an item to an earlier one.
      anchors: `- &first {utterance: a, expect: b}\n${many('- utterance: x\n  expect: y\n')}- *first\n`,
      values: `- utterance: &said x\n${many('- utterance: x\n  expect: y\n')}- utterance: *said\n`,
      flow: `${many('- utterance: x\n  expect: y\n')}- [a, *b]\n`,
      tags: `${many('- utterance: x\n  expect: y\n')}- utterance: !custom x\n`,
      // A mapping at the top, not a list.
      mapping: `cases:\n${many('  - utterance: x\n    expect: y\n')}`,
      // A second document.
      documents: `${many('- utterance: x\n')}---\n- utterance: y\n`,
      // A quoted value that goes on at column 0.
      continued: `${many('- utterance: x\n')}- utterance: "a\nb"\n`,
      // A duplicate key in the 50th item, and a broken item at the end.
      duplicate: `${many('- utterance: x\n  expect: y\n').slice(0, 1000)}- utterance: a\n  utterance: b\n${many('- utterance: x\n')}- [unclosed\n`,
    }
    for (const [name, text] of Object.entries(cases)) {
      const { yields, result } = stepped(text)
      expect(result, name).toEqual(parseYamlText(text))
      if (name !== 'duplicate') expect(yields, name).toBe(0)
    }
    expect(stepped(cases.duplicate).result.errors.length).toBeGreaterThan(0)
  })

  it('keeps the limits of the whole document', () => {
    const text = '- utterance: x\n'.repeat(3000)
    expect(finishSteps(parseYamlTextInSteps(text)).errors[0]?.message).toMatch(/lines; the limit is/)
  })
})
