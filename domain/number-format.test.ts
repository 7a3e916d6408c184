import { describe, expect, it } from 'vitest'
import { formatKilobytes, formatNumber } from './number-format.ts'

describe('formatNumber', () => {
  it('groups as Switzerland does in each language', () => {
    expect(formatNumber(5000, 'de')).toMatch(/^5.000$/)
    expect(formatNumber(5000, 'fr')).toMatch(/^5\s000$/u)
    expect(formatNumber(5000, 'en')).toBe(formatNumber(5000, 'de'))
    expect(formatNumber(7.5, 'fr')).toBe('7,5')
    expect(formatNumber(7.5, 'de')).toBe('7.5')
  })
})

describe('formatKilobytes', () => {
  it('writes the kilobyte in the language’s symbol, never 0 for a file with content', () => {
    expect(formatKilobytes(0.2, 'de')).toBe('1 kB')
    expect(formatKilobytes(0, 'de')).toBe('0 kB')
    expect(formatKilobytes(12, 'fr')).toMatch(/^12\sko$/u)
    expect(formatKilobytes(12, 'it')).toBe('12 kB')
    expect(formatKilobytes(12345, 'de')).toMatch(/^12.345 kB$/)
    expect(formatKilobytes(1075.4, 'fr')).toMatch(/^1\s075\sko$/u)
  })
})
