import { useId, type ReactNode } from 'react'
import { useTranslation } from '../../lib/texts.tsx'
import type { TranslationKey } from '../../lib/i18n-keys.ts'
import { Link, useNavigate } from 'react-router'

/** The table's own texts, for a screen that shows it only after hydration (ADR 530). */
export const DATA_TABLE_KEYS: readonly TranslationKey[] = [
  'table.sortedAscending',
  'table.sortedDescending',
  'common.labelSuffix',
]

export interface Column<K extends string> {
  key: K
  label: string
  /** When set, the header is a sort link to this URL. */
  sortHref?: string
  className?: string
}

export interface Row<K extends string> {
  key: string | number
  cells: Record<K, ReactNode>
  /** With JS a click anywhere on the row opens this; keyboard users follow the link inside the row. */
  href?: string
}

/**
 * The one data table: a caption, column headers with scope, sort links with aria-sort on the sorted
 * column only (ACCESSIBILITY.md 11, 12), inside a focusable, labelled region that scrolls sideways on
 * narrow screens instead of the page (1.4.10).
 */
export function DataTable<K extends string>({
  caption,
  columns,
  rows,
  sort,
  captionHidden = false,
}: {
  caption: string
  columns: Column<K>[]
  rows: Row<K>[]
  sort?: { key: K; order: 'asc' | 'desc' }
  /** For a table under a heading that says the same: the caption is read, not shown twice. */
  captionHidden?: boolean
}) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const captionId = useId()
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      className="data-table-region max-w-full overflow-x-auto rounded border border-divider"
    >
      <table className="data-table w-full border-collapse text-left text-sm">
        <caption id={captionId} className={captionHidden ? 'sr-only' : 'p-2 text-left font-semibold'}>
          {caption}
        </caption>
        <thead className="bg-surface">
          <tr>
            {columns.map((c) => {
              const sorted = sort?.key === c.key ? sort.order : undefined
              return (
                <th
                  key={c.key}
                  scope="col"
                  aria-sort={sorted ? (sorted === 'asc' ? 'ascending' : 'descending') : undefined}
                  className={`border-b-2 border-line p-0 align-bottom ${c.className ?? ''}`}
                >
                  {c.sortHref ? (
                    <Link
                      to={c.sortHref}
                      className="block min-h-10 px-1 py-2 font-semibold text-ink"
                      preventScrollReset
                    >
                      {/* The arrow may wrap below the label: a header is then no wider than its longest word. */}
                      {c.label}{' '}
                      <span aria-hidden="true">{sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}</span>
                      {sorted ? (
                        <span className="sr-only">
                          ({t(sorted === 'asc' ? 'table.sortedAscending' : 'table.sortedDescending')})
                        </span>
                      ) : null}
                    </Link>
                  ) : (
                    <span className="block px-1 py-2">{c.label}</span>
                  )}
                </th>
              )
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.key}
              className={row.href ? 'cursor-pointer hover:bg-brand-50' : undefined}
              onClick={
                row.href
                  ? (event) => {
                      // Clicks on the row's own links and on selected text keep their usual meaning.
                      if ((event.target as HTMLElement).closest('a, button')) return
                      if (window.getSelection()?.toString()) return
                      void navigate(row.href ?? '.')
                    }
                  : undefined
              }
            >
              {columns.map((c) => (
                <td key={c.key} data-label={`${c.label}${t('common.labelSuffix')}`} className={c.className}>
                  {row.cells[c.key]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
