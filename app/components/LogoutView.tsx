import { useTranslation } from '../lib/texts.tsx'
import { Link } from 'react-router'
import { CheckCircleIcon } from './icons.tsx'

/** Body of the logout page (spec §2 "Logout page"): confirmation and a way back in. */
export function LogoutView() {
  const { t } = useTranslation()
  return (
    <div className="flex max-w-2xl flex-col gap-6 py-4">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('logout.heading')}</h1>
      <div
        role="status"
        className="flex items-start gap-3 rounded border-l-8 border-solid border-success-700 bg-success-50 px-4 py-3 font-semibold text-success-700"
      >
        <CheckCircleIcon className="mt-0.5 size-6 shrink-0" />
        <p>{t('logout.success')}</p>
      </div>
      <p>
        <Link to="/login" className="btn btn-primary">
          {t('logout.loginAgain')}
        </Link>
      </p>
    </div>
  )
}
