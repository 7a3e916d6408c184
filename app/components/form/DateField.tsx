import { lazy, Suspense, useState, type FocusEvent } from 'react'
import { useNoteTexts, useTranslation } from '../../lib/texts.tsx'
import type { TranslationKey } from '../../lib/i18n-keys.ts'
import { normaliseDateText } from '../../../domain/date-input.ts'
import { zurichDay } from '../../../domain/svn/dates.ts'
import { DialogOnDemand, loadDialog } from '../on-demand.tsx'
import { CalendarIcon } from '../icons.tsx'
import { useHydrated } from '../useHydrated.ts'
import { calendarLocaleOf, displayValue, pickerStart, type PickerStart } from './date-field.ts'
import { fieldId, FormField } from './FormField.tsx'

/** The example in the hint: the same digits in every language (dd.mm.yyyy). */
const DATE_EXAMPLE = '31.03.2025'
const DATE_PICKER_KEYS: TranslationKey[] = [
  'dateField.open',
  'dateField.dialogTitle',
  'dateField.loading',
  'dateField.today',
  'dateField.close',
  'dialog.close',
]

const loadCalendar = () => import('./DateCalendar.tsx')
/** The calendar grid is its own chunk: fetched when a picker opens (or is about to), never before. */
const DateCalendar = lazy(loadCalendar)
/** The picker's dialog and calendar, fetched when the button is pointed at or focused (ADR 531). */
const loadPicker = () => Promise.all([loadDialog(), loadCalendar()])

export interface DateFieldProps {
  name: string
  id?: string
  label: string
  /** Extra hint before the format example (the example is always shown). */
  hint?: string
  /** Already translated. */
  error?: string | undefined
  optional?: boolean
  className?: string
  /** A stored day (yyyy-mm-dd, shown as dd.mm.yyyy) or the text as typed (kept after an error). */
  defaultValue?: string | null | undefined
  /** Bounds of the picker, yyyy-mm-dd (the server checks the rules; the picker only guides). */
  min?: string
  max?: string
  /** Today as the server sees it (Zurich; the ADR 402 debug day); else the browser's Zurich day. */
  today?: string
  autoComplete?: string
}

/** Sets an uncontrolled input's value so that React and form listeners see an ordinary edit. */
export function setInputValue(input: HTMLInputElement, value: string): void {
  if (input.value === value) return
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set
  if (setter) setter.call(input, value)
  else input.value = value
  input.dispatchEvent(new Event('input', { bubbles: true }))
  input.dispatchEvent(new Event('change', { bubbles: true }))
}

/**
 * THE date field (ACCESSIBILITY 8, spec §2 "Date input"): one text field built on FormField, taking
 * dd.mm.yyyy, d.m.yyyy, ddmmyyyy or yyyy-mm-dd, with a hint and an example; no mask, paste allowed.
 * With JS the text is normalised to dd.mm.yyyy when the field is left, and a button opens the
 * date-picker dialog; without JS there is no button and the server normalises what was typed.
 */
export function DateField(props: DateFieldProps) {
  const { t, i18n } = useTranslation()
  const hydrated = useHydrated()
  // The picker button and its dialog appear only after hydration; the page carries their texts (ADR 530).
  useNoteTexts(DATE_PICKER_KEYS)
  const id = props.id ?? fieldId(props.name)
  const [picker, setPicker] = useState<PickerStart | null>(null)
  const today = props.today ?? zurichDay(new Date())
  const hint = [props.hint, t('dateField.hint', { example: DATE_EXAMPLE })].filter(Boolean).join(' ')

  const input = () => document.getElementById(id) as HTMLInputElement | null

  function onBlur(event: FocusEvent<HTMLDivElement>) {
    const target = event.target
    if (!(target instanceof HTMLInputElement) || target.id !== id) return
    const normalised = normaliseDateText(target.value)
    if (normalised !== target.value) setInputValue(target, normalised)
  }

  function open() {
    setPicker(pickerStart(input()?.value ?? '', today, props.min, props.max))
  }

  function pick(iso: string) {
    const field = input()
    if (field) setInputValue(field, displayValue(iso))
    setPicker(null)
  }

  const todayAllowed = (!props.min || today >= props.min) && (!props.max || today <= props.max)

  return (
    <div onBlur={onBlur} className={props.className ?? 'flex flex-col'}>
      <FormField
        name={props.name}
        id={id}
        label={props.label}
        hint={hint}
        error={props.error}
        optional={props.optional}
        defaultValue={displayValue(props.defaultValue)}
        placeholder={t('dateField.placeholder')}
        autoComplete={props.autoComplete}
        spellCheck={false}
        size={12}
        after={
          hydrated ? (
            <button
              type="button"
              className="btn btn-secondary shrink-0 px-2"
              aria-haspopup="dialog"
              data-date-picker-for={id}
              onClick={open}
              onFocus={() => void loadPicker()}
              onPointerEnter={() => void loadPicker()}
            >
              <CalendarIcon />
              <span className="sr-only">{t('dateField.open', { label: props.label })}</span>
            </button>
          ) : null
        }
      />
      {/* Fetched and mounted at the first opening (only a click opens it, never hydration). */}
      <DialogOnDemand
        open={picker !== null}
        onClose={() => setPicker(null)}
        title={t('dateField.dialogTitle', { label: props.label })}
        className="max-w-sm"
      >
        {picker ? (
          <>
            <Suspense fallback={<p role="status">{t('dateField.loading')}</p>}>
              <DateCalendar
                selected={picker.selected}
                month={picker.month}
                startMonth={picker.startMonth}
                endMonth={picker.endMonth}
                min={props.min}
                max={props.max}
                today={today}
                locale={calendarLocaleOf(i18n.language)}
                onPick={pick}
              />
            </Suspense>
            <div className="mt-3 flex flex-wrap justify-between gap-2">
              <button
                type="button"
                className="btn btn-secondary"
                disabled={!todayAllowed}
                onClick={() => pick(today)}
              >
                {t('dateField.today')}
              </button>
              <button type="button" className="btn btn-secondary" onClick={() => setPicker(null)}>
                {t('dateField.close')}
              </button>
            </div>
          </>
        ) : null}
      </DialogOnDemand>
    </div>
  )
}
