import type { ReactNode } from 'react'
import { useTranslation } from '../lib/texts.tsx'

/**
 * The one notice of a refusal that belongs to no field (the register unreachable, a stale edit, a
 * generation that failed): read out when it appears, and "Fehler:" for screen readers, since its
 * colour says so only to the eye (WCAG 1.4.1).
 */
export function ErrorNotice({ children, className = 'mb-4' }: { children: ReactNode; className?: string }) {
  const { t } = useTranslation()
  return (
    <p
      role="alert"
      className={`${className} border-l-8 border-error-700 bg-error-50 px-4 py-3 font-semibold text-error-700`}
    >
      <span className="sr-only">{t('common.errorPrefix')}</span>
      {children}
    </p>
  )
}
