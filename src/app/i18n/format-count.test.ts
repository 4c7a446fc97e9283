import { afterEach, describe, expect, it, vi } from 'vitest'
import { formatCount, useLang } from './i18n'

describe('formatCount', () => {
  afterEach(() => {
    vi.restoreAllMocks()
    useLang.setState({ lang: 'en' })
  })

  it('groups digits as the language writes them, the current language by default', () => {
    expect(formatCount(1_234_567, 'en')).toBe('1,234,567')
    expect(formatCount(1_234_567, 'zh')).toBe('1,234,567')
    expect(formatCount(7, 'en')).toBe('7')
    useLang.setState({ lang: 'zh' })
    expect(formatCount(12_345)).toBe('12,345')
  })

  it('writes small whole numbers as the formatter would', () => {
    for (const lang of ['en', 'zh'] as const) {
      const intl = new Intl.NumberFormat(lang === 'en' ? 'en-US' : 'zh-CN')
      for (const n of [0, 1, 9, 10, 99, 100, 999, 1000, 1001, -1, -999, 0.5, 12.345, 999.9999])
        expect(formatCount(n, lang)).toBe(intl.format(n))
    }
  })

  it('makes one formatter per language, not one per number', () => {
    const made = vi.spyOn(Intl, 'NumberFormat')
    for (let n = 0; n < 50; n++) {
      formatCount(n * 1_000, 'en')
      formatCount(n * 1_000, 'zh')
    }
    // Formatters made before the spy (the test above) are kept: at most one each here.
    expect(made.mock.calls.length).toBeLessThanOrEqual(2)
  })
})
