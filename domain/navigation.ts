import { authoritiesFor } from './access.ts'
import { hasAnyAuthority, type Role } from './roles.ts'

/** Names of the inline SVG icons the side navigation draws (app/components/icons.tsx). */
export type NavIcon = 'home' | 'circle-cross' | 'users' | 'image' | 'user-group'

/** Which "not yet downloaded" counter a menu entry shows as a badge. */
export type NavCountKey = 'svn' | 'ivav' | 'ae'

/** The menu's entries; each one's label is `nav.entries.<id>` in the portal's catalogue. */
export type NavEntryId =
  | 'search'
  | 'create'
  | 'import'
  | 'untreated'
  | 'ivAvRetrieve'
  | 'rejected'
  | 'userAdministration'
  | 'apiClients'
  | 'logo'
  | 'groupAdministration'

/** Literal key types, so the portal's `tsc` checks them against its catalogue (ADR 800). */
export type NavEntryLabelKey = `nav.entries.${NavEntryId}`

export interface NavEntry {
  kind: 'entry'
  id: NavEntryId
  path: string
  /** i18n key of the entry's label. */
  labelKey: NavEntryLabelKey
  icon?: NavIcon
  /**
   * Extra display condition on top of the route's own authorities (spec §2: "create" is shown
   * for SVN_ERSTELLEN only although the route also admits SVN_ERSTELLEN_WIK_C).
   */
  showFor?: readonly Role[]
  countKey?: NavCountKey
}

export interface NavSection {
  kind: 'section'
  id: 'svn' | 'ae'
  labelKey: `nav.sections.${'svn' | 'ae'}`
  icon: NavIcon
  /** The section is shown when the user holds any of these (spec §2). */
  showFor: readonly Role[]
  entries: readonly NavEntry[]
}

export type NavItem = NavSection | NavEntry

/** The side navigation of spec §2 "Shell and navigation", plus the mass import of DESIGN §5. */
export const NAVIGATION: readonly NavItem[] = [
  {
    kind: 'section',
    id: 'svn',
    labelKey: 'nav.sections.svn',
    icon: 'home',
    showFor: ['SVN_SUCHEN', 'SVN_ERSTELLEN', 'SVN_NICHT_EINGELOEST', 'IV_AV_MELDUNGEN'],
    entries: [
      { kind: 'entry', id: 'search', path: '/svn/search', labelKey: 'nav.entries.search' },
      {
        kind: 'entry',
        id: 'create',
        path: '/svn/create',
        labelKey: 'nav.entries.create',
        showFor: ['SVN_ERSTELLEN'],
      },
      {
        kind: 'entry',
        id: 'import',
        path: '/svn/import',
        labelKey: 'nav.entries.import',
        showFor: ['SVN_ERSTELLEN'],
      },
      {
        kind: 'entry',
        id: 'untreated',
        path: '/svn/untreated',
        labelKey: 'nav.entries.untreated',
        countKey: 'svn',
      },
      {
        kind: 'entry',
        id: 'ivAvRetrieve',
        path: '/svn/iv-av-retrieve',
        labelKey: 'nav.entries.ivAvRetrieve',
        countKey: 'ivav',
      },
    ],
  },
  {
    kind: 'section',
    id: 'ae',
    labelKey: 'nav.sections.ae',
    icon: 'circle-cross',
    showFor: ['AE_SUCHEN', 'AE_ERSTELLEN', 'AE_ZURUECKGEWIESEN', 'AE_STORNIEREN'],
    entries: [
      {
        kind: 'entry',
        id: 'rejected',
        path: '/ae/rejected',
        labelKey: 'nav.entries.rejected',
        countKey: 'ae',
      },
    ],
  },
  {
    kind: 'entry',
    id: 'userAdministration',
    path: '/user/administration',
    labelKey: 'nav.entries.userAdministration',
    icon: 'users',
  },
  // Beside the user administration (issue 19): who may act for the insurer without a person.
  {
    kind: 'entry',
    id: 'apiClients',
    path: '/api-clients',
    labelKey: 'nav.entries.apiClients',
    icon: 'users',
  },
  { kind: 'entry', id: 'logo', path: '/logo', labelKey: 'nav.entries.logo', icon: 'image' },
  {
    kind: 'entry',
    id: 'groupAdministration',
    path: '/group/administration',
    labelKey: 'nav.entries.groupAdministration',
    icon: 'user-group',
  },
]

// An entry never links to a page the user would be refused, whatever its own display rule says.
function entryVisible(entry: NavEntry, roles: readonly string[]): boolean {
  if (entry.showFor && !hasAnyAuthority(roles, entry.showFor)) return false
  return hasAnyAuthority(roles, authoritiesFor(entry.path))
}

/**
 * The sections and entries this user sees, in menu order. A section whose entries are all
 * hidden is dropped as well: an empty list under a heading leads nowhere (ADR 301).
 */
export function visibleNavigation(roles: readonly string[]): NavItem[] {
  const items: NavItem[] = []
  for (const item of NAVIGATION) {
    if (item.kind === 'entry') {
      if (entryVisible(item, roles)) items.push(item)
      continue
    }
    if (!hasAnyAuthority(roles, item.showFor)) continue
    const entries = item.entries.filter((entry) => entryVisible(entry, roles))
    if (entries.length > 0) items.push({ ...item, entries })
  }
  return items
}

/** Every entry of the model, sections flattened. */
export function allEntries(items: readonly NavItem[] = NAVIGATION): NavEntry[] {
  return items.flatMap((item) => (item.kind === 'entry' ? [item] : [...item.entries]))
}

function normalisePath(pathname: string): string {
  const path = pathname.split(/[?#]/, 1)[0] ?? ''
  return path.length > 1 ? path.replace(/\/+$/, '') : path
}

/**
 * The menu entry a path belongs to, or null. An SVN detail page (`/svn/{digits}`) keeps
 * "search" selected (spec §2); sub-pages such as `/user/administration/new` select their parent.
 */
export function selectedEntry(pathname: string): NavEntry | null {
  const path = normalisePath(pathname)
  const entries = allEntries()
  if (/^\/svn\/\d+$/.test(path)) return entries.find((entry) => entry.id === 'search') ?? null
  return entries.find((entry) => path === entry.path || path.startsWith(`${entry.path}/`)) ?? null
}

/** The section holding an entry, so the shell can expand it. */
export function sectionOf(entryId: string, items: readonly NavItem[] = NAVIGATION): NavSection | null {
  for (const item of items) {
    if (item.kind === 'section' && item.entries.some((entry) => entry.id === entryId)) return item
  }
  return null
}
