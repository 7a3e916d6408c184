/**
 * The holiday banner's calendar (spec §9): 1 January, 1 August and 20–26 December, in Europe/Zurich.
 * Three greetings per holiday rotate every 360000 ms.
 */
import { zurichDay } from './svn/dates.ts'

export type Holiday = 'newYear' | 'nationalDay' | 'christmas'

export const HOLIDAY_ROTATION_MS = 360_000
const GREETING_NUMBERS = [1, 2, 3] as const
export const GREETINGS_PER_HOLIDAY: number = GREETING_NUMBERS.length
/** A literal key type, so the portal's `tsc` checks each greeting against its catalogue. */
export type GreetingKey = `banner.${Holiday}.greeting${(typeof GREETING_NUMBERS)[number]}`

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** A real calendar date as `YYYY-MM-DD`, or null. */
export function parseIsoDate(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const match = ISO_DATE.exec(value)
  if (!match) return null
  const [, y, m, d] = match.map(Number) as [number, number, number, number]
  const date = new Date(Date.UTC(y, m - 1, d))
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null
  return value
}

/** The calendar date of `now` in Zurich, as `YYYY-MM-DD`. */
// Asked on every page (the banner): remembered per UTC hour, since Zurich's offset changes only on the
// hour, so every instant of one UTC hour has the same Zurich day.
let remembered = { hour: Number.NaN, day: '' }

export function zurichDate(now: Date): string {
  const hour = Math.floor(now.getTime() / 3_600_000)
  if (hour !== remembered.hour) remembered = { hour, day: zurichDay(now) }
  return remembered.day
}

/** The holiday of a `YYYY-MM-DD` date, or null. */
export function holidayOn(isoDate: string): Holiday | null {
  const parsed = parseIsoDate(isoDate)
  if (!parsed) return null
  const month = Number(parsed.slice(5, 7))
  const day = Number(parsed.slice(8, 10))
  if (month === 1 && day === 1) return 'newYear'
  if (month === 8 && day === 1) return 'nationalDay'
  if (month === 12 && day >= 20 && day <= 26) return 'christmas'
  return null
}

/** Which of the greetings shows at `nowMs`: the same for everyone, the next one every 6 minutes. */
export function greetingIndex(
  nowMs: number,
  count = GREETINGS_PER_HOLIDAY,
  intervalMs = HOLIDAY_ROTATION_MS,
): number {
  if (count <= 0) return 0
  return Math.floor(nowMs / intervalMs) % count
}

/** The translation keys of a holiday's greetings, in rotation order. */
export function greetingKeys(holiday: Holiday): GreetingKey[] {
  return GREETING_NUMBERS.map((n) => `banner.${holiday}.greeting${n}` as const)
}
