import type { ReactNode } from 'react'
import { useTranslation } from '../../lib/texts.tsx'

export interface DetailEntry {
  label: string
  value: ReactNode
}

/** A read-only group of fields: a heading and a definition list; empty values say so in words. */
export function DetailSection({
  id,
  title,
  entries,
  children,
  level = 2,
}: {
  id: string
  /** Heading level: 2 on the detail view, 3 inside a notification view. */
  level?: 2 | 3
  title: string
  entries: DetailEntry[]
  children?: ReactNode
}) {
  const { t } = useTranslation()
  const Heading = level === 2 ? 'h2' : 'h3'
  return (
    <section
      aria-labelledby={id}
      className="svn-section break-inside-avoid rounded border border-divider p-4"
    >
      <Heading id={id} className="mb-3 text-lg font-semibold">
        {title}
      </Heading>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-[minmax(10rem,auto)_1fr]">
        {entries.map((e) => (
          <div key={e.label} className="contents">
            <dt className="font-semibold text-muted">{e.label}</dt>
            <dd className="mb-1 sm:mb-0">
              {e.value === null || e.value === undefined || e.value === '' ? (
                <span className="text-muted">{t('svn.detail.empty')}</span>
              ) : (
                e.value
              )}
            </dd>
          </div>
        ))}
      </dl>
      {children}
    </section>
  )
}
