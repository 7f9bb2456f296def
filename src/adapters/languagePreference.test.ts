import { describe, expect, it } from 'vitest'
import { browserLanguage } from './languagePreference'

describe('the interface language', () => {
  it('follows the browser: any zh* means Chinese', () => {
    expect(browserLanguage(['zh-TW', 'en'])).toBe('zh')
    expect(browserLanguage(['en-GB', 'zh-CN'])).toBe('zh')
    expect(browserLanguage(['fr', 'en'])).toBe('en')
    expect(browserLanguage([])).toBe('en')
  })
})
