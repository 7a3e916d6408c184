/**
 * Typed dates (spec §2 "Date input", DESIGN §5): what a clerk may type in any date field, read as a
 * calendar day. Accepted: dd.mm.yyyy, d.m.yyyy, ddmmyyyy (exactly 8 digits) and yyyy-mm-dd (what the
 * register receives). The result is always yyyy-mm-dd, or null when the text is no real day.
 */

// Day, month and year by position; plain code rather than date-fns' parser, which is several KB of
// the browser bundle of every screen with a date field (ADR 511).
const FORMS: ReadonlyArray<{ pattern: RegExp; day: number; month: number; year: number }> = [
  { pattern: /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/, day: 1, month: 2, year: 3 },
  { pattern: /^(\d{2})(\d{2})(\d{4})$/, day: 1, month: 2, year: 3 },
  { pattern: /^(\d{4})-(\d{2})-(\d{2})$/, day: 3, month: 2, year: 1 },
]

/** Day, month and year as typed, by the first accepted form the text is written in; null for none. */
function typedParts(text: string): { day: number; month: number; year: number } | null {
  const value = text.trim()
  for (const form of FORMS) {
    const match = form.pattern.exec(value)
    if (match)
      return {
        day: Number(match[form.day]),
        month: Number(match[form.month]),
        year: Number(match[form.year]),
      }
  }
  return null
}

/** Whether typed parts lie in the ranges of a calendar (the month's own length aside). */
const inRanges = ({ day, month, year }: { day: number; month: number; year: number }) =>
  year >= 1000 && month >= 1 && month <= 12 && day >= 1 && day <= 31

export function parseDateInput(text: string): string | null {
  const parts = typedParts(text)
  if (!parts || !inRanges(parts)) return null
  const { day, month, year } = parts
  // Day 0 of the next month is the last day of this one.
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null
  return [String(year).padStart(4, '0'), String(month).padStart(2, '0'), String(day).padStart(2, '0')].join(
    '-',
  )
}

/**
 * Why parseDateInput refused a text, as a translation key: a day this month does not have (31.02.2024,
 * 29.02.2023, 31.04.2025), or anything else: not written as a date, a month over 12, a day over 31 or
 * a year before 1000 (often another order typed, such as 20240131).
 */
export function dateInputProblem(text: string): 'validation.dateNotReal' | 'validation.dateFormat' {
  const parts = typedParts(text)
  return parts && inRanges(parts) ? 'validation.dateNotReal' : 'validation.dateFormat'
}

/** yyyy-mm-dd → dd.mm.yyyy, the display form in every language; other text is returned unchanged. */
export function formatDateDisplay(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso)
  return match ? `${match[3]}.${match[2]}.${match[1]}` : iso
}

/**
 * What a date field shows after the user leaves it: the typed text normalised to dd.mm.yyyy when it is
 * a real day, otherwise exactly what was typed (so an error never loses input).
 */
export function normaliseDateText(text: string): string {
  const iso = parseDateInput(text)
  return iso ? formatDateDisplay(iso) : text
}
