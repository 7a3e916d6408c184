import type { Role } from '../roles.ts'
import { isBrokerCaller, offeredRoles, type OfferingContext } from './offering.ts'

/** Translation keys of a refused role change (fieldErrors.roles). */
export const ROLE_GRANT_ERRORS = {
  notGrantable: 'roles.notGrantable',
  maklerNotRemovable: 'roles.maklerNotRemovable',
  ownAdminNotRemovable: 'roles.ownAdminNotRemovable',
} as const
export type RoleGrantError = (typeof ROLE_GRANT_ERRORS)[keyof typeof ROLE_GRANT_ERRORS]

/**
 * Why `previous` → `next` may not be saved by this caller, or [] when it may. Only newly granted roles
 * must be offered (spec §6), so a role the user already holds may stay even when it is not offered;
 * a broker cannot take MAKLER away (spec §2), and nobody can take ADMIN from themselves (no lock-out).
 */
export function roleGrantErrors(
  context: OfferingContext & { editingSelf: boolean },
  previous: readonly Role[],
  next: readonly Role[],
): RoleGrantError[] {
  const errors: RoleGrantError[] = []
  const offered = offeredRoles(context)
  if (next.some((role) => !previous.includes(role) && !offered.includes(role))) {
    errors.push(ROLE_GRANT_ERRORS.notGrantable)
  }
  if (isBrokerCaller(context) && previous.includes('MAKLER') && !next.includes('MAKLER')) {
    errors.push(ROLE_GRANT_ERRORS.maklerNotRemovable)
  }
  if (context.editingSelf && previous.includes('ADMIN') && !next.includes('ADMIN')) {
    errors.push(ROLE_GRANT_ERRORS.ownAdminNotRemovable)
  }
  return errors
}
