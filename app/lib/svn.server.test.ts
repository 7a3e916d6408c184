import { describe, expect, it } from 'vitest'
import { SvnSearchSchema } from '../../domain/svn/search.ts'
import { backToSearch, isSvnActionIntent, searchQueryString } from './svn.server.ts'

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

  it('knows the status-action intents', () => {
    expect(isSvnActionIntent('cancel-svn')).toBe(true)
    expect(isSvnActionIntent('cancel-ae')).toBe(true)
    expect(isSvnActionIntent('create-ae')).toBe(true)
    expect(isSvnActionIntent('toString')).toBe(false)
    expect(isSvnActionIntent(null)).toBe(false)
  })
})
