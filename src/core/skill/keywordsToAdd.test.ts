import { describe, expect, it } from 'vitest'
import { keywordsToAdd } from './keywordsToAdd'

describe('keywordsToAdd', () => {
  it('names the keywords the skill already has and adds the others, split on full-width commas', () => {
    expect(keywordsToAdd(['退款', '退货', 'Refund'], '退款，退货，退钱')).toEqual({ added: ['退钱'], already: ['退款', '退货'] })
  })

  it('compares without case, and adds nothing twice from one entry', () => {
    expect(keywordsToAdd(['Refund'], 'refund, money back、Money Back')).toEqual({ added: ['money back'], already: ['refund'] })
    expect(keywordsToAdd([], '  ，、')).toEqual({ added: [], already: [] })
  })
})
