import { useEffect, useRef, useState, type JSX } from 'react'
import { useNoteTexts, useTranslation } from '../lib/texts.tsx'
import type { TranslationKey } from '../lib/i18n-keys.ts'
import { CheckCircleIcon, CloseIcon, ErrorIcon, InfoIcon, WarningIcon } from './icons.tsx'
import { focusMain } from './useFocusAfterNavigation.ts'
import { useHydrated } from './useHydrated.ts'

export interface FlashToast {
  type: 'success' | 'error' | 'info' | 'warning'
  /** i18n key of the message. */
  message: TranslationKey
  values?: Record<string, string | number>
}

const TOAST_EVENT = 'svn:toast'
type ToastEvent = { show: FlashToast } | { hide: FlashToast }

/**
 * A script's own result message (a background save refused, ADR 303), shown as a flash from the server
 * would be: in the live regions that sit in the page from its load, so it is announced. Answers how to
 * take it away again when the screen it is about is left (only if it is still the one shown).
 */
export function showToast(toast: FlashToast): () => void {
  const send = (detail: ToastEvent) => window.dispatchEvent(new CustomEvent(TOAST_EVENT, { detail }))
  send({ show: toast })
  return () => send({ hide: toast })
}

/** Floating, a long message scrolls inside the box rather than running off a small or zoomed screen. */
const FLOATING_BOX = ' max-h-[calc(100dvh-var(--header-h)-1rem)] overflow-y-auto'

const TOAST_KEYS = ['toast.region', 'toast.dismiss', 'common.errorPrefix'] as const

/** Spec §8: info, success and warning toasts last 3000 ms; errors stay until dismissed. */
const TOAST_MS = 3000

const STYLES: Record<
  FlashToast['type'],
  { box: string; Icon: (props: { className?: string }) => JSX.Element }
> = {
  success: { box: 'border-success-700 bg-success-50 text-success-700', Icon: CheckCircleIcon },
  info: { box: 'border-brand-700 bg-brand-50 text-brand-800', Icon: InfoIcon },
  warning: { box: 'border-warning-700 bg-warning-50 text-warning-700', Icon: WarningIcon },
  error: { box: 'border-error-700 bg-error-50 text-error-700', Icon: ErrorIcon },
}

/**
 * Result messages (ACCESSIBILITY 23). Two live regions sit in the HTML from page load:
 * `status` for success/info/warning and `alert` for errors, so a toast arriving after a
 * client-side navigation is announced. Without JavaScript the message is a static banner at the
 * top of <main> (it cannot cover anything, nor be dismissed, nor time out). With JavaScript it
 * floats at the top centre, has a close button, and non-errors leave after 3 s — paused while the
 * pointer or focus is on it. Its height is added to `scroll-padding-top` so it never hides focus,
 * and where the header scrolls away the page starts below it (app.css, ADR 820).
 */
export function FlashMessages({ toast }: { toast: FlashToast | null }) {
  const { t } = useTranslation()
  // The close button comes with the script, and a script's own toast (showToast) with no server
  // render: the page carries their texts (ADR 530).
  useNoteTexts(TOAST_KEYS)
  const [current, setCurrent] = useState<FlashToast | null>(toast)
  const [seen, setSeen] = useState<FlashToast | null>(toast)
  const enhanced = useHydrated()
  const [paused, setPaused] = useState(false)
  const ref = useRef<HTMLDivElement>(null)

  // A flash is consumed once: a later revalidation brings null, which must not wipe a shown toast.
  // (State adjusted during render when the prop changes, as React recommends over an effect.)
  if (toast !== seen) {
    setSeen(toast)
    if (toast) setCurrent(toast)
  }

  useEffect(() => {
    const listen = (event: Event) => {
      const detail = (event as CustomEvent<ToastEvent>).detail
      if ('show' in detail) setCurrent(detail.show)
      else setCurrent((shown) => (shown === detail.hide ? null : shown))
    }
    window.addEventListener(TOAST_EVENT, listen)
    return () => window.removeEventListener(TOAST_EVENT, listen)
  }, [])

  useEffect(() => {
    if (!enhanced || !current || current.type === 'error' || paused) return
    const timer = window.setTimeout(() => setCurrent(null), TOAST_MS)
    return () => window.clearTimeout(timer)
  }, [enhanced, current, paused])

  // Keep `--toast-h` equal to the floating toast's height: the scroll padding and, on a narrow screen,
  // the page's top padding clear it (app.css). Its place follows from `--header-h` in CSS alone.
  useEffect(() => {
    const box = ref.current
    if (!enhanced || !box) return
    const root = document.documentElement
    const measure = () => root.style.setProperty('--toast-h', current ? `${box.offsetHeight}px` : '0px')
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(box)
    return () => {
      observer.disconnect()
      root.style.removeProperty('--toast-h')
    }
  }, [enhanced, current])

  function dismiss() {
    // Focus was on the close button, which goes away: put it somewhere sensible.
    if (ref.current?.contains(document.activeElement)) focusMain()
    setPaused(false)
    setCurrent(null)
  }

  const style = current ? STYLES[current.type] : null
  const text = current ? t(current.message, current.values ?? {}) : ''

  return (
    <div
      className={
        enhanced
          ? 'pointer-events-none fixed inset-x-0 top-[calc(var(--header-h)+0.5rem)] z-50 flex justify-center px-2'
          : undefined
      }
    >
      <div
        ref={ref}
        // Named landmark only while it holds a message, so an empty region is not announced.
        role={current ? 'region' : undefined}
        aria-label={current ? t('toast.region') : undefined}
        onMouseEnter={() => setPaused(true)}
        onMouseLeave={() => setPaused(false)}
        onFocus={() => setPaused(true)}
        onBlur={() => setPaused(false)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && current) dismiss()
        }}
        className={
          style
            ? `pointer-events-auto mb-4 flex w-full max-w-xl items-start gap-3 rounded border-l-8 border-solid px-4 py-3 shadow-md ${style.box}${enhanced ? FLOATING_BOX : ''}`
            : undefined
        }
      >
        {style ? <style.Icon className="mt-0.5 size-6 shrink-0" /> : null}
        <div className="min-w-0 flex-1 font-semibold">
          <div role="status" aria-live="polite">
            {current && current.type !== 'error' ? <p>{text}</p> : null}
          </div>
          <div role="alert" aria-live="assertive">
            {current?.type === 'error' ? (
              <p>
                <span className="sr-only">{t('common.errorPrefix')}</span>
                {text}
              </p>
            ) : null}
          </div>
        </div>
        {enhanced && current ? (
          <button
            type="button"
            onClick={dismiss}
            aria-label={t('toast.dismiss')}
            className="-my-1 -mr-2 inline-flex size-8 shrink-0 items-center justify-center rounded hover:bg-white/60"
          >
            <CloseIcon />
          </button>
        ) : null}
      </div>
    </div>
  )
}
