import { lazy, useState, type ComponentType } from 'react'

/**
 * A component fetched when first rendered (ADR 531): for what a page shows only after a key, a click or
 * a change — closed dialogs above all. Render it inside <Suspense>, and only once it is needed (see
 * `useOpenedOnce`), never in the server's HTML: there it would hold up hydration and be fetched anyway.
 * A fetch that fails (offline) renders nothing rather than replacing the page with the error page.
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>) {
  const none: ComponentType<P> = () => null
  return lazy(() =>
    load().then(
      (component) => ({ default: component }),
      () => ({ default: none }),
    ),
  )
}

/**
 * True from the first time `open` is true, then for good: a dialog mounted on first open stays mounted,
 * so that closing it runs its own close (focus back to the opener) and opening it again is instant.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open)
  // State adjusted during render, as React recommends over an effect.
  if (open && !opened) setOpened(true)
  return opened || open
}

/** The one Dialog (Dialog.tsx), for a page that shows none at first; call `loadDialog` to fetch it early. */
export const loadDialog = () => import('./Dialog.tsx')
export const DialogOnDemand = onDemand(() => loadDialog().then((m) => m.Dialog))
