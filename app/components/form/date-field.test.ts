import { describe, expect, it } from 'vitest'
import { calendarLocaleOf, clampDay, dateToIso, displayValue, isoToDate, pickerStart } from './date-field.ts'

describe('displayValue', () => {
  it('shows a stored day as dd.mm.yyyy and keeps typed text as it is', () => {
    expect(displayValue('2025-03-07')).toBe('07.03.2025')
    expect(displayValue('7.3.25')).toBe('7.3.25')
    expect(displayValue(null)).toBe('')
    expect(displayValue(undefined)).toBe('')
  })
})

describe('isoToDate / dateToIso', () => {
  it('round-trips calendar days, leap day and early years included', () => {
    for (const iso of ['2024-02-29', '2025-12-31', '1900-01-01', '0999-06-15']) {
      const date = isoToDate(iso)
      expect(date).toBeDefined()
      expect(dateToIso(date as Date)).toBe(iso)
    }
    expect(isoToDate('31.12.2025')).toBeUndefined()
    expect(isoToDate('')).toBeUndefined()
  })
})

describe('clampDay', () => {
  it('keeps a day within the bounds', () => {
    expect(clampDay('2025-01-01', '2025-02-01')).toBe('2025-02-01')
    expect(clampDay('2025-03-01', undefined, '2025-02-01')).toBe('2025-02-01')
    expect(clampDay('2025-01-15', '2025-01-01', '2025-02-01')).toBe('2025-01-15')
  })
})

describe('pickerStart', () => {
  it('opens on the typed day, in any accepted form, with ten years either side', () => {
    expect(pickerStart('07032025', '2026-05-20')).toEqual({
      selected: '2025-03-07',
      month: '2025-03-01',
      startMonth: '2015-01-01',
      endMonth: '2035-12-01',
    })
    expect(pickerStart('7.3.2025', '2026-05-20').selected).toBe('2025-03-07')
  })

  it('opens on today when the text is no day', () => {
    expect(pickerStart('', '2026-05-20')).toEqual({
      selected: null,
      month: '2026-05-01',
      startMonth: '2016-01-01',
      endMonth: '2036-12-01',
    })
    expect(pickerStart('31.02.2025', '2026-05-20').selected).toBeNull()
  })

  it('reaches a min or max bound (birth dates back to 1900), but at most 500 years', () => {
    const birth = pickerStart('', '2026-05-20', '1900-01-01', '2026-05-20')
    expect(birth.startMonth).toBe('1900-01-01')
    expect(birth.endMonth).toBe('2026-05-01')
    const far = pickerStart('', '2026-05-20', '1000-01-01')
    expect(far.startMonth).toBe('1526-01-01')
    expect(far.endMonth).toBe('2036-12-01')
  })

  it('keeps the opening month within the bounds', () => {
    expect(pickerStart('01.01.2020', '2026-05-20', '2026-04-20').month).toBe('2026-04-01')
  })
})

describe('calendarLocaleOf', () => {
  it('maps the interface language to a Monday-first calendar locale', () => {
    expect(calendarLocaleOf('de')).toBe('de')
    expect(calendarLocaleOf('fr')).toBe('fr')
    expect(calendarLocaleOf('it')).toBe('it')
    expect(calendarLocaleOf('en')).toBe('enGB')
    expect(calendarLocaleOf(undefined)).toBe('de')
    expect(calendarLocaleOf('rm')).toBe('de')
  })
})
