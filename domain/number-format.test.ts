import { describe, expect, it } from 'vitest'
import { formatNumber } from './number-format.ts'

describe('formatNumber', () => {
  it('groups thousands as Switzerland does: ’ in de, it and en; a narrow no-break space in fr', () => {
    expect(formatNumber(5000, 'de')).toBe('5\u2019000')
    expect(formatNumber(5000, 'it')).toBe('5\u2019000')
    expect(formatNumber(5000, 'en')).toBe('5\u2019000')
    expect(formatNumber(5000, 'fr')).toBe('5\u202f000')
    expect(formatNumber(1234567, 'de')).toBe('1\u2019234\u2019567')
    expect(formatNumber(999, 'fr')).toBe('999')
    expect(formatNumber(0, 'de')).toBe('0')
  })

  it('writes the decimal point, the French comma, up to three decimals, and the sign', () => {
    expect(formatNumber(7.5, 'de')).toBe('7.5')
    expect(formatNumber(7.5, 'fr')).toBe('7,5')
    expect(formatNumber(1234.5678, 'fr')).toBe('1\u202f234,568')
    expect(formatNumber(-12345.5, 'de')).toBe('-12\u2019345.5')
  })
})
