import type { RouterContextProvider } from 'react-router'
import { pageTitle } from './page.server.ts'
import type { TranslationKey } from './i18n-keys.ts'

/** Loader of a screen that so far shows only its title (its content arrives with its own issue). */
export function screenLoader(titleKey: TranslationKey) {
  return ({ context }: { context: Readonly<RouterContextProvider> }) => ({
    title: pageTitle(context, titleKey),
  })
}
