import { and, asc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { groupRoles, userRoleGroups, userRoles, users } from '../../db/schema/register.ts'
import type { Role } from '../../domain/roles.ts'
import type { UserRecord } from '../context.ts'
import { orderedRoles } from './user-roles.ts'

/** Either the database or an open transaction (drizzle gives both the same query API). */
export type Queryable = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>

export type UserValues = Pick<
  typeof users.$inferInsert,
  | 'vorname'
  | 'nachname'
  | 'strasse'
  | 'plz'
  | 'ort'
  | 'staat'
  | 'fax'
  | 'telefon'
  | 'email'
  | 'oeReferenz'
  | 'type'
  | 'maklerNummer'
  | 'aktiv'
>

/**
 * The users an administrator may see (ADR 720): one insurer's, and for a broker only those with its
 * broker number (`maklerNummer` undefined: no broker restriction; null: a broker without a number).
 */
export interface UserScope {
  gsCode: string
  maklerNummer?: string | null
}

function inScope(scope: UserScope): SQL {
  const conditions = [eq(users.gsCode, scope.gsCode)]
  if (scope.maklerNummer === null) conditions.push(sql`false`)
  else if (scope.maklerNummer !== undefined) conditions.push(eq(users.maklerNummer, scope.maklerNummer))
  return and(...conditions) as SQL
}

/** The users in scope, by last name, first name, id (the portal sorts again as the user likes). */
export function listUsers(db: Queryable, scope: UserScope): Promise<UserRecord[]> {
  return db
    .select()
    .from(users)
    .where(inScope(scope))
    .orderBy(asc(sql`lower(${users.nachname})`), asc(sql`lower(${users.vorname})`), asc(users.id))
}

/** One user, but only in scope: another insurer's (or broker's) user is "not found". */
export async function findUser(db: Queryable, scope: UserScope, id: number): Promise<UserRecord | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), inScope(scope)))
    .limit(1)
  return row ?? null
}

/**
 * E-mail addresses are unique within one insurer, case-insensitively (users_gs_code_email_lower_idx).
 * Never across insurers: that answer would tell one insurer who works for another (ADR 724).
 */
export async function emailTaken(
  db: Queryable,
  gsCode: string,
  email: string,
  exceptUserId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.gsCode, gsCode),
        eq(sql`lower(${users.email})`, email.toLowerCase()),
        exceptUserId === undefined ? undefined : ne(users.id, exceptUserId),
      ),
    )
    .limit(1)
  return row !== undefined
}

export async function insertUser(db: Queryable, gsCode: string, values: UserValues): Promise<UserRecord> {
  const [row] = await db
    .insert(users)
    .values({ ...values, gsCode })
    .returning()
  if (!row) throw new Error('user not inserted')
  return row
}

/** Optimistic locking: updates only when the stored version is still `version`; null otherwise. */
export async function updateUser(
  db: Queryable,
  scope: UserScope,
  id: number,
  version: number,
  values: Partial<UserValues>,
): Promise<UserRecord | null> {
  const [row] = await db
    .update(users)
    .set({ ...values, version: sql`${users.version} + 1`, updatedAt: new Date() })
    .where(and(eq(users.id, id), inScope(scope), eq(users.version, version)))
    .returning()
  return row ?? null
}

/** Bumps the version (a role change is a change of the user record for optimistic locking). */
export async function touchUser(db: Queryable, id: number): Promise<UserRecord | null> {
  const [row] = await db
    .update(users)
    .set({ version: sql`${users.version} + 1`, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning()
  return row ?? null
}

export async function deleteUser(db: Queryable, scope: UserScope, id: number): Promise<boolean> {
  const rows = await db
    .delete(users)
    .where(and(eq(users.id, id), inScope(scope)))
    .returning({ id: users.id })
  return rows.length > 0
}

export async function replaceRoles(db: Queryable, userId: number, roles: readonly Role[]): Promise<void> {
  await db.delete(userRoles).where(eq(userRoles.userId, userId))
  if (roles.length > 0) await db.insert(userRoles).values(roles.map((role) => ({ userId, role })))
}

/** Direct and group roles of many users in two queries (the user list). */
export async function rolesOfUsers(
  db: Queryable,
  userIds: number[],
): Promise<Map<number, { roles: Role[]; groupRoles: Role[] }>> {
  const result = new Map(userIds.map((id) => [id, { roles: [] as Role[], groupRoles: [] as Role[] }]))
  if (userIds.length === 0) return result
  const [direct, viaGroups] = await Promise.all([
    db.select().from(userRoles).where(inArray(userRoles.userId, userIds)),
    db
      .select({ userId: userRoleGroups.userId, role: groupRoles.role })
      .from(userRoleGroups)
      .innerJoin(groupRoles, eq(groupRoles.groupId, userRoleGroups.groupId))
      .where(inArray(userRoleGroups.userId, userIds)),
  ])
  for (const id of userIds) {
    const entry = result.get(id)
    if (!entry) continue
    entry.roles = orderedRoles(direct.filter((r) => r.userId === id).map((r) => r.role))
    entry.groupRoles = orderedRoles(viaGroups.filter((r) => r.userId === id).map((r) => r.role))
  }
  return result
}

/** Users in scope without an identity-provider account (migration candidates). */
export function usersWithoutSubject(
  db: Queryable,
  scope: UserScope,
): Promise<Array<{ id: number; email: string }>> {
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(inScope(scope), isNull(users.idpSubject)))
    .orderBy(asc(users.id))
}

/** Claims the user for `subject` unless someone else migrated them meanwhile; false then. */
export async function claimSubject(db: Queryable, id: number, subject: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ idpSubject: subject, updatedAt: new Date() })
    .where(and(eq(users.id, id), isNull(users.idpSubject)))
    .returning({ id: users.id })
  return rows.length > 0
}

export async function releaseSubject(db: Queryable, id: number, subject: string): Promise<void> {
  await db
    .update(users)
    .set({ idpSubject: null })
    .where(and(eq(users.id, id), eq(users.idpSubject, subject)))
}
