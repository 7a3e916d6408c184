import { describe, expect, it } from 'vitest'
import { canAccess } from './access.ts'
import {
  allEntries,
  NAVIGATION,
  sectionOf,
  selectedEntry,
  visibleNavigation,
  type NavItem,
} from './navigation.ts'
import { ROLES } from './roles.ts'

/** Compact picture of what a user sees: section ids with their entry ids, then loose entries. */
function shape(items: NavItem[]): string[] {
  return items.map((item) =>
    item.kind === 'section' ? `${item.id}:${item.entries.map((e) => e.id).join(',')}` : item.id,
  )
}

describe('visibleNavigation', () => {
  it('shows nothing to a user without roles', () => {
    expect(visibleNavigation([])).toEqual([])
  })

  it('shows everything to a user holding every role', () => {
    expect(shape(visibleNavigation([...ROLES]))).toEqual([
      'svn:search,create,import,untreated,ivAvRetrieve',
      'ae:rejected',
      'userAdministration',
      'apiClients',
      'logo',
      'groupAdministration',
    ])
  })

  it('gives a searcher the SVN section with search only', () => {
    expect(shape(visibleNavigation(['SVN_SUCHEN']))).toEqual(['svn:search'])
  })

  it('shows create and import for SVN_ERSTELLEN, but create not for SVN_ERSTELLEN_WIK_C alone', () => {
    expect(shape(visibleNavigation(['SVN_ERSTELLEN']))).toEqual(['svn:create,import'])
    // WIK-C alone opens the search route but not the SVN section (spec's section roles).
    expect(shape(visibleNavigation(['SVN_ERSTELLEN_WIK_C']))).toEqual([])
    expect(shape(visibleNavigation(['SVN_SUCHEN', 'SVN_ERSTELLEN_WIK_C']))).toEqual(['svn:search'])
  })

  it('shows the pickup entries for their own roles', () => {
    expect(shape(visibleNavigation(['SVN_NICHT_EINGELOEST']))).toEqual(['svn:untreated'])
    expect(shape(visibleNavigation(['IV_AV_MELDUNGEN']))).toEqual(['svn:ivAvRetrieve'])
    expect(shape(visibleNavigation(['AE_ZURUECKGEWIESEN']))).toEqual(['ae:rejected'])
  })

  it('drops a section whose entries are all hidden', () => {
    expect(shape(visibleNavigation(['AE_SUCHEN', 'AE_STORNIEREN']))).toEqual([])
    // AE_STORNIEREN opens search, but only the SVN section roles show the SVN section.
    expect(shape(visibleNavigation(['AE_STORNIEREN', 'SVN_NICHT_EINGELOEST']))).toEqual([
      'svn:search,untreated',
    ])
  })

  it('shows admin entries for ADMIN and group administration for GROUP_ADMIN', () => {
    expect(shape(visibleNavigation(['ADMIN']))).toEqual(['userAdministration', 'apiClients', 'logo'])
    expect(shape(visibleNavigation(['GROUP_ADMIN']))).toEqual(['groupAdministration'])
  })

  it('ignores unknown role names', () => {
    expect(visibleNavigation(['SOMETHING_ELSE', 'admin'])).toEqual([])
  })

  it('never shows an entry whose route the user cannot open', () => {
    const roleSets: string[][] = [[], ...ROLES.map((role) => [role]), [...ROLES]]
    for (const roles of roleSets) {
      for (const entry of allEntries(visibleNavigation(roles))) {
        expect(canAccess(entry.path, roles), `${entry.path} for ${roles.join(',')}`).toBe(true)
      }
    }
  })

  it('does not mutate the model', () => {
    visibleNavigation(['SVN_SUCHEN'])
    expect(allEntries(NAVIGATION)).toHaveLength(10)
  })
})

describe('selectedEntry', () => {
  it.each([
    ['/svn/search', 'search'],
    ['/svn/search/', 'search'],
    ['/svn/create', 'create'],
    ['/svn/create?template=12', 'create'],
    ['/svn/import', 'import'],
    ['/svn/untreated', 'untreated'],
    ['/svn/iv-av-retrieve', 'ivAvRetrieve'],
    ['/svn/12345', 'search'],
    ['/ae/rejected', 'rejected'],
    ['/user/administration', 'userAdministration'],
    ['/user/administration/new', 'userAdministration'],
    ['/user/administration/42', 'userAdministration'],
    ['/logo', 'logo'],
    ['/group/administration', 'groupAdministration'],
  ])('%s selects %s', (path, id) => {
    expect(selectedEntry(path)?.id).toBe(id)
  })

  it.each([
    '/',
    '/landing',
    '/svn',
    '/svn/abc',
    '/svn/12a',
    '/logout',
    '/logos',
    '/user/migrate/1001',
    '/404',
  ])('%s selects nothing', (path) => {
    expect(selectedEntry(path)).toBeNull()
  })
})

describe('sectionOf', () => {
  it('finds the section of an entry, and none for top-level entries', () => {
    expect(sectionOf('search')?.id).toBe('svn')
    expect(sectionOf('rejected')?.id).toBe('ae')
    expect(sectionOf('logo')).toBeNull()
  })
})

describe('model', () => {
  it('has unique ids, paths and label keys under nav.entries', () => {
    const entries = allEntries()
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length)
    expect(new Set(entries.map((e) => e.path)).size).toBe(entries.length)
    for (const entry of entries) expect(entry.labelKey).toBe(`nav.entries.${entry.id}`)
  })
})
