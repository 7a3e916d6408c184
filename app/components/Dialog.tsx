import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react'
import { useTranslation } from '../lib/texts.tsx'
import { CloseIcon } from './icons.tsx'

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'summary',
  'iframe',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]:not([tabindex="-1"])',
].join(',')

/** The first element in `root` a keyboard user can reach, or null. */
export function firstFocusable(root: ParentNode): HTMLElement | null {
  for (const el of root.querySelectorAll<HTMLElement>(FOCUSABLE)) {
    if (el.closest('[inert]') || el.getClientRects().length === 0) continue
    return el
  }
  return null
}

/**
 * Focus back to the element that opened the dialog, once. The browser's own return on close() fails when
 * two dialogs close in one render (the lower one closes first, while the upper one still makes the page
 * inert), so this runs on the close event and, if the dialog unmounts before that event (e.g. its owner's
 * route changed), on unmount.
 */
function returnFocus(opener: RefObject<HTMLElement | null>) {
  const back = opener.current
  opener.current = null
  if (back?.isConnected) back.focus()
}

export interface DialogProps {
  /** Controlled: true shows the dialog (showModal, after hydration), false closes it. */
  open: boolean
  /**
   * Called when the user closes the dialog (Escape, the close button); set `open` to false in it.
   * Not called when the parent closes it by changing `open`.
   */
  onClose: () => void
  /** The heading (h2); the dialog is labelled by it. */
  title: ReactNode
  children: ReactNode
  /**
   * Where focus goes on opening: `'first'` (default) = the first focusable element of the content,
   * else the close button; or a ref, e.g. a confirmation's least destructive button.
   */
  initialFocus?: 'first' | RefObject<HTMLElement | null>
  /** Accessible name of the × button; default "Schliessen" / "Fermer" / … */
  closeLabel?: string
  /** Optional description element id(s) for aria-describedby. */
  describedBy?: string
  /** Extra classes for the <dialog> (e.g. a width: `max-w-3xl`). */
  className?: string
  /** Test hook / styling hook. */
  id?: string
  /** When given, a click on the backdrop calls it (e.g. the user dialog's cancel in edit mode). */
  onBackdropClick?: () => void
}

/**
 * The app's one modal dialog (ACCESSIBILITY 22): a native <dialog> opened with showModal(), so the
 * page behind is inert and Tab stays inside without a hand-made focus trap. Labelled by its heading;
 * Escape closes it (native cancel event → onClose); focus returns to the element that had it before.
 * Dialogs are a JavaScript enhancement: without JS every flow that uses one must have a page (or a
 * server-rendered step) instead — a closed <dialog> never shows.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  initialFocus = 'first',
  closeLabel,
  describedBy,
  className = '',
  id,
  onBackdropClick,
}: DialogProps) {
  const { t } = useTranslation()
  const ref = useRef<HTMLDialogElement>(null)
  const bodyRef = useRef<HTMLDivElement>(null)
  const closeRef = useRef<HTMLButtonElement>(null)
  const opener = useRef<HTMLElement | null>(null)
  const titleId = useId()
  // The latest callbacks without re-running the open/close effect.
  const onCloseRef = useRef(onClose)
  const openRef = useRef(open)
  useEffect(() => {
    onCloseRef.current = onClose
    openRef.current = open
  })

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      const active = document.activeElement
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null
      dialog.showModal()
      const target =
        initialFocus === 'first'
          ? (bodyRef.current && firstFocusable(bodyRef.current)) || closeRef.current
          : initialFocus.current
      ;(target ?? closeRef.current)?.focus()
    } else if (!open && dialog.open) {
      dialog.close()
    }
  }, [open, initialFocus])

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const onCancel = (event: Event) => {
      // Escape: the parent owns the state; it closes the dialog by setting open to false.
      event.preventDefault()
      onCloseRef.current()
    }
    const onNativeClose = () => {
      // Closed by the browser itself (e.g. a second Escape the close watcher did not let us cancel).
      if (openRef.current) onCloseRef.current()
      returnFocus(opener)
    }
    dialog.addEventListener('cancel', onCancel)
    dialog.addEventListener('close', onNativeClose)
    return () => {
      dialog.removeEventListener('cancel', onCancel)
      dialog.removeEventListener('close', onNativeClose)
    }
  }, [])

  // Closing on unmount too, so the opener gets focus back if the dialog's owner goes away (the close
  // event's listener is gone by then, and the <dialog> is detached, so the browser cannot return it).
  useEffect(() => {
    const dialog = ref.current
    return () => {
      if (dialog?.open) dialog.close()
      returnFocus(opener)
    }
  }, [])

  return (
    <dialog
      ref={ref}
      id={id}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      // A click whose target is the <dialog> itself fell on the backdrop: the content fills the box.
      onClick={
        onBackdropClick ? (event) => event.target === event.currentTarget && onBackdropClick() : undefined
      }
      className={[
        'm-auto w-[calc(100vw-2rem)] max-w-xl rounded border border-line bg-white p-0 text-ink shadow-xl',
        'max-h-[calc(100dvh-2rem)] overflow-auto backdrop:bg-black/50',
        className,
      ].join(' ')}
    >
      <div className="flex items-start justify-between gap-4 border-b border-divider px-4 py-3">
        <h2 id={titleId} className="text-xl font-semibold">
          {title}
        </h2>
        <button
          ref={closeRef}
          type="button"
          onClick={() => onCloseRef.current()}
          className="inline-flex min-h-10 min-w-10 shrink-0 items-center justify-center rounded text-ink hover:bg-surface"
        >
          <CloseIcon className="size-5" />
          <span className="sr-only">{closeLabel ?? t('dialog.close')}</span>
        </button>
      </div>
      <div ref={bodyRef} className="px-4 py-4">
        {open ? children : null}
      </div>
    </dialog>
  )
}
