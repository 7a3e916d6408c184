import { useTranslation } from '../lib/texts.tsx'

/** Logout is a POST (DESIGN §7), so a prefetch or a crawler following a link cannot log anyone out. */
export function LogoutForm({ csrf }: { csrf: string }) {
  const { t } = useTranslation()
  return (
    <form method="post" action="/logout">
      <input type="hidden" name="csrf" value={csrf} />
      <button type="submit" className="btn btn-secondary w-full">
        {t('ui.button.logout')}
      </button>
    </form>
  )
}
