import { hasAnyAuthority, type Role } from './roles.ts'
import { SVN_SEARCH_AUTHORITIES } from './svn/authorities.ts'
import { safeRedirectTarget } from './safe-redirect.ts'

const SEARCH_AUTHORITIES: Role[] = [...SVN_SEARCH_AUTHORITIES]

/**
 * Authorities per guarded path pattern, from the spec's route table (§2).
 * A path not listed here is open to anyone who is logged in.
 */
export const ROUTE_AUTHORITIES: ReadonlyArray<{ pattern: RegExp; authorities: Role[] }> = [
  { pattern: /^\/svn\/search$/, authorities: SEARCH_AUTHORITIES },
  { pattern: /^\/svn\/create$/, authorities: ['SVN_ERSTELLEN', 'SVN_ERSTELLEN_WIK_C'] },
  // The screen, its downloads (template, error file) and the upload it posts with JS.
  { pattern: /^\/svn\/import(\/(vorlage|error|upload))?$/, authorities: ['SVN_ERSTELLEN'] },
  { pattern: /^\/svn\/untreated$/, authorities: ['SVN_NICHT_EINGELOEST'] },
  { pattern: /^\/svn\/iv-av-retrieve$/, authorities: ['IV_AV_MELDUNGEN'] },
  { pattern: /^\/svn\/\d+$/, authorities: SEARCH_AUTHORITIES },
  { pattern: /^\/ae\/rejected$/, authorities: ['AE_ZURUECKGEWIESEN'] },
  { pattern: /^\/user\/administration(\/.*)?$/, authorities: ['ADMIN'] },
  { pattern: /^\/user\/migrate\/[^/]+$/, authorities: ['ADMIN'] },
  { pattern: /^\/group\/administration$/, authorities: ['GROUP_ADMIN'] },
  // Issue 19: the insurer's (or broker's) administrator manages the API clients.
  { pattern: /^\/api-clients$/, authorities: ['ADMIN'] },
  { pattern: /^\/logo(\/upload)?$/, authorities: ['ADMIN'] },
]

export function authoritiesFor(pathname: string): Role[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  return ROUTE_AUTHORITIES.find((r) => r.pattern.test(path))?.authorities ?? []
}

export function canAccess(pathname: string, roles: readonly string[]): boolean {
  return hasAnyAuthority(roles, authoritiesFor(pathname))
}

/** Spec §4 "Default page order". */
export const DEFAULT_PAGE_ORDER = [
  '/svn/search',
  '/svn/create',
  '/svn/untreated',
  '/svn/iv-av-retrieve',
  '/ae/rejected',
  '/user/administration',
  '/group/administration',
] as const

export function defaultPage(roles: readonly string[]): string {
  return DEFAULT_PAGE_ORDER.find((path) => canAccess(path, roles)) ?? '/no-permission'
}

/** Where to go after login: the wanted path if allowed and accessible, else the default page. */
export function landingAfterLogin(wanted: unknown, roles: readonly string[]): string {
  const target = safeRedirectTarget(wanted)
  if (target && canAccess(new URL(target, 'http://portal.invalid').pathname, roles)) return target
  return defaultPage(roles)
}
