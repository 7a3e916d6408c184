import { useTranslation } from '../lib/texts.tsx'
import { isRouteErrorResponse, Link } from 'react-router'
import { ErrorIllustration, type ErrorKind } from './ErrorIllustration.tsx'

/** A dependency (database, register, identity provider) is down for the moment: 503 (ADR 602). */
type UnavailableKind = 'unavailable' | 'login-unavailable'

/** The error boundary's page for a 503 (app/lib/unavailable.server.ts), or null for other errors. */
export function unavailableKind(error: unknown): UnavailableKind | null {
  if (!isRouteErrorResponse(error) || error.status !== 503) return null
  return (error.data as { unavailable?: unknown } | null)?.unavailable === 'login'
    ? 'login-unavailable'
    : 'unavailable'
}

/** Which `pages.*` block of the translations a kind reads. */
const PAGE_KEYS: Record<
  ErrorKind | UnavailableKind,
  'noPermission' | 'error' | 'accessdenied' | 'notFound' | 'unavailable' | 'loginUnavailable'
> = {
  'no-permission': 'noPermission',
  error: 'error',
  accessdenied: 'accessdenied',
  'not-found': 'notFound',
  unavailable: 'unavailable',
  'login-unavailable': 'loginUnavailable',
}

/** Shared page for /no-permission, /error, /accessdenied and /404 (spec §2 "Error page"). */
export function ErrorPage({ kind, loggedIn }: { kind: ErrorKind | UnavailableKind; loggedIn: boolean }) {
  const { t } = useTranslation()
  const page = PAGE_KEYS[kind]
  return (
    <div className="flex max-w-2xl flex-col gap-4 py-4 sm:flex-row-reverse sm:items-start sm:justify-end sm:gap-8">
      <ErrorIllustration
        kind={kind.endsWith('unavailable') ? 'error' : (kind as ErrorKind)}
        className="h-auto w-32 shrink-0 sm:w-40"
      />
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl font-bold sm:text-3xl">{t(`pages.${page}.heading`)}</h1>
        <p>{t(`pages.${page}.text`)}</p>
        {loggedIn || kind.endsWith('unavailable') ? null : (
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
