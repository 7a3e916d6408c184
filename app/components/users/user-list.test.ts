import { describe, expect, it } from 'vitest'
import {
  listQuery,
  readUserSort,
  sortUsers,
  userDialogHref,
  userPageHref,
  userSortHref,
} from './user-list.ts'

const u = (id: number, nachname: string, vorname: string | null, email = `${id}@x.ch`) => ({
  id,
  nachname,
  vorname,
  email,
})

describe('user list sort (spec §2)', () => {
  const users = [u(1, 'meier', 'Anna'), u(2, 'Brunner', null), u(3, 'Meier', 'bea'), u(4, 'Ämmer', '')]

  it('ignores case, keeps ties in id order and puts empty values last in both directions', () => {
    expect(sortUsers(users, { key: 'nachname', order: 'asc' }).map((x) => x.id)).toEqual([4, 2, 1, 3])
    expect(sortUsers(users, { key: 'vorname', order: 'asc' }).map((x) => x.id)).toEqual([1, 3, 2, 4])
    expect(sortUsers(users, { key: 'vorname', order: 'desc' }).map((x) => x.id)).toEqual([3, 1, 2, 4])
  })

  it('reads the sort from the URL, falling back to nachname ascending', () => {
    expect(readUserSort(new URLSearchParams('sort=email&order=desc'))).toEqual({
      key: 'email',
      order: 'desc',
    })
    expect(readUserSort(new URLSearchParams('sort=type&order=up'))).toEqual({ key: 'nachname', order: 'asc' })
  })

  it('flips the direction on the sorted column and returns to page 1', () => {
    const params = new URLSearchParams('sort=email&order=asc&page=3')
    expect(userSortHref(params, 'email')).toBe('/user/administration?sort=email&order=desc')
    expect(userSortHref(params, 'vorname')).toBe('/user/administration?sort=vorname&order=asc')
  })

  it('keeps only sort, order and page on the dialog and page links', () => {
    const params = new URLSearchParams('sort=email&order=asc&page=2&x=1')
    expect(listQuery(params)).toBe('?sort=email&order=asc&page=2')
    expect(userDialogHref(7, listQuery(params))).toBe('/user/administration/7?sort=email&order=asc&page=2')
    expect(userPageHref(params, 1)).toBe('/user/administration?sort=email&order=asc')
    expect(userPageHref(new URLSearchParams(), 4)).toBe('/user/administration?page=4')
  })
})
