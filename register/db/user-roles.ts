import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { groupRoles, userRoleGroups, userRoles } from '../../db/schema/register.ts'
import { ROLES, isRole, type Role } from '../../domain/roles.ts'

/** Known roles only, without duplicates, in the order of ROLES (the order the user dialog lists them). */
export function orderedRoles(values: Iterable<string>): Role[] {
  const set = new Set(values)
  return ROLES.filter((role) => set.has(role) && isRole(role))
}

/** The roles granted to the user directly (user_roles). */
export async function directRolesOf(db: Database, userId: number): Promise<Role[]> {
  const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId))
  return orderedRoles(rows.map((r) => r.role))
}

/** The roles granted through the user's role groups ("groupRoles", read-only in the user dialog). */
export async function groupRolesOf(db: Database, userId: number): Promise<Role[]> {
  const rows = await db
    .select({ role: groupRoles.role })
    .from(userRoleGroups)
    .innerJoin(groupRoles, eq(groupRoles.groupId, userRoleGroups.groupId))
    .where(eq(userRoleGroups.userId, userId))
  return orderedRoles(rows.map((r) => r.role))
}
