import { ROLES, type Role, type UserType } from '../roles.ts'

const SEARCH: readonly Role[] = ['SVN_SUCHEN', 'AE_SUCHEN']
const CLERK_WORK: readonly Role[] = [
  'SVN_ERSTELLEN',
  'SVN_ERSTELLEN_WIK_C',
  'SVN_STORNIEREN',
  'SVN_NICHT_EINGELOEST',
  'IV_AV_MELDUNGEN',
  'AE_ERSTELLEN',
  'AE_STORNIEREN',
]

/**
 * Spec §4 "User roles": the roles a user type starts with (choosing a type replaces the roles).
 * Pure, in ROLES order; used by the user dialog, the register and the demo seed.
 */
export function defaultRolesForType(type: UserType): Role[] {
  const roles = new Set<Role>()
  if (type === 'ADMIN') {
    roles.add('ADMIN')
  } else {
    SEARCH.forEach((r) => roles.add(r))
    if (type === 'MAKLER') roles.add('MAKLER')
    if (type === 'SACHBEARBEITER' || type === 'MAKLER') CLERK_WORK.forEach((r) => roles.add(r))
    if (type === 'SACHBEARBEITER') roles.add('AE_ZURUECKGEWIESEN')
  }
  return ROLES.filter((r) => roles.has(r))
}
