import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { dateInputProblem, formatDateDisplay, normaliseDateText, parseDateInput } from './date-input.ts'

const day = fc
  .date({ min: new Date(Date.UTC(1900, 0, 1)), max: new Date(Date.UTC(2100, 11, 31)), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10))

describe('parseDateInput', () => {
  it('reads every accepted form of a day back to the same day', () => {
    fc.assert(
      fc.property(day, (iso) => {
        const [y, m, d] = iso.split('-')
        const forms = [`${d}.${m}.${y}`, `${Number(d)}.${Number(m)}.${y}`, `${d}${m}${y}`, iso]
        for (const form of forms) expect(parseDateInput(form)).toBe(iso)
        expect(parseDateInput(formatDateDisplay(iso))).toBe(iso)
      }),
    )
  })

  it('refuses days that do not exist and other text', () => {
    for (const text of [
      '31.02.2024',
      '29022023',
      '2023-02-29',
      '1.13.2024',
      '',
      'heute',
      '1.1.24',
      '123456789',
    ])
      expect(parseDateInput(text)).toBeNull()
    expect(parseDateInput('29.02.2024')).toBe('2024-02-29')
    expect(parseDateInput(' 01012025 ')).toBe('2025-01-01')
  })

  it('tells a day that does not exist from text that is no date', () => {
    for (const text of ['31.02.2024', '29022023', '2023-02-29', '30.2.2024', ' 31.04.2025 '])
      expect(dateInputProblem(text)).toBe('validation.dateNotReal')
    for (const text of [
      '',
      'heute',
      '1.1.24',
      '123456789',
      '2024/01/01',
      '1012025',
      '1.13.2024',
      '0.1.2024',
      '32.01.2025',
      '20240131',
      '01.01.0202',
    ])
      expect(dateInputProblem(text)).toBe('validation.dateFormat')
  })

  it('normalises typed text for display, keeping what it cannot read', () => {
    expect(normaliseDateText('1012025')).toBe('1012025')
    expect(normaliseDateText('31.02.2026')).toBe('31.02.2026')
    expect(normaliseDateText('01012025')).toBe('01.01.2025')
    expect(normaliseDateText('1.2.2025')).toBe('01.02.2025')
    expect(normaliseDateText('32.01.2025')).toBe('32.01.2025')
  })
})
