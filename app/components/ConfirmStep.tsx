import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { IntentForm } from './IntentForm.tsx'

/** A destructive action's confirming button: white on dark red (6.5:1). */
const DANGER_BUTTON = 'btn border-error-700 bg-error-700 text-white hover:bg-error-700 hover:text-white'

/**
 * A destructive action's second step, in the server's step and in ConfirmAction's dialog: its OK posts
 * the intent with `confirmed=yes`; `children` is the way back beside it.
 */
export function ConfirmForm({
  action,
  csrf,
  intent,
  confirmLabel,
  onSubmit,
  children,
}: Pick<ConfirmStepProps, 'action' | 'csrf' | 'intent' | 'confirmLabel'> & {
  onSubmit?: () => void
  children: ReactNode
}) {
  return (
    <IntentForm
      action={action}
      csrf={csrf}
      intent={intent}
      confirmed
      label={confirmLabel}
      buttonClassName={DANGER_BUTTON}
      className="flex flex-wrap gap-3"
      onSubmit={onSubmit}
    >
      {children}
    </IntentForm>
  )
}

export interface ConfirmStepProps {
  /** The question, e.g. "Cancel SVN 123?"; the page's one h1 while the step shows. */
  title: string
  text: string
  /** The intent posted again with confirmed=yes. */
  intent: string
  confirmLabel: string
  cancelLabel: string
  /** Where "no" leads: the page the action came from. */
  cancelHref: string
  /** The form's action URL (the route posting the intent). */
  action: string
  csrf: string
}

/**
 * The server-rendered confirmation of a destructive action (DESIGN §7): a POST of the intent without
 * `confirmed=yes` renders this step; its OK posts the same intent with `confirmed=yes`, and the cancel
 * link goes back without changing anything. Used without JavaScript (with JS, ConfirmAction's dialog
 * asks instead).
 */
export function ConfirmStep({
  title,
  text,
  intent,
  confirmLabel,
  cancelLabel,
  cancelHref,
  action,
  csrf,
}: ConfirmStepProps) {
  return (
    <section aria-labelledby="confirm-step-title" className="max-w-2xl">
      <h1 id="confirm-step-title" className="mb-4 text-2xl font-semibold">
        {title}
      </h1>
      <p className="mb-6">{text}</p>
      <ConfirmForm action={action} csrf={csrf} intent={intent} confirmLabel={confirmLabel}>
        <Link to={cancelHref} className="btn btn-secondary">
          {cancelLabel}
        </Link>
      </ConfirmForm>
    </section>
  )
}
