import { formatDateDisplay, parseDateInput } from '../../../domain/date-input.ts'

/**
 * The pure parts of the date field (DateField.tsx) and its picker (DateCalendar.tsx): what the text
 * field shows, which day the calendar opens on and which years its selector offers (spec §9
 * "Datepicker": ten years either side, up to 500 with min/max).
 */

/** Years either side of the shown year the selector offers when no bound is given. */
export const YEARS_EITHER_SIDE = 10
/** With a min or max the selector reaches it, but never further than this from the shown year. */
export const MAX_YEARS_EITHER_SIDE = 500

/** What the text field shows for a stored or typed value: yyyy-mm-dd becomes dd.mm.yyyy, text stays. */
export function displayValue(value: string | null | undefined): string {
  return value ? formatDateDisplay(value) : ''
}

/** yyyy-mm-dd → a local Date at midnight (what the calendar works with), or undefined. */
export function isoToDate(iso: string | null | undefined): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '')
  if (!match) return undefined
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]))
  date.setFullYear(Number(match[1]))
  return date
}

/** A local Date → yyyy-mm-dd (its calendar day, whatever the time). */
export function dateToIso(date: Date): string {
  return [
    String(date.getFullYear()).padStart(4, '0'),
    String(date.getMonth() + 1).padStart(2, '0'),
    String(date.getDate()).padStart(2, '0'),
  ].join('-')
}

/** Keeps `iso` within [min, max] (yyyy-mm-dd compare as text). */
export function clampDay(iso: string, min?: string, max?: string): string {
  if (min && iso < min) return min
  if (max && iso > max) return max
  return iso
}

export interface PickerStart {
  /** The typed day, when the text is one; it shows as selected. */
  selected: string | null
  /** The month the calendar opens on: the typed day's, else today's (kept within min/max). */
  month: string
  /** First and last month the calendar (and its year selector) offers, as yyyy-mm-dd. */
  startMonth: string
  endMonth: string
}

/** Where the picker opens for the text now in the field. */
export function pickerStart(text: string, today: string, min?: string, max?: string): PickerStart {
  const selected = parseDateInput(text)
  const shown = clampDay(selected ?? today, min, max)
  const year = Number(shown.slice(0, 4))
  const reach = (bound: string | undefined, dir: -1 | 1) => {
    if (!bound) return year + dir * YEARS_EITHER_SIDE
    const boundYear = Number(bound.slice(0, 4))
    return dir < 0
      ? Math.max(boundYear, year - MAX_YEARS_EITHER_SIDE)
      : Math.min(boundYear, year + MAX_YEARS_EITHER_SIDE)
  }
  const pad = (y: number) => String(Math.min(Math.max(y, 1000), 9999)).padStart(4, '0')
  const firstYear = reach(min, -1)
  const lastYear = reach(max, 1)
  const startMonth =
    min && Number(min.slice(0, 4)) === firstYear ? `${min.slice(0, 7)}-01` : `${pad(firstYear)}-01-01`
  const endMonth =
    max && Number(max.slice(0, 4)) === lastYear ? `${max.slice(0, 7)}-01` : `${pad(lastYear)}-12-01`
  return { selected, month: `${shown.slice(0, 7)}-01`, startMonth, endMonth }
}

/** The calendar's locale for an interface language (date-fns: de, fr, it, en-GB — Monday first). */
export type CalendarLocale = 'de' | 'fr' | 'it' | 'enGB'
export function calendarLocaleOf(language: string | undefined): CalendarLocale {
  const base = (language ?? 'de').slice(0, 2)
  return base === 'fr' || base === 'it' ? base : base === 'en' ? 'enGB' : 'de'
}
