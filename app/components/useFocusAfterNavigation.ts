import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'

/** Puts focus on the page's <main> (tabindex -1) without scrolling: where the skip link leads. */
export function focusMain() {
  document.getElementById('main')?.focus({ preventScroll: true })
}

/** Navigation state of a move of the address alone (the clerk did nothing): focus is left alone. */
export const KEEP_FOCUS = { keepFocus: true } as const

/**
 * After a client-side navigation (a link, a form and its redirect), focus that was on an element the
 * new page no longer has (a result's link, a button the action removed, a menu that closed) has fallen
 * to <body>, and a keyboard or screen reader user would start again at the top of the document. It goes
 * to <main> instead (ADR 818). Focus that is somewhere (a field, an error summary that took it, a
 * dialog's opener) stays there. Not for the page's first location: a page load starts at the top.
 */
export function useFocusAfterNavigation() {
  const location = useLocation()
  // The last location seen, not a "first render" flag: StrictMode runs the effect twice on mount.
  const last = useRef(location.key)
  useEffect(() => {
    if (last.current === location.key) return
    last.current = location.key
    if ((location.state as typeof KEEP_FOCUS | null)?.keepFocus) return
    const active = document.activeElement
    if (active !== null && active !== document.body) return
    focusMain()
  }, [location])
}
