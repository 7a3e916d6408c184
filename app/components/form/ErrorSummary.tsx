import { useEffect, useRef } from 'react'
import { useNavigation } from 'react-router'
import { useNoteTexts, useTranslation } from '../../lib/texts.tsx'
import type { KEEP_FOCUS } from '../useFocusAfterNavigation.ts'
import { fieldId } from './FormField.tsx'

export interface SummaryError {
  /** The field's name; the link points at its control (`fieldId(name)` unless `target` is given). */
  name: string
  /** The field's label as the form shows it (the same translation key), so the entry names its field. */
  label: string
  /** What to do; the same words as the inline message under the field. */
  message: string
  /** The id of the control to focus when it is not `fieldId(name)`. */
  target?: string
}

const SUMMARY_KEYS = ['common.errorSummaryTitle', 'common.errorSummaryEntry'] as const

/**
 * The one error summary of the app (GOV.UK pattern, ACCESSIBILITY.md 3): first in <main>, a heading
 * and one link per error in form order, each "Label: what to do" (ADR 801). With JS it takes focus when
 * it appears and again after each try that ends with errors, the same ones included (ADR 821);
 * following a link focuses the control (the first checkbox of a group, the date's input).
 */
export function ErrorSummary({
  errors,
  attempt,
}: {
  errors: SummaryError[]
  /** A page's own refusals without a navigation (`useScriptRefusal`): each one takes focus again. */
  attempt?: number
}) {
  const { t } = useTranslation()
  // A summary may first appear after hydration (a page's script refuses): the page carries its texts.
  useNoteTexts(SUMMARY_KEYS)
  const ref = useRef<HTMLDivElement>(null)
  const signature = errors.map((e) => `${e.name}:${e.message}`).join('|')
  // A navigation the clerk started (a submission, a search). An address the page moves alone
  // (KEEP_FOCUS: the draft's) is not a try and must not take focus from the field being typed in.
  const navigation = useNavigation()
  const trying =
    navigation.state !== 'idle' && !(navigation.location.state as typeof KEEP_FOCUS | null)?.keepFocus
  useEffect(() => {
    // `trying` turning false is a try that ended; `attempt` changes with a check made in the page alone.
    if (signature && !trying) ref.current?.focus()
  }, [signature, trying, attempt])
  if (errors.length === 0) return null
  return (
    <div
      ref={ref}
      tabIndex={-1}
      aria-labelledby="error-summary-title"
      className="mb-6 border-4 border-error-700 p-4"
      data-error-summary=""
    >
      <h2 id="error-summary-title" className="text-xl font-bold">
        {t('common.errorSummaryTitle')}
      </h2>
      <ul className="mt-2 list-disc pl-6">
        {errors.map((e) => {
          const target = e.target ?? fieldId(e.name)
          return (
            <li key={`${e.name}-${e.message}`}>
              <a
                href={`#${target}`}
                className="font-semibold text-error-700"
                onClick={(event) => {
                  const control = document.getElementById(target)
                  if (!control) return
                  event.preventDefault()
                  control.focus()
                  control.scrollIntoView({ block: 'center' })
                }}
              >
                {t('common.errorSummaryEntry', { label: e.label, message: e.message })}
              </a>
            </li>
          )
        })}
      </ul>
    </div>
  )
}
