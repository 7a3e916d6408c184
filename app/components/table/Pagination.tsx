import { useTranslation } from '../../lib/texts.tsx'
import { Link } from 'react-router'
import type { TranslationKey } from '../../lib/i18n-keys.ts'
import { pageWindow } from './pagination.ts'

/** The page links' own texts, for a screen that shows them only after hydration (ADR 530). */
export const PAGINATION_KEYS: readonly TranslationKey[] = [
  'pagination.label',
  'pagination.first',
  'pagination.page',
  'pagination.last',
]

const linkClass =
  'inline-flex min-h-10 min-w-10 items-center justify-center rounded border-2 border-transparent px-2 font-semibold'

/** Page links (at most 7, plus first/last when outside the window); the current page is aria-current. */
export function Pagination({
  page,
  pageCount,
  href,
}: {
  page: number
  pageCount: number
  href: (page: number) => string
}) {
  const { t } = useTranslation()
  if (pageCount <= 1) return null
  const pages = pageWindow(page, pageCount)
  const first = pages[0] ?? 1
  const last = pages[pages.length - 1] ?? pageCount
  return (
    <nav aria-label={t('pagination.label')} className="mt-4">
      <ul className="flex flex-wrap items-center gap-1">
        {first > 1 ? (
          <li>
            <Link to={href(1)} className={linkClass} aria-label={t('pagination.first')}>
              «&nbsp;1
            </Link>
          </li>
        ) : null}
        {pages.map((n) => (
          <li key={n}>
            {n === page ? (
              <Link
                to={href(n)}
                aria-current="page"
                aria-label={t('pagination.page', { page: n })}
                className={`${linkClass} border-brand-700 bg-brand-700 text-white no-underline`}
              >
                {n}
              </Link>
            ) : (
              <Link to={href(n)} aria-label={t('pagination.page', { page: n })} className={linkClass}>
                {n}
              </Link>
            )}
          </li>
        ))}
        {last < pageCount ? (
          <li>
            <Link to={href(pageCount)} className={linkClass} aria-label={t('pagination.last')}>
              {pageCount}&nbsp;»
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  )
}
