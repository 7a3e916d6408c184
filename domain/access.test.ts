import { describe, expect, it } from 'vitest'
import { authoritiesFor, canAccess, defaultPage, landingAfterLogin } from './access.ts'

describe('defaultPage (spec §4 order)', () => {
  it.each([
    [['SVN_SUCHEN', 'AE_SUCHEN'], '/svn/search'],
    [['SVN_STORNIEREN'], '/svn/search'],
    [['SVN_ERSTELLEN'], '/svn/create'],
    [['SVN_NICHT_EINGELOEST'], '/svn/untreated'],
    [['IV_AV_MELDUNGEN'], '/svn/iv-av-retrieve'],
    [['AE_ZURUECKGEWIESEN'], '/ae/rejected'],
    [['ADMIN'], '/user/administration'],
    [['GROUP_ADMIN'], '/group/administration'],
    [['ADMIN', 'GROUP_ADMIN'], '/user/administration'],
    [['AE_SUCHEN'], '/no-permission'],
    [[], '/no-permission'],
  ])('%j → %s', (roles, page) => {
    expect(defaultPage(roles)).toBe(page)
  })
})

describe('authorities of the route table', () => {
  it('guards the detail route like search, digits only', () => {
    expect(authoritiesFor('/svn/123')).toEqual(authoritiesFor('/svn/search'))
    expect(authoritiesFor('/svn/abc')).toEqual([])
  })
  it('needs any one listed authority', () => {
    expect(canAccess('/svn/search', ['AE_ERSTELLEN'])).toBe(true)
    expect(canAccess('/svn/search', ['AE_SUCHEN'])).toBe(false)
    expect(canAccess('/svn/create', ['SVN_ERSTELLEN_WIK_C'])).toBe(true)
    expect(canAccess('/user/administration/7', ['ADMIN'])).toBe(true)
    expect(canAccess('/user/migrate/1001', ['SVN_SUCHEN'])).toBe(false)
    expect(canAccess('/group/administration', ['ADMIN'])).toBe(false)
  })
  it('leaves open pages open and ignores a trailing slash', () => {
    expect(canAccess('/no-permission', [])).toBe(true)
    expect(canAccess('/logo/', ['ADMIN'])).toBe(true)
    expect(canAccess('/logo/', [])).toBe(false)
  })
})

describe('landingAfterLogin', () => {
  it('follows a wanted path the user may open', () => {
    expect(landingAfterLogin('/svn/42', ['SVN_SUCHEN'])).toBe('/svn/42')
  })
  it('falls back to the default page when the wanted path is not allowed or unsafe', () => {
    expect(landingAfterLogin('/user/administration', ['SVN_SUCHEN'])).toBe('/svn/search')
    expect(landingAfterLogin('https://evil.example', ['ADMIN'])).toBe('/user/administration')
    expect(landingAfterLogin('/logout', ['ADMIN'])).toBe('/user/administration')
    expect(landingAfterLogin(undefined, [])).toBe('/no-permission')
  })
})
