import { useTranslation } from '../lib/texts.tsx'
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../domain/languages.ts'

interface LanguageFormProps {
  lng: Language
  returnTo: string
  csrf: string
  /** `menu`: stacked with a visible legend (user menu); `inline`: one row (logged-out header). */
  variant?: 'inline' | 'menu'
}

/**
 * The language picker as a plain POST form, so it works without JavaScript. Each button names its
 * language in that language and says so with `lang`, so screen readers pronounce it right (16).
 */
export function LanguageForm({ lng, returnTo, csrf, variant = 'inline' }: LanguageFormProps) {
  const { t } = useTranslation()
  const menu = variant === 'menu'
  return (
    <form method="post" action="/language">
      <input type="hidden" name="returnTo" value={returnTo} />
      <input type="hidden" name="csrf" value={csrf} />
      <fieldset>
        <legend className={menu ? 'mb-1 text-sm font-semibold text-muted' : 'sr-only'}>
          {t('header.language')}
        </legend>
        <ul className={menu ? 'flex flex-col gap-1' : 'flex flex-wrap gap-1'}>
          {LANGUAGES.map((code) => {
            const current = code === lng
            return (
              <li key={code}>
                <button
                  type="submit"
                  name="lng"
                  value={code}
                  lang={code}
                  aria-current={current ? 'true' : undefined}
                  // Current language: bold, underlined and framed, not told by colour alone.
                  className={[
                    'inline-flex min-h-8 min-w-8 items-center rounded border-2 px-2 py-1 text-left',
                    menu ? 'w-full' : '',
                    current
                      ? 'border-brand-700 bg-brand-50 font-bold text-brand-800 underline underline-offset-4'
                      : 'border-transparent text-ink hover:border-line hover:bg-surface',
                  ].join(' ')}
                >
                  {LANGUAGE_NAMES[code]}
                </button>
              </li>
            )
          })}
        </ul>
      </fieldset>
    </form>
  )
}
