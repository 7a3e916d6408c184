import { createContext, useContext, useEffect, useRef } from 'react'
import { useNavigate } from 'react-router'
import { createHiddenActionCounter, createShortcutMatcher, goToShortcutsFor } from '../../domain/shortcuts.ts'

/** What the shell offers the user menu: the shortcut setting and a way to open the help. */
export interface ShortcutsContextValue {
  enabled: boolean
  /** Null until hydrated (the help dialog needs JavaScript). */
  openHelp: (() => void) | null
}

export const ShortcutsContext = createContext<ShortcutsContextValue>({ enabled: true, openHelp: null })

export function useShortcutsContext(): ShortcutsContextValue {
  return useContext(ShortcutsContext)
}

/** The first search field of the page: input[type=search], else the first text input in a role=search form. */
export function findSearchField(root: ParentNode = document): HTMLInputElement | null {
  return root.querySelector<HTMLInputElement>(
    [
      'main input[type="search"]:not([disabled])',
      'input[type="search"]:not([disabled])',
      '[role="search"] input:not([type]):not([disabled])',
      '[role="search"] input[type="text"]:not([disabled])',
    ].join(','),
  )
}

interface UseShortcutsOptions {
  enabled: boolean
  roles: readonly string[]
  onHelp: () => void
}

/**
 * Keyboard shortcuts of the logged-in shell (ADR 401): `?` help, `/` search field, `g`+letter go to.
 * The rules live in domain/shortcuts.ts; this only wires them to the document.
 */
export function useShortcuts({ enabled, roles, onHelp }: UseShortcutsOptions): void {
  const navigate = useNavigate()
  const latest = useRef({ enabled, roles, onHelp, navigate })
  useEffect(() => {
    latest.current = { enabled, roles, onHelp, navigate }
  })

  useEffect(() => {
    const match = createShortcutMatcher({
      enabled: () => latest.current.enabled,
      goTo: () => goToShortcutsFor(latest.current.roles),
    })
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return
      // A modal dialog owns the keyboard while it is open.
      if (document.querySelector('dialog[open]')) return
      const target = event.target instanceof HTMLElement ? event.target : null
      const action = match({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        isComposing: event.isComposing,
        repeat: event.repeat,
        target,
      })
      if (!action) return
      if (action.kind === 'help') {
        event.preventDefault()
        latest.current.onHelp()
      } else if (action.kind === 'search') {
        const field = findSearchField()
        if (!field) return
        event.preventDefault()
        field.focus()
      } else {
        event.preventDefault()
        void latest.current.navigate(action.path)
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [])
}

/** Ten clicks with Ctrl and Shift held anywhere in the page call `onFire` (spec §2, ADR 401). */
export function useHiddenAction(active: boolean, onFire: () => void): void {
  const latest = useRef(onFire)
  useEffect(() => {
    latest.current = onFire
  })
  useEffect(() => {
    if (!active) return
    const count = createHiddenActionCounter()
    const onClick = (event: MouseEvent) => {
      if (count(event)) latest.current()
    }
    document.addEventListener('click', onClick, true)
    return () => document.removeEventListener('click', onClick, true)
  }, [active])
}
