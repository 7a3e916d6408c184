import type { Database } from '../../db/client.ts'
import type { EditedUser } from '../../domain/users/user-schema.ts'
import type { Caller } from '../context.ts'
import { writeAudit } from '../db/audit.ts'
import { directRolesOf, groupRolesOf } from '../db/user-roles.ts'
import { emailTaken, findUser, replaceRoles, updateUser, type UserValues } from '../db/users.ts'
import { userScopeOf } from './scope.ts'
import { isUniqueViolation } from './db-errors.ts'
import {
  CONFLICT,
  EMAIL_NOT_UNIQUE,
  NOT_FOUND,
  USER_RULE_KEYS,
  VALIDATION_FAILED,
  fail,
  ok,
  type Outcome,
} from './outcome.ts'
import { maklerNummerErrors, mergeErrors, resolveRoles, typeErrors } from './rules.ts'
import { userJson, type UserJson } from './user-json.ts'

const emailNotUnique = () => fail(400, EMAIL_NOT_UNIQUE, { email: [EMAIL_NOT_UNIQUE] })

/** PUT /users: optimistic locking on `version` (stale → 409); roles only change when given. */
export async function editUser(db: Database, caller: Caller, input: EditedUser): Promise<Outcome<UserJson>> {
  const { id, version, roles: requested, ...fields } = input
  const existing = await findUser(db, userScopeOf(caller), id)
  if (!existing) return fail(404, NOT_FOUND)
  if (existing.version !== version) return fail(409, CONFLICT)

  const previous = await directRolesOf(db, id)
  const resolved = requested ? resolveRoles(caller, previous, requested, id) : { roles: previous, errors: {} }
  const self = id === caller.user.id
  const errors = mergeErrors(
    typeErrors(caller, fields, existing),
    resolved.errors,
    maklerNummerErrors(fields.maklerNummer, resolved.roles),
    // Deactivating oneself would lock the admin out mid-session.
    self && !fields.aktiv ? { aktiv: [USER_RULE_KEYS.ownAccountNotDeactivatable] } : {},
  )
  if (errors) return fail(400, VALIDATION_FAILED, errors)
  if (await emailTaken(db, caller.insurer.gsCode, fields.email, id)) return emailNotUnique()

  const changed = (Object.keys(fields) as Array<keyof UserValues>).filter((k) => fields[k] !== existing[k])
  try {
    const user = await db.transaction(async (tx) => {
      const row = await updateUser(tx, userScopeOf(caller), id, version, fields)
      if (!row) return null
      if (requested) await replaceRoles(tx, id, resolved.roles)
      await writeAudit(tx, {
        gsCode: caller.insurer.gsCode,
        actorUserId: caller.user.id,
        actorSubject: caller.subject,
        action: 'update',
        entity: 'user',
        entityId: String(id),
        details: { changed, ...(requested ? { roles: { from: previous, to: resolved.roles } } : {}) },
      })
      return row
    })
    // Someone saved between our read and the conditional update.
    if (!user) return fail(409, CONFLICT)
    return ok(userJson(user, { roles: resolved.roles, groupRoles: await groupRolesOf(db, id) }))
  } catch (error) {
    if (isUniqueViolation(error)) return emailNotUnique()
    throw error
  }
}
