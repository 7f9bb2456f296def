import { describe, expect, it } from 'vitest'
import { capResult, MAX_CODE_OUTPUT_CHARS, MAX_CODE_RESULT_BYTES, resultTooLarge, type CodeRunOutcome } from './codeRun'

describe('resultTooLarge', () => {
  it('says the size and the limit in MB, rounded up so a result just over the limit does not read as the limit', () => {
    const printed = { stdout: 'made it\n', stderr: 'warned\n', ms: 12 }
    expect(resultTooLarge(MAX_CODE_RESULT_BYTES + 1, printed)).toEqual({
      ok: false,
      error: { type: 'too-large', message: 'The result is 10.1 MB, over the 10 MB limit: return a summary or fewer items.' },
      ...printed,
    })
    expect(resultTooLarge(1_234_567_890, printed)).toMatchObject({
      error: { message: expect.stringMatching(/^The result is 1234.6 MB, over/) },
    })
  })
})

describe('capResult', () => {
  const ran = { stdout: 'printed\n', stderr: '', ms: 5 }
  it('turns a result over the limit into the too-large error, counting UTF-8 bytes, what it printed kept', () => {
    // 3.4 million CJK characters: under the limit in characters, over it in bytes (three each).
    const chinese = '退'.repeat(3_400_000)
    const big: CodeRunOutcome = { ok: true, result: { text: chinese }, ...ran }
    const capped = capResult(big, JSON.stringify(big).length)
    expect(capped).toMatchObject({ ok: false, error: { type: 'too-large' }, stdout: 'printed\n' })
    // Just under: the result travels whole.
    const under: CodeRunOutcome = { ok: true, result: 'x'.repeat(MAX_CODE_RESULT_BYTES - 10), ...ran }
    expect(capResult(under, JSON.stringify(under).length)).toBe(under)
  })
  it('leaves errors and small results alone without measuring them', () => {
    const small: CodeRunOutcome = { ok: true, result: { a: 1 }, ...ran }
    expect(capResult(small, 40)).toBe(small)
    const failed: CodeRunOutcome = { ok: false, error: { type: 'exception', message: 'x' }, ...ran }
    expect(capResult(failed, MAX_CODE_RESULT_BYTES * 2)).toBe(failed)
  })
})

describe('capResult, the edges a review found', () => {
  const ran = { stdout: '', stderr: '', ms: 1 }
  it("cuts an error's message and traceback at the output limit, however small the outcome", () => {
    const failed: CodeRunOutcome = {
      ok: false,
      error: { type: 'exception', message: 'x'.repeat(100_000), traceback: 'y'.repeat(100_000) },
      ...ran,
    }
    const capped = capResult(failed, 200_100)
    expect(capped.ok).toBe(false)
    if (capped.ok) return
    expect(capped.error.message.length).toBeLessThan(MAX_CODE_OUTPUT_CHARS + 100)
    expect(capped.error.message).toMatch(/cut: more than 20000 characters\]$/)
    expect(capped.error.traceback!.length).toBeLessThan(MAX_CODE_OUTPUT_CHARS + 100)
  })
  it('measures a list of large floats, which JavaScript writes three times as long as Python does', () => {
    const floats: CodeRunOutcome = { ok: true, result: new Array(470_000).fill(1e20), ...ran }
    // Python's json writes each as "1e+20, ": 7 characters.
    expect(capResult(floats, 7 * 470_000 + 60)).toMatchObject({ ok: false, error: { type: 'too-large' } })
  })
})
