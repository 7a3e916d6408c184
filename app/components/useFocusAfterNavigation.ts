import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'

/**
 * After a client-side navigation (a link, a form and its redirect), focus that was on an element the
 * new page no longer has (a result's link, a button the action removed, a menu that closed) has fallen
 * to <body>, and a keyboard or screen reader user would start again at the top of the document. It goes
 * to <main> instead, where a page load's skip link would lead. Focus that is somewhere (a field, an error
 * summary that took it, a dialog's opener) stays there. Not on the first render: a page load starts at
 * the top.
 */
export function useFocusAfterNavigation() {
  const { key } = useLocation()
  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    const active = document.activeElement
    if (active !== null && active !== document.body) return
    document.getElementById('main')?.focus({ preventScroll: true })
  }, [key])
}
