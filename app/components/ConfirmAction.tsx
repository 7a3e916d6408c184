import { useRef, useState, type ReactNode } from 'react'
import { ConfirmForm } from './ConfirmStep.tsx'
import { IntentForm } from './IntentForm.tsx'
import { DialogOnDemand, loadDialog } from './on-demand.tsx'
import { useHydrated } from './useHydrated.ts'

export interface ConfirmActionProps {
  /** The `intent` value posted (e.g. 'cancel-svn'). */
  intent: string
  /** The button's label (may carry visually hidden context, e.g. which file a "delete" removes). */
  label: ReactNode
  /** Dialog heading, e.g. "Cancel SVN 123?". */
  title: string
  text: string
  confirmLabel: string
  /** The least destructive choice; it gets the focus when the dialog opens. */
  cancelLabel: string
  /** The form's action URL. */
  action: string
  csrf: string
  className?: string
}

/**
 * A destructive action that asks first (DESIGN §7, ACCESSIBILITY 22). Without JavaScript the button
 * posts the intent alone and the server answers with its confirmation step (ConfirmStep). Once
 * hydrated, the button opens a modal dialog whose OK posts the intent with `confirmed=yes`; focus
 * starts on the cancel button and returns to the opener when the dialog closes. The dialog is fetched
 * when first opened (early when the button is pointed at or focused), not with the page (ADR 531).
 */
export function ConfirmAction({
  intent,
  label,
  title,
  text,
  confirmLabel,
  cancelLabel,
  action,
  csrf,
  className = 'btn btn-secondary',
}: ConfirmActionProps) {
  const hydrated = useHydrated()
  const [open, setOpen] = useState(false)
  const cancelRef = useRef<HTMLButtonElement>(null)

  if (!hydrated) {
    return (
      <IntentForm
        action={action}
        csrf={csrf}
        intent={intent}
        label={label}
        buttonClassName={className}
        className="contents"
      />
    )
  }

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        className={className}
        onClick={() => setOpen(true)}
        onFocus={() => void loadDialog()}
        onPointerEnter={() => void loadDialog()}
      >
        {label}
      </button>
      <DialogOnDemand open={open} onClose={() => setOpen(false)} title={title} initialFocus={cancelRef}>
        <p className="mb-6">{text}</p>
        <ConfirmForm
          action={action}
          csrf={csrf}
          intent={intent}
          confirmLabel={confirmLabel}
          onSubmit={() => setOpen(false)}
        >
          <button ref={cancelRef} type="button" className="btn btn-secondary" onClick={() => setOpen(false)}>
            {cancelLabel}
          </button>
        </ConfirmForm>
      </DialogOnDemand>
    </>
  )
}
