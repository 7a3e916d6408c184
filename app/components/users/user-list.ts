/** The user list's sort and pages (spec §2 "User administration page", §9: 20 a page). */

export const USER_PAGE_SIZE = 20
export const USER_SORT_KEYS = ['nachname', 'vorname', 'email'] as const
export type UserSortKey = (typeof USER_SORT_KEYS)[number]
export interface UserSort {
  key: UserSortKey
  order: 'asc' | 'desc'
}
export const DEFAULT_USER_SORT: UserSort = { key: 'nachname', order: 'asc' }

export const USER_LIST_PATH = '/user/administration'

export function readUserSort(params: URLSearchParams): UserSort {
  const key = params.get('sort')
  return {
    key: (USER_SORT_KEYS as readonly string[]).includes(key ?? '')
      ? (key as UserSortKey)
      : DEFAULT_USER_SORT.key,
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
  }
}

// Case and nothing else is ignored: "meier" and "Meier" are equal, "Müller" still sorts as German does.
const collator = new Intl.Collator('de-CH', { sensitivity: 'accent' })

/**
 * Sorted by the column; the toggle flips the direction, but empty values go last either way (a list
 * reversed to "Z first" should not start with a block of blanks). Ties keep the id order.
 */
export function sortUsers<T extends { id: number } & Record<UserSortKey, string | null>>(
  users: readonly T[],
  sort: UserSort,
): T[] {
  const sign = sort.order === 'asc' ? 1 : -1
  return [...users].sort((a, b) => {
    const x = (a[sort.key] ?? '').trim()
    const y = (b[sort.key] ?? '').trim()
    if (x === '' && y !== '') return 1
    if (y === '' && x !== '') return -1
    return sign * collator.compare(x, y) || a.id - b.id
  })
}

/** The list's query (sort, order, page) kept on the dialog URLs, so closing returns to the same page. */
export function listQuery(params: URLSearchParams): string {
  const kept = new URLSearchParams()
  for (const name of ['sort', 'order', 'page']) {
    const value = params.get(name)
    if (value) kept.set(name, value)
  }
  const query = kept.toString()
  return query ? `?${query}` : ''
}

export function userListHref(query: string): string {
  return `${USER_LIST_PATH}${query}`
}

/** A sort header's link: the same column again reverses; any sort goes back to page 1. */
export function userSortHref(params: URLSearchParams, key: UserSortKey): string {
  const current = readUserSort(params)
  const order = current.key === key && current.order === 'asc' ? 'desc' : 'asc'
  return userListHref(listQuery(new URLSearchParams({ sort: key, order })))
}

export function userPageHref(params: URLSearchParams, page: number): string {
  const next = new URLSearchParams(listQuery(params))
  if (page <= 1) next.delete('page')
  else next.set('page', String(page))
  return userListHref(listQuery(next))
}

/** The dialog's own URL (DESIGN §7), carrying the list's query. */
export function userDialogHref(id: number | 'new', query: string): string {
  return `${USER_LIST_PATH}/${id}${query}`
}
