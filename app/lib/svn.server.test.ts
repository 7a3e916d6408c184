import { describe, expect, it } from 'vitest'
import { SEARCH_LIMIT, SvnSearchSchema, type SearchResult } from '../../domain/svn/search.ts'
import { backToSearch, isSvnActionIntent, searchPage, searchQueryString } from './svn.server.ts'

/** A register of `total` matches (ids 1…) answering pages of 15 as GET svn/search does; `asked` logs the pages. */
function register(total: number) {
  const asked: number[] = []
  const fetchPage = (page: number): Promise<SearchResult> => {
    asked.push(page)
    const first = (page - 1) * 15
    const last = Math.min(page * 15, Math.min(total, SEARCH_LIMIT))
    const rows = Array.from({ length: Math.max(0, last - first) }, (_, i) => ({ sVnId: first + i + 1 }))
    return Promise.resolve({ rows, total: Math.min(total, SEARCH_LIMIT + 1) } as SearchResult)
  }
  return { asked, fetchPage }
}

describe('svn screens, server side', () => {
  it('returns only to a search URL of this portal', () => {
    expect(backToSearch('/svn/search?name=M&page=2')).toBe('/svn/search?name=M&page=2')
    expect(backToSearch(null)).toBe('/svn/search')
    expect(backToSearch('https://evil.example/svn/search')).toBe('/svn/search')
    expect(backToSearch('//evil.example/svn/search')).toBe('/svn/search')
    expect(backToSearch('/user/administration')).toBe('/svn/search')
    expect(backToSearch('/svn/search/../../logout')).toBe('/svn/search')
  })

  it('sends only given filters, the Stammnummer as digits', () => {
    const query = SvnSearchSchema.parse({ name: ' Mül ', stammNr: "100 000'003", canton: '', sVnID: '' })
    const sent = new URLSearchParams(searchQueryString(query))
    expect(Object.fromEntries(sent)).toEqual({
      name: 'Mül',
      stammNr: '100000003',
      sort: 'sVnId',
      order: 'asc',
      page: '1',
      pageSize: '100',
    })
  })

  it('asks the register for the one page it shows', async () => {
    const { asked, fetchPage } = register(500)
    const result = await searchPage(fetchPage, '3')
    expect(asked).toEqual([3])
    expect(result).toMatchObject({ total: SEARCH_LIMIT + 1, shown: SEARCH_LIMIT, page: 3, pageCount: 7 })
    expect(result.rows.map((r) => r.sVnId)).toEqual(Array.from({ length: 15 }, (_, i) => 31 + i))
    // The last page holds the rest of the first 100.
    expect((await searchPage(fetchPage, '7')).rows.map((r) => r.sVnId)).toEqual(
      Array.from({ length: 10 }, (_, i) => 91 + i),
    )
  })

  it('shows page 1 for a page that is none, as before: asking again only past the last page', async () => {
    for (const requested of [null, '', 'abc', '0', '-1', '2.5', '8', '99']) {
      const { asked, fetchPage } = register(500)
      expect(await searchPage(fetchPage, requested), String(requested)).toMatchObject({
        page: 1,
        pageCount: 7,
      })
      expect(asked, String(requested)).toEqual([1])
    }
    const few = register(20)
    expect(await searchPage(few.fetchPage, '5')).toMatchObject({
      page: 1,
      pageCount: 2,
      shown: 20,
      total: 20,
    })
    expect(few.asked).toEqual([5, 1])
    const none = register(0)
    expect(await searchPage(none.fetchPage, '3')).toMatchObject({ rows: [], page: 1, pageCount: 1, shown: 0 })
    expect(none.asked).toEqual([3])
  })

  it('knows the status-action intents', () => {
    expect(isSvnActionIntent('cancel-svn')).toBe(true)
    expect(isSvnActionIntent('cancel-ae')).toBe(true)
    expect(isSvnActionIntent('create-ae')).toBe(true)
    expect(isSvnActionIntent('toString')).toBe(false)
    expect(isSvnActionIntent(null)).toBe(false)
  })
})
