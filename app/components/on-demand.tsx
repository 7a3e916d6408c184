import { createElement, lazy, Suspense, useState, type ComponentType } from 'react'

/**
 * A dialog fetched when first opened (ADR 531): what a page shows only after a key or a click. The
 * returned component renders nothing until its `open` prop is first true — so never in the server's
 * HTML, where a lazy component would hold up hydration and be fetched anyway — then mounts the fetched
 * dialog inside its own <Suspense> and keeps it mounted, so that closing it runs the dialog's own close
 * (focus back to the opener) and opening it again is instant. A fetch that fails (offline) renders
 * nothing rather than replacing the page with the error page.
 */
export function onDemandDialog<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>) {
  const none: ComponentType<P> = () => null
  const Fetched = lazy(() =>
    load().then(
      (component) => ({ default: component }),
      () => ({ default: none }),
    ),
  )
  return function OnDemandDialog(props: P) {
    const [opened, setOpened] = useState(props.open)
    // State adjusted during render, as React recommends over an effect.
    if (props.open && !opened) setOpened(true)
    if (!opened && !props.open) return null
    return <Suspense fallback={null}>{createElement(Fetched, props)}</Suspense>
  }
}

/** The one Dialog (Dialog.tsx), for a page that shows none at first; call `loadDialog` to fetch it early. */
export const loadDialog = () => import('./Dialog.tsx')
export const DialogOnDemand = onDemandDialog(() => loadDialog().then((m) => m.Dialog))
