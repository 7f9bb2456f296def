import { describe, expect, it } from 'vitest'
import { MAX_CODE_RESULT_BYTES, resultTooLarge } from './codeRun'

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
