import { useTranslation } from '../lib/texts.tsx'
import { isRouteErrorResponse, Link, useRouteError, useRouteLoaderData } from 'react-router'
import { refusedBack } from '../lib/refusal.ts'
import { ErrorIllustration, type ErrorKind } from './ErrorIllustration.tsx'
import { DocumentTitle } from './DocumentTitle.tsx'

/** A dependency (database, register, identity provider) is down for the moment: 503 (ADR 602). */
type UnavailableKind = 'unavailable' | 'login-unavailable'

/** The error boundary's page for a 503 (app/lib/unavailable.server.ts), or null for other errors. */
function unavailableKind(error: unknown): UnavailableKind | null {
  if (!isRouteErrorResponse(error) || error.status !== 503) return null
  return (error.data as { unavailable?: unknown } | null)?.unavailable === 'login'
    ? 'login-unavailable'
    : 'unavailable'
}

/** A form refused by the anti-forgery check (app/lib/csrf.server.ts): 403 with the page it came from. */
type RefusedKind = 'refused'

/** Which `pages.*` block of the translations a kind reads. */
const PAGE_KEYS: Record<
  ErrorKind | UnavailableKind | RefusedKind,
  'noPermission' | 'error' | 'accessdenied' | 'notFound' | 'unavailable' | 'loginUnavailable' | 'refused'
> = {
  'no-permission': 'noPermission',
  error: 'error',
  accessdenied: 'accessdenied',
  'not-found': 'notFound',
  unavailable: 'unavailable',
  'login-unavailable': 'loginUnavailable',
  refused: 'refused',
}

/** Shared page for /no-permission, /error, /accessdenied, /refused and /404 (spec §2 "Error page"). */
export function ErrorPage({
  kind,
  loggedIn,
  detail,
  back,
}: {
  kind: ErrorKind | UnavailableKind | RefusedKind
  loggedIn: boolean
  /** What went wrong in this case, below the kind's general text. */
  detail?: string
  /** A refused form's page, offered instead of the login link (the page itself asks for a login if needed). */
  back?: string
}) {
  const { t } = useTranslation()
  const page = PAGE_KEYS[kind]
  const illustration: ErrorKind =
    kind === 'refused' ? 'accessdenied' : kind.endsWith('unavailable') ? 'error' : (kind as ErrorKind)
  return (
    <div className="flex max-w-2xl flex-col gap-4 py-4 sm:flex-row-reverse sm:items-start sm:justify-end sm:gap-8">
      <ErrorIllustration kind={illustration} className="h-auto w-32 shrink-0 sm:w-40" />
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl font-bold sm:text-3xl">{t(`pages.${page}.heading`)}</h1>
        <p>{t(`pages.${page}.text`)}</p>
        {detail ? <p>{detail}</p> : null}
        {back ? (
          <p>
            {/* A whole page load, so the form comes with the token of the current login. */}
            <a href={back} className="btn btn-primary">
              {t('pages.refused.link')}
            </a>
          </p>
        ) : loggedIn || kind.endsWith('unavailable') ? null : (
          <p>
            <Link to="/login" className="btn btn-primary">
              {t('pages.loginLink')}
            </Link>
          </p>
        )}
      </div>
    </div>
  )
}

/** What an error boundary shows for a thrown response or error: its title, page and message. */
export function RouteErrorPage({ error, loggedIn }: { error: unknown; loggedIn: boolean }) {
  const { t } = useTranslation()
  const response = isRouteErrorResponse(error) ? error : null
  // In the browser this is the only trace of an error thrown there. On the server the error was logged
  // once already, by entry.server's handleError, as every loader, action and render error is.
  if (!response && typeof document !== 'undefined') console.error(error)
  const status = response?.status
  // A refused form's way back: the server checked it as every redirect target (ADR 710); checking it
  // here again would ship that code to every page.
  const back = (response && refusedBack(response.status, response.data)) ?? undefined
  const kind =
    unavailableKind(error) ??
    (back ? 'refused' : status === 403 ? 'accessdenied' : status === 404 ? 'not-found' : 'error')
  // A body over the limit (app/lib/body-limit.server.ts) comes with its translated message.
  const tooLarge = status === 413 && typeof response?.data === 'string' ? response.data : undefined
  return (
    <>
      <DocumentTitle title={t(`pages.${PAGE_KEYS[kind]}.title`)} />
      <ErrorPage kind={kind} loggedIn={loggedIn} detail={tooLarge} back={back} />
    </>
  )
}

/**
 * A route's error page, told by the root's data whether someone is logged in. Below the root, the
 * root's loader has run (React Router runs the loaders above the boundary); at the root it may not have.
 */
export function RouteErrorBoundary() {
  const root = useRouteLoaderData<{ user: unknown } | undefined>('root')
  return <RouteErrorPage error={useRouteError()} loggedIn={Boolean(root?.user)} />
}
