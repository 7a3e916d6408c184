/** Business dates are calendar days in Europe/Zurich (DESIGN §5 "Time"), written yyyy-mm-dd. */

const ZURICH_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Zurich',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

const ZURICH_MINUTE = new Intl.DateTimeFormat('de-CH', {
  timeZone: 'Europe/Zurich',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

/** dd.mm.yyyy HH:mm of an instant (ISO text or Date) in Europe/Zurich, in every language. */
export function formatZurichDateTime(instant: string | Date): string {
  const parts = Object.fromEntries(
    ZURICH_MINUTE.formatToParts(new Date(instant)).map((p) => [p.type, p.value]),
  )
  return `${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute}`
}

/** The Zurich calendar day of an instant, as yyyy-mm-dd. */
export function zurichDay(instant: Date): string {
  return ZURICH_DAY.format(instant)
}

/** yyyy-mm-dd plus `days` (may be negative); pure calendar arithmetic, no time zone involved. */
export function addDays(isoDay: string, days: number): string {
  const date = new Date(`${isoDay}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

export function isIsoDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}
