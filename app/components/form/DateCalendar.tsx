import { useEffect, useRef, useState } from 'react'
import { DayPicker } from 'react-day-picker'
import { de } from 'react-day-picker/locale/de'
import { enGB } from 'react-day-picker/locale/en-GB'
import { fr } from 'react-day-picker/locale/fr'
import { it } from 'react-day-picker/locale/it'
import 'react-day-picker/style.css'
import { dateToIso, isoToDate, type CalendarLocale } from './date-field.ts'

const LOCALES = { de, fr, it, enGB } as const

export interface DateCalendarProps {
  /** yyyy-mm-dd values (see date-field.ts pickerStart). */
  selected: string | null
  month: string
  startMonth: string
  endMonth: string
  min?: string | undefined
  max?: string | undefined
  today: string
  locale: CalendarLocale
  onPick: (iso: string) => void
}

/**
 * The calendar grid of the date picker (react-day-picker), loaded only when a picker opens so it stays
 * out of the main bundle. Monday first, six weeks, month and year selectors; the grid's keys are the
 * APG date picker's: arrows move a day or week, PageUp/PageDown a month, Shift+PageUp/PageDown a year,
 * Home/End the week's ends, Enter or Space picks.
 */
export default function DateCalendar(props: DateCalendarProps) {
  const { selected, min, max, today, locale, onPick } = props
  const rootRef = useRef<HTMLDivElement>(null)
  const [month, setMonth] = useState(() => isoToDate(props.month) ?? new Date())
  const disabled = [
    ...(min ? [{ before: isoToDate(min) as Date }] : []),
    ...(max ? [{ after: isoToDate(max) as Date }] : []),
  ]

  // Focus the selected day (else today, else the month's first) once the dialog shows the grid.
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      rootRef.current?.querySelector<HTMLButtonElement>('[role="grid"] button[tabindex="0"]')?.focus()
    })
    return () => cancelAnimationFrame(frame)
  }, [])

  return (
    <div ref={rootRef} className="date-calendar">
      <DayPicker
        mode="single"
        required
        locale={LOCALES[locale]}
        weekStartsOn={1}
        fixedWeeks
        showOutsideDays
        captionLayout="dropdown"
        month={month}
        onMonthChange={setMonth}
        startMonth={isoToDate(props.startMonth)}
        endMonth={isoToDate(props.endMonth)}
        today={isoToDate(today)}
        selected={isoToDate(selected)}
        disabled={disabled}
        autoFocus
        // `required`: picking the selected day again picks it (instead of clearing the selection).
        onSelect={(date) => onPick(dateToIso(date))}
      />
    </div>
  )
}
