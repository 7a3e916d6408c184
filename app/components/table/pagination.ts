/**
 * The page numbers to link: at most `max` (spec §9: 7) around the current page, clamped to the ends.
 * First/last links are added by the component when they fall outside the window.
 */
export function pageWindow(page: number, pageCount: number, max = 7): number[] {
  if (pageCount <= 0) return []
  const current = Math.min(Math.max(1, page), pageCount)
  const size = Math.min(max, pageCount)
  let start = Math.max(1, current - Math.floor(size / 2))
  start = Math.min(start, pageCount - size + 1)
  return Array.from({ length: size }, (_, i) => start + i)
}

export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize))
}

/** The page from a query value: a positive integer within range, else 1. */
export function parsePage(value: string | null, pageCount: number): number {
  const n = Number(value)
  return Number.isInteger(n) && n >= 1 && n <= pageCount ? n : 1
}
