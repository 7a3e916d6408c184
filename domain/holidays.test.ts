import { describe, expect, it } from 'vitest'
import {
  greetingIndex,
  greetingKeys,
  holidayOn,
  HOLIDAY_ROTATION_MS,
  parseIsoDate,
  zurichDate,
} from './holidays.ts'

describe('holidayOn', () => {
  it('knows New Year, the national day and the Christmas week', () => {
    expect(holidayOn('2026-01-01')).toBe('newYear')
    expect(holidayOn('2026-08-01')).toBe('nationalDay')
    for (let day = 20; day <= 26; day++) expect(holidayOn(`2026-12-${day}`)).toBe('christmas')
  })

  it('is null on the days around them', () => {
    for (const date of ['2025-12-31', '2026-01-02', '2026-07-31', '2026-08-02', '2026-12-19', '2026-12-27'])
      expect(holidayOn(date), date).toBeNull()
  })

  it('is null for anything that is not a date', () => {
    expect(holidayOn('2026-02-30')).toBeNull()
    expect(holidayOn('01.08.2026')).toBeNull()
    expect(holidayOn('')).toBeNull()
  })
})

describe('parseIsoDate', () => {
  it('accepts real dates only', () => {
    expect(parseIsoDate('2024-02-29')).toBe('2024-02-29')
    expect(parseIsoDate('2025-02-29')).toBeNull()
    expect(parseIsoDate('2025-13-01')).toBeNull()
    expect(parseIsoDate(20250101)).toBeNull()
  })
})

describe('zurichDate', () => {
  it('uses the Zurich calendar day, not UTC', () => {
    // 31 Dec 23:30 UTC is already 1 January in Zurich (UTC+1 in winter).
    expect(zurichDate(new Date('2025-12-31T23:30:00Z'))).toBe('2026-01-01')
    // 31 Jul 22:30 UTC is 1 August 00:30 in Zurich (UTC+2 in summer).
    expect(zurichDate(new Date('2026-07-31T22:30:00Z'))).toBe('2026-08-01')
    expect(zurichDate(new Date('2026-07-31T21:30:00Z'))).toBe('2026-07-31')
    expect(zurichDate(new Date('2026-12-26T22:59:00Z'))).toBe('2026-12-26')
    expect(zurichDate(new Date('2026-12-26T23:00:00Z'))).toBe('2026-12-27')
  })

  it('stays right within an hour and across the clock changes (remembered per UTC hour)', () => {
    const cases: [string, string][] = [
      ['2026-03-28T22:00:00Z', '2026-03-28'],
      ['2026-03-28T22:59:59Z', '2026-03-28'],
      ['2026-03-28T23:00:00Z', '2026-03-29'],
      // 02:00 CET becomes 03:00 CEST at 01:00 UTC: still the 29th on both sides.
      ['2026-03-29T00:59:59Z', '2026-03-29'],
      ['2026-03-29T01:00:00Z', '2026-03-29'],
      ['2026-10-24T21:59:59Z', '2026-10-24'],
      ['2026-10-24T22:00:00Z', '2026-10-25'],
      ['2026-10-25T22:59:59Z', '2026-10-25'],
      ['2026-10-25T23:00:00Z', '2026-10-26'],
      // Backwards again: the remembered hour is not a lower bound.
      ['2026-03-28T22:30:00Z', '2026-03-28'],
    ]
    for (const [instant, day] of cases) expect(zurichDate(new Date(instant)), instant).toBe(day)
  })
})

describe('greeting rotation', () => {
  it('moves to the next greeting every 360000 ms and wraps after three', () => {
    expect(HOLIDAY_ROTATION_MS).toBe(360_000)
    expect(greetingIndex(0)).toBe(0)
    expect(greetingIndex(HOLIDAY_ROTATION_MS - 1)).toBe(0)
    expect(greetingIndex(HOLIDAY_ROTATION_MS)).toBe(1)
    expect(greetingIndex(2 * HOLIDAY_ROTATION_MS)).toBe(2)
    expect(greetingIndex(3 * HOLIDAY_ROTATION_MS)).toBe(0)
  })

  it('copes with no greetings', () => {
    expect(greetingIndex(5, 0)).toBe(0)
  })

  it('has three greeting keys per holiday', () => {
    expect(greetingKeys('christmas')).toEqual([
      'banner.christmas.greeting1',
      'banner.christmas.greeting2',
      'banner.christmas.greeting3',
    ])
  })
})
