import { describe, expect, it } from 'vitest'
import { formatZurichDateTime } from './dates.ts'
import { newestFirst } from './history.ts'

describe('formatZurichDateTime', () => {
  it.each([
    ['2026-11-25T01:30:00.000Z', '25.11.2026 02:30'], // CET, UTC+1
    ['2026-07-01T22:05:00.000Z', '02.07.2026 00:05'], // CEST, UTC+2, next day in Zurich
    ['2026-03-29T01:00:00.000Z', '29.03.2026 03:00'], // the hour the clocks go forward
  ])('%s is %s in Zurich', (iso, shown) => {
    expect(formatZurichDateTime(iso)).toBe(shown)
  })
})

describe('newestFirst', () => {
  it('sorts by time, newest first, and of equal times the later-recorded first', () => {
    const at = (h: number) => `2026-11-25T0${h}:00:00.000Z`
    const sorted = newestFirst([
      { at: at(1), seq: 1 },
      { at: at(3), seq: 2 },
      { at: at(1), seq: 5 },
      { at: at(2), seq: 3 },
    ])
    expect(sorted.map((e) => e.seq)).toEqual([2, 3, 5, 1])
  })
})
