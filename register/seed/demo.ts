import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import {
  codeItems,
  groupRoles,
  insurers,
  roleGroups,
  userRoleGroups,
  userRoles,
  users,
} from '../../db/schema/register.ts'
import { batches } from './batch.ts'
import { countryCodeItems } from './countries.ts'
import { DEMO_INSURERS, DEMO_ROLE_GROUPS, DEMO_USERS } from './demo-data.ts'
import { REJECTION_REASONS } from './rejection-reasons.ts'
import { defaultRolesForType } from '../../domain/users/type-defaults.ts'

/** Arbitrary constant: serialises concurrent seeders (several instances starting at once). */
const SEED_LOCK_KEY = 74_110_001

export interface SeededUser {
  userId: number
  email: string
  /** The `sub` the identity-provider account for this user must get. */
  subject: string
}

/**
 * Demo register data (DESIGN §6): insurers, users with roles, role groups and code lists.
 * Runs only against an empty register (no insurers) and in one transaction; otherwise returns [].
 */
export async function seedRegisterDemo(db: Database): Promise<SeededUser[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`)
    const existing = await tx.select({ gsCode: insurers.gsCode }).from(insurers).limit(1)
    if (existing.length > 0) return []

    await tx.insert(insurers).values(DEMO_INSURERS)

    const groups = await tx
      .insert(roleGroups)
      .values(DEMO_ROLE_GROUPS.map(({ gsCode, name, guiOrder }) => ({ gsCode, name, guiOrder })))
      .returning({ id: roleGroups.id, gsCode: roleGroups.gsCode, name: roleGroups.name })
    const groupId = new Map(groups.map((g) => [`${g.gsCode}/${g.name}`, g.id]))
    const idOfGroup = (gsCode: string, name: string) => {
      const id = groupId.get(`${gsCode}/${name}`)
      if (id === undefined) throw new Error(`demo data: no role group ${name} at ${gsCode}`)
      return id
    }
    await tx
      .insert(groupRoles)
      .values(
        DEMO_ROLE_GROUPS.flatMap((g) =>
          g.roles.map((role) => ({ groupId: idOfGroup(g.gsCode, g.name), role })),
        ),
      )

    const seeded = DEMO_USERS.map((u) => ({ ...u, subject: u.login === false ? null : randomUUID() }))
    const inserted = await tx
      .insert(users)
      .values(
        seeded.map((u) => ({
          gsCode: u.gsCode,
          idpSubject: u.subject,
          vorname: u.vorname,
          nachname: u.nachname,
          strasse: u.strasse,
          plz: u.plz,
          ort: u.ort,
          staat: 'CH',
          telefon: u.telefon,
          email: u.email,
          oeReferenz: u.oeReferenz,
          type: u.type,
          maklerNummer: u.maklerNummer ?? null,
        })),
      )
      .returning({ id: users.id, email: users.email })
    const userId = new Map(inserted.map((u) => [u.email, u.id]))
    const result = seeded.map((u) => {
      const id = userId.get(u.email)
      if (id === undefined) throw new Error(`demo data: user ${u.email} was not inserted`)
      return { ...u, userId: id }
    })

    await tx.insert(userRoles).values(
      result.flatMap((u) =>
        [...new Set([...defaultRolesForType(u.type), ...u.extraRoles])].map((role) => ({
          userId: u.userId,
          role,
        })),
      ),
    )
    const memberships = result.flatMap((u) =>
      u.groups.map((name) => ({ userId: u.userId, groupId: idOfGroup(u.gsCode, name) })),
    )
    if (memberships.length > 0) await tx.insert(userRoleGroups).values(memberships)

    for (const batch of batches([...countryCodeItems(), ...REJECTION_REASONS], 6)) {
      await tx.insert(codeItems).values(batch)
    }

    // Only users with a subject get an IdP account; the others wait for "migrate".
    return result.flatMap((u) =>
      u.subject ? [{ userId: u.userId, email: u.email, subject: u.subject }] : [],
    )
  })
}
