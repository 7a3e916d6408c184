import { ROLES, type Role } from '../roles.ts'

/** Spec §4 "User roles": holding one of these roles implies holding the search role it maps to. */
export const IMPLIED_SEARCH_ROLE: Readonly<Partial<Record<Role, Role>>> = {
  SVN_ERSTELLEN: 'SVN_SUCHEN',
  SVN_STORNIEREN: 'SVN_SUCHEN',
  SVN_NICHT_EINGELOEST: 'SVN_SUCHEN',
  AE_ERSTELLEN: 'AE_SUCHEN',
  AE_STORNIEREN: 'AE_SUCHEN',
  AE_ZURUECKGEWIESEN: 'AE_SUCHEN',
}

/** Known roles only, without duplicates, in ROLES order (the order the user dialog lists them). */
export function sortRoles(roles: Iterable<Role>): Role[] {
  const set = new Set(roles)
  return ROLES.filter((r) => set.has(r))
}

function withImpliedSearchRoles(roles: Iterable<Role>): Set<Role> {
  const set = new Set(roles)
  for (const role of [...set]) {
    const implied = IMPLIED_SEARCH_ROLE[role]
    if (implied) set.add(implied)
  }
  return set
}

/** True when every held role's implied search role is held too. */
export function keepsImplications(roles: readonly Role[]): boolean {
  return roles.every((role) => {
    const implied = IMPLIED_SEARCH_ROLE[role]
    return !implied || roles.includes(implied)
  })
}

/**
 * Search roles that cannot be unchecked while a role implying them is held (the dialog shows them
 * locked; removing them would silently break the implication).
 */
export function lockedRoles(roles: readonly Role[]): Role[] {
  return sortRoles(roles.flatMap((role) => IMPLIED_SEARCH_ROLE[role] ?? []))
}

/** The dialog's "check a role": adds it and the search role it implies. */
export function addRole(roles: readonly Role[], role: Role): Role[] {
  return sortRoles(withImpliedSearchRoles([...roles, role]))
}

/**
 * The dialog's "uncheck a role": removing SVN_ERSTELLEN also removes SVN_ERSTELLEN_WIK_C; a search role
 * still implied by another held role stays (see lockedRoles).
 */
export function removeRole(roles: readonly Role[], role: Role): Role[] {
  if (lockedRoles(roles).includes(role)) return sortRoles(roles)
  const next = new Set(roles)
  next.delete(role)
  if (role === 'SVN_ERSTELLEN') next.delete('SVN_ERSTELLEN_WIK_C')
  return sortRoles(next)
}

/**
 * The same rules applied to a whole new role list at once (the server, a form posted without JS):
 * `previous` is what the user held before, `requested` what was submitted.
 */
export function applyRoleRules(previous: readonly Role[], requested: readonly Role[]): Role[] {
  const next = new Set(requested)
  if (previous.includes('SVN_ERSTELLEN') && !next.has('SVN_ERSTELLEN')) next.delete('SVN_ERSTELLEN_WIK_C')
  return sortRoles(withImpliedSearchRoles(next))
}
