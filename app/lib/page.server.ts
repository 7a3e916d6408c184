import type { RouterContextProvider } from 'react-router'
import { getInstance } from './i18n.server.ts'
import type { TranslationKey } from './i18n-keys.ts'

/** The translated page title a route's loader hands to its meta function. */
export function pageTitle(
  context: Readonly<RouterContextProvider>,
  key: TranslationKey,
  values?: Record<string, unknown>,
): string {
  return getInstance(context).t(key, values)
}
