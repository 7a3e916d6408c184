import { describe, expect, it } from 'vitest'
import {
  groupDigits,
  isSearchRequested,
  padPastedStemNumber,
  pageHref,
  readSearchForm,
  readSort,
  sortHref,
} from './search-url.ts'

const p = (query: string) => new URLSearchParams(query)

describe('search URL', () => {
  it('reads the form values as typed, absent ones empty', () => {
    const form = readSearchForm(p('name=M%C3%BCller&canton=ZH'))
    expect(form.name).toBe('Müller')
    expect(form.canton).toBe('ZH')
    expect(form.sVnID).toBe('')
  })

  it('runs a search only once the form was submitted', () => {
    expect(isSearchRequested(p(''))).toBe(false)
    expect(isSearchRequested(p('intent=search'))).toBe(true)
  })

  it('falls back to id ascending for unknown sort values', () => {
    expect(readSort(p('sort=drop&order=sideways'))).toEqual({ key: 'sVnId', order: 'asc' })
    expect(readSort(p('sort=name&order=desc'))).toEqual({ key: 'name', order: 'desc' })
  })

  it('reverses the same column, starts a new one ascending, and returns to page 1', () => {
    expect(sortHref(p('name=a&page=3'), 'name')).toBe('/svn/search?name=a&sort=name&order=asc')
    expect(sortHref(p('name=a&sort=name&order=asc&page=2'), 'name')).toBe(
      '/svn/search?name=a&sort=name&order=desc',
    )
    expect(sortHref(p('sort=name&order=desc'), 'name')).toBe('/svn/search?sort=name&order=asc')
    expect(sortHref(p(''), 'sVnId')).toBe('/svn/search?sort=sVnId&order=desc')
  })

  it('links pages, page 1 without a parameter', () => {
    expect(pageHref(p('canton=ZH&page=2'), 3)).toBe('/svn/search?canton=ZH&page=3')
    expect(pageHref(p('canton=ZH&page=2'), 1)).toBe('/svn/search?canton=ZH')
  })

  it('groups Stammnummer digits by three and keeps anything else as typed', () => {
    expect(groupDigits('123456789')).toBe('123.456.789')
    expect(groupDigits("1'234 567.89")).toBe('123.456.789')
    expect(groupDigits('1234567890')).toBe('1.234.567.890')
    expect(groupDigits('12a4')).toBe('12a4')
    expect(groupDigits('')).toBe('')
  })

  it('pads a pasted value of 7 or 8 digits to 9', () => {
    expect(padPastedStemNumber('1234567')).toBe('001.234.567')
    expect(padPastedStemNumber('12.345.678')).toBe('012.345.678')
    expect(padPastedStemNumber('123456789')).toBe('123.456.789')
  })
})
