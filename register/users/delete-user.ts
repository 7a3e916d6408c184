import type { Database } from '../../db/client.ts'
import type { Caller } from '../context.ts'
import { writeAudit } from '../db/audit.ts'
import { deleteUser, findUser } from '../db/users.ts'
import { userScopeOf } from './scope.ts'
import { isForeignKeyViolation } from './db-errors.ts'
import { NOT_FOUND, fail, ok, type Outcome } from './outcome.ts'

export const CANNOT_DELETE_SELF = 'cannot delete yourself'
export const USER_IN_USE = 'user in use'

/** DELETE /users/{id}: never oneself (no lock-out); the IdP account simply stops getting claims. */
export async function removeUser(db: Database, caller: Caller, id: number): Promise<Outcome<null>> {
  const user = await findUser(db, userScopeOf(caller), id)
  if (!user) return fail(404, NOT_FOUND)
  if (id === caller.user.id) return fail(400, CANNOT_DELETE_SELF)
  try {
    await db.transaction(async (tx) => {
      await deleteUser(tx, userScopeOf(caller), id)
      await writeAudit(tx, {
        gsCode: caller.insurer.gsCode,
        actorUserId: caller.user.id,
        actorSubject: caller.subject,
        action: 'delete',
        entity: 'user',
        entityId: String(id),
        details: { email: user.email },
      })
    })
  } catch (error) {
    if (isForeignKeyViolation(error)) return fail(409, USER_IN_USE)
    throw error
  }
  return ok(null)
}
