import { data, type RouterContextProvider } from 'react-router'
import { currentSession } from './auth.server.ts'
import { pageTitle } from './page.server.ts'

type Kind = 'noPermission' | 'error' | 'accessdenied' | 'notFound'

const STATUS: Record<Kind, number> = { noPermission: 403, error: 500, accessdenied: 403, notFound: 404 }

/** Loader of the shared error pages: their own title, the status that fits, whether to offer login. */
export function errorPageLoader(kind: Kind) {
  return ({ context }: { context: Readonly<RouterContextProvider> }) =>
    data(
      { title: pageTitle(context, `pages.${kind}.title`), loggedIn: Boolean(currentSession(context)) },
      { status: STATUS[kind] },
    )
}
