import { describe, expect, it } from 'vitest'
import { MAX_MERGED_TEXT, mergeText } from './mergeText'

const base = '---\nname: calc\n---\n## You are a calculator\n\n- Show the result.\n'

describe('merging one file changed in two places', () => {
  it('keeps both changes when they touch different lines, with the file’s line endings', () => {
    const mine = base.replace('name: calc', 'name: calc_v2')
    const theirs = base + '- Round to two places.\n'
    expect(mergeText(base, mine, theirs)).toEqual({ ok: true, text: mine + '- Round to two places.\n' })
    const crlf = (text: string) => text.replace(/\n/g, '\r\n')
    expect(mergeText(crlf(base), crlf(mine), crlf(theirs))).toEqual({ ok: true, text: crlf(mine + '- Round to two places.\n') })
  })

  it('asks when both change the same lines, or both add lines at the same place', () => {
    expect(mergeText(base, base.replace('calculator', 'adder'), base.replace('calculator', 'multiplier'))).toEqual({ ok: false })
    expect(mergeText(base, base + 'mine\n', base + 'theirs\n')).toEqual({ ok: false })
    expect(mergeText('no newline', 'no newline mine', 'no newline theirs')).toEqual({ ok: false })
  })

  it('takes the one side that changed, and the same change on both sides once', () => {
    expect(mergeText(base, base, base + 'x\n')).toEqual({ ok: true, text: base + 'x\n' })
    expect(mergeText(base, base + 'x\n', base)).toEqual({ ok: true, text: base + 'x\n' })
    expect(mergeText(base, base + 'x\n', base + 'x\n')).toEqual({ ok: true, text: base + 'x\n' })
  })

  it('does not diff texts past the limit: both changes are a conflict', () => {
    const big = 'line\n'.repeat(MAX_MERGED_TEXT / 5 + 1)
    expect(mergeText(big, 'top\n' + big, big + 'end\n')).toEqual({ ok: false })
  })
})
