import type { Database } from '../../db/client.ts'
import type { Role } from '../../domain/roles.ts'
import type { Caller } from '../context.ts'
import { writeAudit } from '../db/audit.ts'
import { directRolesOf } from '../db/user-roles.ts'
import { findUser, replaceRoles } from '../db/users.ts'
import { userScopeOf } from './scope.ts'
import { NOT_FOUND, VALIDATION_FAILED, fail, ok, type Outcome } from './outcome.ts'
import { maklerNummerErrors, mergeErrors, resolveRoles } from './rules.ts'

/**
 * PUT /users/{id}/roles: the role rules applied server-side, grants checked against spec §6.
 * The user's version stays: the dialog saves the user, then its roles, with the version it just got.
 */
export async function setRoles(
  db: Database,
  caller: Caller,
  id: number,
  requested: readonly Role[],
): Promise<Outcome<Role[]>> {
  const user = await findUser(db, userScopeOf(caller), id)
  if (!user) return fail(404, NOT_FOUND)
  const previous = await directRolesOf(db, id)
  const resolved = resolveRoles(caller, previous, requested, id)
  const errors = mergeErrors(resolved.errors, maklerNummerErrors(user.maklerNummer, resolved.roles))
  if (errors) return fail(400, VALIDATION_FAILED, errors)

  await db.transaction(async (tx) => {
    await replaceRoles(tx, id, resolved.roles)
    await writeAudit(tx, {
      gsCode: caller.insurer.gsCode,
      actorUserId: caller.user.id,
      actorSubject: caller.subject,
      action: 'roles',
      entity: 'user',
      entityId: String(id),
      details: { from: previous, to: resolved.roles },
    })
  })
  return ok(resolved.roles)
}

export async function rolesOf(db: Database, caller: Caller, id: number): Promise<Outcome<Role[]>> {
  const user = await findUser(db, userScopeOf(caller), id)
  if (!user) return fail(404, NOT_FOUND)
  return ok(await directRolesOf(db, id))
}
