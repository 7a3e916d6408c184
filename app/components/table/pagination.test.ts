import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { pageCountOf, pageWindow, parsePage } from './pagination.ts'

describe('pageWindow', () => {
  it('shows all pages when there are few', () => {
    expect(pageWindow(2, 3)).toEqual([1, 2, 3])
  })
  it('centres the current page and clamps at the ends', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(pageWindow(10, 20)).toEqual([7, 8, 9, 10, 11, 12, 13])
    expect(pageWindow(20, 20)).toEqual([14, 15, 16, 17, 18, 19, 20])
  })
  it('always holds the current page, at most 7 consecutive pages within range', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 500 }), (count, p) => {
        const page = Math.min(p, count)
        const pages = pageWindow(page, count)
        expect(pages).toContain(page)
        expect(pages.length).toBe(Math.min(7, count))
        pages.forEach((n, i) => {
          expect(n).toBeGreaterThanOrEqual(1)
          expect(n).toBeLessThanOrEqual(count)
          if (i > 0) expect(n).toBe((pages[i - 1] ?? 0) + 1)
        })
      }),
    )
  })
})

describe('page helpers', () => {
  it('counts pages and parses the query safely', () => {
    expect(pageCountOf(0, 15)).toBe(1)
    expect(pageCountOf(100, 15)).toBe(7)
    expect(parsePage('3', 7)).toBe(3)
    expect(parsePage('8', 7)).toBe(1)
    expect(parsePage('x', 7)).toBe(1)
    expect(parsePage(null, 7)).toBe(1)
  })
})
