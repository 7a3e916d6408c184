import type { RouterContextProvider } from 'react-router'
import { pageTitle } from './page.server.ts'

/** Loader of a screen that so far shows only its title (its content arrives with its own issue). */
export function screenLoader(titleKey: string) {
  return ({ context }: { context: Readonly<RouterContextProvider> }) => ({
    title: pageTitle(context, titleKey),
  })
}
