import type { Role } from '../roles.ts'

/** The route table's authorities for SVN search and detail (spec §2): any one of them suffices. */
export const SVN_SEARCH_AUTHORITIES: readonly Role[] = [
  'SVN_SUCHEN',
  'SVN_STORNIEREN',
  'AE_ERSTELLEN',
  'SVN_ERSTELLEN_WIK_C',
  'AE_STORNIEREN',
]

/**
 * Role of a canton (authority) client. Kept apart from ROLES: it is no portal role, never offered in
 * the user dialog, and its holder has no register user.
 */
export const AUTHORITY_ROLE = 'BEHOERDE'
