import type { ReactNode } from 'react'
import { Form } from 'react-router'

export interface IntentFormProps {
  /** The form's action URL (the route whose action reads the intent). */
  action: string
  csrf: string
  /** The `intent` value the button posts (e.g. 'create-ae', 'discard-draft'). */
  intent: string
  /** Post `confirmed=yes` too: the second step of a destructive action (DESIGN §7). */
  confirmed?: boolean
  /** The button's text (may carry visually hidden context). */
  label: ReactNode
  buttonClassName: string
  className?: string
  onSubmit?: () => void
  /** What stands beside the button: the way back from a confirmation. */
  children?: ReactNode
}

/**
 * One action as one button (DESIGN §7): a POST form with the page's token, whose button posts the
 * intent. The one way a screen offers an action posted by its intent with no fields of its own, so
 * every such action works without JavaScript and carries the token the same way (ADR 815).
 */
export function IntentForm({
  action,
  csrf,
  intent,
  confirmed = false,
  label,
  buttonClassName,
  className,
  onSubmit,
  children,
}: IntentFormProps) {
  return (
    <Form method="post" action={action} className={className} onSubmit={onSubmit}>
      <input type="hidden" name="csrf" value={csrf} />
      {confirmed ? <input type="hidden" name="confirmed" value="yes" /> : null}
      <button type="submit" name="intent" value={intent} className={buttonClassName}>
        {label}
      </button>
      {children}
    </Form>
  )
}
