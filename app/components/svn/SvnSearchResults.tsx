import { useTranslation } from '../../lib/texts.tsx'
import { enumLabel } from './labels.ts'
import { formatNumber } from '../../../domain/number-format.ts'
import { Link } from 'react-router'
import {
  SEARCH_NOTICE_THRESHOLD,
  SEARCH_ROW_KEYS,
  type SearchRow,
  type SearchRowKey,
} from '../../../domain/svn/search-rows.ts'
import { DataTable, type Column, type Row } from '../table/DataTable.tsx'
import { Pagination } from '../table/Pagination.tsx'
import { pageHref, sortHref, type SearchSort } from './search-url.ts'

export interface SvnSearchResultsProps {
  /** The rows of the current page. */
  rows: SearchRow[]
  /** The matches; more than `shown` means "more than shown" (the register stops counting, ADR 502). */
  total: number
  /** How many rows the register returned (at most 100): the pages are made from these. */
  shown: number
  page: number
  pageCount: number
  sort: SearchSort
  /** The search's query string (without '?'): sort, page and detail links build on it. */
  query: string
}

/** Link to a record's detail view carrying the search, so "back to search" returns to it. */
export function detailHref(id: number, query: string): string {
  return `/svn/${id}?back=${encodeURIComponent(`/svn/search${query ? `?${query}` : ''}`)}`
}

/**
 * The result count (and the more-than-99 notice) in a status region, then the table with a sort link
 * per column and the page links. A row click (JS) or the id link opens the detail.
 */
export function SvnSearchResults({
  rows,
  total,
  shown,
  page,
  pageCount,
  sort,
  query,
}: SvnSearchResultsProps) {
  const { t, i18n } = useTranslation()
  const params = new URLSearchParams(query)
  const columns: Column<SearchRowKey>[] = SEARCH_ROW_KEYS.map((key) => ({
    key,
    label: t(`svn.columns.${key}`),
    sortHref: sortHref(params, key),
    className: key === 'sVnId' ? 'whitespace-nowrap' : undefined,
  }))
  const tableRows: Row<SearchRowKey>[] = rows.map((row) => {
    const href = detailHref(row.sVnId, query)
    return {
      key: row.sVnId,
      href,
      cells: {
        sVnId: (
          <Link to={href} aria-label={t('svn.search.openDetail', { id: row.sVnId })}>
            {row.sVnId}
          </Link>
        ),
        name: row.name ?? '',
        firstName: row.firstName ?? '',
        street: row.street ?? '',
        postCode: row.postCode ?? '',
        place: row.place ?? '',
        canton: row.canton ?? '',
        licensePlate: row.licensePlate ?? '',
        marke: row.marke ?? '',
        reference: row.reference ?? '',
        status: enumLabel(t, 'status', row.status),
      },
    }
  })

  return (
    <section aria-labelledby="svn-results-heading" className="mt-2">
      <h2 id="svn-results-heading" className="mb-2 text-xl font-semibold">
        {t('svn.search.resultsHeading')}
      </h2>
      <div id="svn-result-status" role="status" className="mb-3">
        {total === 0 ? (
          <p>{t('svn.search.noResults')}</p>
        ) : (
          <p>
            {total > shown
              ? t('svn.search.countMore', { shown: formatNumber(shown, i18n.language) })
              : t('svn.search.count', { total: formatNumber(total, i18n.language) })}
          </p>
        )}
        {total > SEARCH_NOTICE_THRESHOLD ? (
          <p className="mt-2 border-l-8 border-brand-700 bg-brand-50 px-4 py-3 font-semibold text-brand-800">
            {t('svn.search.tooMany')}
          </p>
        ) : null}
      </div>
      {rows.length > 0 ? (
        <>
          <DataTable
            caption={t('svn.search.caption', { page, count: pageCount })}
            columns={columns}
            rows={tableRows}
            sort={sort}
          />
          <Pagination page={page} pageCount={pageCount} href={(n) => pageHref(params, n)} />
        </>
      ) : null}
    </section>
  )
}
