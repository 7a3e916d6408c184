import { eq } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { users } from '../db/schema/register.ts'
import { directRolesOf } from './db/user-roles.ts'

export interface SubjectRoles {
  roles: string[]
  givenName: string | null
  familyName: string
  email: string
}

/**
 * What the embedded IdP puts into a token for `subject`: the register's user roles (user_roles) and
 * name claims. The register user table is the source of truth for roles (DESIGN §5 "Users and IdP").
 * Null for an unknown or deactivated user, so no token carries roles for them.
 */
export async function rolesForSubject(db: Database, subject: string): Promise<SubjectRoles | null> {
  const [user] = await db
    .select({
      id: users.id,
      vorname: users.vorname,
      nachname: users.nachname,
      email: users.email,
      aktiv: users.aktiv,
    })
    .from(users)
    .where(eq(users.idpSubject, subject))
    .limit(1)
  if (!user?.aktiv) return null
  return {
    roles: await directRolesOf(db, user.id),
    givenName: user.vorname,
    familyName: user.nachname,
    email: user.email,
  }
}
