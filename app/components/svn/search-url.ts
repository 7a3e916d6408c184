import { SEARCH_ROW_KEYS, type SearchRowKey } from '../../../domain/svn/search-rows.ts'

/** The search form's controls, in form (and error-summary) order; names as DESIGN §7. */
export const SEARCH_FIELDS = [
  'sVnID',
  'schildNr',
  'stammNr',
  'schaleNr',
  'name',
  'firstName',
  'zipCode',
  'canton',
  'sVnStatus',
] as const
export type SearchField = (typeof SEARCH_FIELDS)[number]

export type SortOrder = 'asc' | 'desc'
export interface SearchSort {
  key: SearchRowKey
  order: SortOrder
}

export const DEFAULT_SORT: SearchSort = { key: 'sVnId', order: 'asc' }

/** The form's values as typed (strings; absent → ''). */
export function readSearchForm(params: URLSearchParams): Record<SearchField, string> {
  return Object.fromEntries(SEARCH_FIELDS.map((f) => [f, params.get(f) ?? ''])) as Record<SearchField, string>
}

/** A search runs once the form was submitted (or a bookmarked search URL is opened): any parameter. */
export function isSearchRequested(params: URLSearchParams): boolean {
  return [...params.keys()].length > 0
}

/** Sort from the URL; anything unknown falls back to the default (id ascending). */
export function readSort(params: URLSearchParams): SearchSort {
  const key = params.get('sort')
  const order = params.get('order')
  return {
    key: (SEARCH_ROW_KEYS as readonly string[]).includes(key ?? '')
      ? (key as SearchRowKey)
      : DEFAULT_SORT.key,
    order: order === 'desc' ? 'desc' : 'asc',
  }
}

function withParams(params: URLSearchParams, change: (p: URLSearchParams) => void): string {
  const next = new URLSearchParams(params)
  change(next)
  const query = next.toString()
  return `/svn/search${query ? `?${query}` : ''}`
}

/** Sorting by a column: the same column again reverses; any sort returns to page 1. */
export function sortHref(params: URLSearchParams, key: SearchRowKey): string {
  const current = readSort(params)
  const order: SortOrder = current.key === key && current.order === 'asc' ? 'desc' : 'asc'
  return withParams(params, (p) => {
    p.set('sort', key)
    p.set('order', order)
    p.delete('page')
  })
}

export function pageHref(params: URLSearchParams, page: number): string {
  return withParams(params, (p) => {
    if (page <= 1) p.delete('page')
    else p.set('page', String(page))
  })
}

/**
 * Stammnummer as the clerk sees it: digits grouped by three with dots (spec §5 thousand separators).
 * Only a value made of digits and separators is regrouped; anything else comes back as typed.
 */
export function groupDigits(value: string): string {
  if (!/^[\d.\s'’]*$/.test(value)) return value
  const digits = value.replace(/\D/g, '')
  return digits.replace(/\B(?=(\d{3})+$)/g, '.')
}

/** A pasted Stammnummer of 7 or 8 digits is padded with zeros to 9 (spec §5). */
export function padPastedStemNumber(value: string): string {
  const digits = value.replace(/\D/g, '')
  if (!/^[\d.\s'’]*$/.test(value)) return value
  return digits.length === 7 || digits.length === 8
    ? groupDigits(digits.padStart(9, '0'))
    : groupDigits(digits)
}
