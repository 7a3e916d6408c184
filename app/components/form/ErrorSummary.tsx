import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { fieldId } from './FormField.tsx'

export interface SummaryError {
  /** The field's name; the link points at its control. */
  name: string
  message: string
}

/**
 * GOV.UK-style error summary at the top of <main>: a heading and one link per error in field order.
 * With JS it takes focus when it appears (ACCESSIBILITY.md 3); following a link focuses the control.
 */
export function ErrorSummary({ errors }: { errors: SummaryError[] }) {
  const { t } = useTranslation()
  const ref = useRef<HTMLDivElement>(null)
  const signature = errors.map((e) => `${e.name}:${e.message}`).join('|')
  useEffect(() => {
    if (signature) ref.current?.focus()
  }, [signature])
  if (errors.length === 0) return null
  return (
    <div
      ref={ref}
      tabIndex={-1}
      aria-labelledby="error-summary-title"
      className="mb-6 border-4 border-error-700 p-4"
    >
      <h2 id="error-summary-title" className="text-xl font-bold">
        {t('common.errorSummaryTitle')}
      </h2>
      <ul className="mt-2 list-disc pl-6">
        {errors.map((e) => (
          <li key={`${e.name}-${e.message}`}>
            <a
              href={`#${fieldId(e.name)}`}
              className="font-semibold text-error-700"
              onClick={(event) => {
                const control = document.getElementById(fieldId(e.name))
                if (!control) return
                event.preventDefault()
                control.focus()
                control.scrollIntoView({ block: 'center' })
              }}
            >
              {e.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
}
