import { isValid, parse } from 'date-fns'

/**
 * Typed dates (spec §2 "Date input", DESIGN §5): what a clerk may type in any date field, read as a
 * calendar day. Accepted: dd.mm.yyyy, d.m.yyyy, ddmmyyyy (exactly 8 digits) and yyyy-mm-dd (what the
 * register receives). The result is always yyyy-mm-dd, or null when the text is no real day.
 */

const FORMS = [
  { pattern: /^\d{1,2}\.\d{1,2}\.\d{4}$/, format: 'd.M.yyyy' },
  { pattern: /^\d{8}$/, format: 'ddMMyyyy' },
  { pattern: /^\d{4}-\d{2}-\d{2}$/, format: 'yyyy-MM-dd' },
] as const

const REFERENCE = new Date(2000, 0, 1)

export function parseDateInput(text: string): string | null {
  const value = text.trim()
  const form = FORMS.find((f) => f.pattern.test(value))
  if (!form) return null
  const date = parse(value, form.format, REFERENCE)
  if (!isValid(date)) return null
  const year = date.getFullYear()
  if (year < 1000 || year > 9999) return null
  return [
    String(year).padStart(4, '0'),
    String(date.getMonth() + 1).padStart(2, '0'),
    String(date.getDate()).padStart(2, '0'),
  ].join('-')
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
