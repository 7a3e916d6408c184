import { data, type RouterContextProvider } from 'react-router'
import { currentSession } from './auth.server.ts'
import { pageTitle } from './page.server.ts'

type Kind = 'noPermission' | 'error' | 'accessdenied' | 'notFound' | 'refused'

const STATUS: Record<Kind, number> = {
  noPermission: 403,
  error: 500,
  accessdenied: 403,
  notFound: 404,
  refused: 403,
}

/** An error page's data: its own title, whether to offer login, and what else the page needs. */
export function errorPageData<T extends object>(
  context: Readonly<RouterContextProvider>,
  kind: Kind,
  more: T,
) {
  return data(
    { title: pageTitle(context, `pages.${kind}.title`), loggedIn: Boolean(currentSession(context)), ...more },
    { status: STATUS[kind] },
  )
}

/** Loader of the shared error pages, with the status that fits. */
export function errorPageLoader(kind: Kind) {
  return ({ context }: { context: Readonly<RouterContextProvider> }) => errorPageData(context, kind, {})
}
