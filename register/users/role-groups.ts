import { z } from 'zod'
import type { Database } from '../../db/client.ts'
import { ROLES } from '../../domain/roles.ts'
import { STORED_INT, storable } from '../../domain/text.ts'
import { offeredRoles } from '../../domain/users/offering.ts'
import { ROLE_GRANT_ERRORS } from '../../domain/users/role-grants.ts'
import { sortRoles } from '../../domain/users/role-rules.ts'
import { USER_VALIDATION } from '../../domain/users/user-schema.ts'
import type { Caller } from '../context.ts'
import { writeAudit } from '../db/audit.ts'
import { listRoleGroups, ownGroupIds, saveRoleGroup, type RoleGroupJson } from '../db/role-groups.ts'
import { offeringContextOf } from './context.ts'
import { isUniqueViolation } from './db-errors.ts'
import { NOT_FOUND, VALIDATION_FAILED, fail, ok, type Outcome } from './outcome.ts'

/** PUT /versicherung/rolegroups body: the listed groups (by id) get this name, order and roles. */
export const roleGroupListSchema = z
  .array(
    z.object({
      id: z
        .number({ error: USER_VALIDATION.invalid })
        .int()
        .positive({ error: USER_VALIDATION.invalid })
        .max(STORED_INT.max, { error: USER_VALIDATION.invalid }),
      name: z
        .string({ error: USER_VALIDATION.required })
        .trim()
        .min(1, { error: USER_VALIDATION.required })
        .max(100, { error: USER_VALIDATION.maxLength })
        .refine(storable, { error: USER_VALIDATION.invalid }),
      guiOrder: z
        .number({ error: USER_VALIDATION.invalid })
        .int({ error: USER_VALIDATION.invalid })
        .min(STORED_INT.min, { error: USER_VALIDATION.invalid })
        .max(STORED_INT.max, { error: USER_VALIDATION.invalid }),
      // Deduplicated and in dialog order.
      roles: z
        .array(z.enum(ROLES, { error: USER_VALIDATION.invalidOption }))
        .transform((roles) => sortRoles(roles)),
    }),
    { error: USER_VALIDATION.invalid },
  )
  .superRefine((groups, ctx) => {
    const seen = new Set<string>()
    groups.forEach((g, i) => {
      const key = g.name.toLowerCase()
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: [i, 'name'], message: 'roleGroup.nameNotUnique' })
      seen.add(key)
    })
    if (new Set(groups.map((g) => g.id)).size !== groups.length) {
      ctx.addIssue({ code: 'custom', path: [], message: USER_VALIDATION.invalid })
    }
  })

/**
 * Saves the listed role groups of the caller's insurer; a foreign or unknown id answers 404 and nothing
 * is saved. Adding a role the caller may not grant (spec §6) is refused like on a user.
 */
export async function saveRoleGroups(
  db: Database,
  caller: Caller,
  groups: RoleGroupJson[],
): Promise<Outcome<RoleGroupJson[]>> {
  const { gsCode } = caller.insurer
  const own = await ownGroupIds(
    db,
    gsCode,
    groups.map((g) => g.id),
  )
  if (groups.some((g) => !own.has(g.id))) return fail(404, NOT_FOUND)

  const before = new Map((await listRoleGroups(db, gsCode)).map((g) => [g.id, g]))
  const offered = offeredRoles(offeringContextOf(caller))
  const fieldErrors: Record<string, string[]> = {}
  groups.forEach((g, i) => {
    const previous = before.get(g.id)?.roles ?? []
    if (g.roles.some((r) => !previous.includes(r) && !offered.includes(r))) {
      fieldErrors[`${i}.roles`] = [ROLE_GRANT_ERRORS.notGrantable]
    }
  })
  if (Object.keys(fieldErrors).length > 0) return fail(400, VALIDATION_FAILED, fieldErrors)

  try {
    await db.transaction(async (tx) => {
      for (const group of groups) await saveRoleGroup(tx, gsCode, group)
      await writeAudit(tx, {
        gsCode,
        actorUserId: caller.user.id,
        actorSubject: caller.subject,
        action: 'update',
        entity: 'role_groups',
        entityId: gsCode,
        details: groups.map((g) => ({ id: g.id, from: before.get(g.id), to: g })),
      })
    })
  } catch (error) {
    // Renamed onto the name of a group that is not in the list.
    if (isUniqueViolation(error)) return fail(400, VALIDATION_FAILED, { name: ['roleGroup.nameNotUnique'] })
    throw error
  }
  return ok(await listRoleGroups(db, gsCode))
}
