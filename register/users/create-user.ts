import type { Database } from '../../db/client.ts'
import type { Role } from '../../domain/roles.ts'
import { isBrokerCaller } from '../../domain/users/offering.ts'
import { defaultRolesForType } from '../../domain/users/type-defaults.ts'
import type { NewUser } from '../../domain/users/user-schema.ts'
import type { Caller } from '../context.ts'
import { writeAudit } from '../db/audit.ts'
import { emailTaken, insertUser, replaceRoles } from '../db/users.ts'
import { offeringContextOf } from './context.ts'
import { isUniqueViolation } from './db-errors.ts'
import { EMAIL_NOT_UNIQUE, VALIDATION_FAILED, fail, ok, type Outcome } from './outcome.ts'
import { maklerNummerErrors, mergeErrors, resolveRoles, typeErrors } from './rules.ts'
import { userJson, type UserJson } from './user-json.ts'

const emailNotUnique = () => fail(400, EMAIL_NOT_UNIQUE, { email: [EMAIL_NOT_UNIQUE] })

/** POST /users: a user of the caller's insurer; roles default to the type's (spec §4). */
export async function createUser(db: Database, caller: Caller, input: NewUser): Promise<Outcome<UserJson>> {
  const { roles: requested, ...fields } = input
  // A broker's new user carries the MAKLER chip the broker cannot remove (spec §2).
  const fixed: Role[] = isBrokerCaller(offeringContextOf(caller)) ? ['MAKLER'] : []
  const resolved = resolveRoles(
    caller,
    fixed,
    [...(requested ?? defaultRolesForType(fields.type)), ...fixed],
    null,
  )
  const errors = mergeErrors(
    typeErrors(caller, fields, null),
    resolved.errors,
    maklerNummerErrors(fields.maklerNummer, resolved.roles),
  )
  if (errors) return fail(400, VALIDATION_FAILED, errors)
  if (await emailTaken(db, caller.insurer.gsCode, fields.email)) return emailNotUnique()

  try {
    const user = await db.transaction(async (tx) => {
      const row = await insertUser(tx, caller.insurer.gsCode, fields)
      await replaceRoles(tx, row.id, resolved.roles)
      await writeAudit(tx, {
        gsCode: caller.insurer.gsCode,
        actorUserId: caller.user.id,
        actorSubject: caller.subject,
        action: 'create',
        entity: 'user',
        entityId: String(row.id),
        details: { email: row.email, type: row.type, roles: resolved.roles },
      })
      return row
    })
    return ok(userJson(user, { roles: resolved.roles, groupRoles: [] }))
  } catch (error) {
    if (isUniqueViolation(error)) return emailNotUnique()
    throw error
  }
}
