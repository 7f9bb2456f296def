import { describe, expect, it } from 'vitest'
import { changedSpan } from './changedSpan'

const apply = (before: string, span: ReturnType<typeof changedSpan>) => before.slice(0, span.start) + span.text + before.slice(span.end)

describe('changedSpan', () => {
  it('replaces only what changed: a line added above the cursor leaves the line typed in alone', () => {
    const before = 'name: calc\ndescription: Adds.\n---\nCompute. P'
    const after = 'name: calc\ndescription: Adds. Disk.\n---\nCompute. P'
    const at = before.indexOf('Adds.') + 'Adds.'.length
    expect(changedSpan(before, after)).toEqual({ start: at, end: at, text: ' Disk.' })
  })

  it('gives back the new text for every pair, whole characters only', () => {
    const texts = ['', 'a', 'ab\r\nc', 'a\r\nb', '😀x', 'x😀', '😀😁', 'a\nb\nc', 'a\r\n\r\nb', 'aaa', 'aa']
    for (const before of texts)
      for (const after of texts) {
        const span = changedSpan(before, after)
        expect(apply(before, span)).toBe(after)
        expect(span.start).toBeLessThanOrEqual(span.end)
        for (const text of [before.slice(0, span.start), before.slice(span.end), span.text]) {
          expect(text.startsWith('\n') && before.slice(0, span.start).endsWith('\r')).toBe(false)
          expect(/^[\udc00-\udfff]/.test(text)).toBe(false)
        }
      }
  })
})
