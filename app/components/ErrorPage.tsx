import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ErrorIllustration, type ErrorKind } from './ErrorIllustration.tsx'

/** Which `pages.*` block of the translations a kind reads. */
const PAGE_KEYS: Record<ErrorKind, 'noPermission' | 'error' | 'accessdenied' | 'notFound'> = {
  'no-permission': 'noPermission',
  error: 'error',
  accessdenied: 'accessdenied',
  'not-found': 'notFound',
}

/** Shared page for /no-permission, /error, /accessdenied and /404 (spec §2 "Error page"). */
export function ErrorPage({ kind, loggedIn }: { kind: ErrorKind; loggedIn: boolean }) {
  const { t } = useTranslation()
  const page = PAGE_KEYS[kind]
  return (
    <div className="flex max-w-2xl flex-col gap-4 py-4 sm:flex-row-reverse sm:items-start sm:justify-end sm:gap-8">
      <ErrorIllustration kind={kind} className="h-auto w-32 shrink-0 sm:w-40" />
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl font-bold sm:text-3xl">{t(`pages.${page}.heading`)}</h1>
        <p>{t(`pages.${page}.text`)}</p>
        {loggedIn ? null : (
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
