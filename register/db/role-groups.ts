import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Role } from '../../domain/roles.ts'
import { groupRoles, roleGroups } from '../../db/schema/register.ts'
import { orderedRoles } from './user-roles.ts'
import type { Queryable } from './users.ts'

export interface RoleGroupJson {
  id: number
  name: string
  guiOrder: number
  roles: Role[]
}

/** The role groups of one insurer, by guiOrder (then id, so equal orders stay stable). */
export async function listRoleGroups(db: Queryable, gsCode: string): Promise<RoleGroupJson[]> {
  const groups = await db
    .select()
    .from(roleGroups)
    .where(eq(roleGroups.gsCode, gsCode))
    .orderBy(asc(roleGroups.guiOrder), asc(roleGroups.id))
  if (groups.length === 0) return []
  const roles = await db
    .select()
    .from(groupRoles)
    .where(
      inArray(
        groupRoles.groupId,
        groups.map((g) => g.id),
      ),
    )
  return groups.map((g) => ({
    id: g.id,
    name: g.name,
    guiOrder: g.guiOrder,
    roles: orderedRoles(roles.filter((r) => r.groupId === g.id).map((r) => r.role)),
  }))
}

/** Ids among `ids` that are role groups of `gsCode`. */
export async function ownGroupIds(db: Queryable, gsCode: string, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const rows = await db
    .select({ id: roleGroups.id })
    .from(roleGroups)
    .where(and(eq(roleGroups.gsCode, gsCode), inArray(roleGroups.id, ids)))
  return new Set(rows.map((r) => r.id))
}

export async function saveRoleGroup(db: Queryable, gsCode: string, group: RoleGroupJson): Promise<void> {
  await db
    .update(roleGroups)
    .set({ name: group.name, guiOrder: group.guiOrder })
    .where(and(eq(roleGroups.id, group.id), eq(roleGroups.gsCode, gsCode)))
  await db.delete(groupRoles).where(eq(groupRoles.groupId, group.id))
  if (group.roles.length > 0) {
    await db.insert(groupRoles).values(group.roles.map((role) => ({ groupId: group.id, role })))
  }
}
