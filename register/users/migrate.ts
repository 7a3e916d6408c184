import { randomUUID } from 'node:crypto'
import type { Database } from '../../db/client.ts'
import type { Caller } from '../context.ts'
import { writeAudit } from '../db/audit.ts'
import { claimSubject, releaseSubject, usersWithoutSubject } from '../db/users.ts'
import { userScopeOf } from './scope.ts'

/** Injected by the composition (the embedded IdP); the register never imports idp/. */
export type CreateIdpAccount = (input: { subject: string; login: string }) => Promise<{ setupUrl: string }>

export interface MigratedUser {
  userId: number
  email: string
  setupUrl: string
}

export interface MigrationResult {
  migrated: MigratedUser[]
  failed: Array<{ userId: number; email: string; error: string }>
}

export const migratedMessage = (gsCode: string) => `VG(${gsCode}) migrated successfully!`

/**
 * Gives every user of the caller's insurer without an IdP account one (DESIGN §5 "Users and IdP").
 * Each user is claimed first (idp_subject set only if still null), so two admins migrating at once
 * never create two accounts; when the IdP refuses, the claim is released and the next run retries.
 * Users are independent: one failure does not lose the setup links already made for others.
 */
export async function migrateUsers(
  db: Database,
  caller: Caller,
  createIdpAccount: CreateIdpAccount,
): Promise<MigrationResult> {
  const result: MigrationResult = { migrated: [], failed: [] }
  for (const user of await usersWithoutSubject(db, userScopeOf(caller))) {
    const subject = randomUUID()
    if (!(await claimSubject(db, user.id, subject))) continue
    try {
      const { setupUrl } = await createIdpAccount({ subject, login: user.email })
      result.migrated.push({ userId: user.id, email: user.email, setupUrl })
    } catch (error) {
      await releaseSubject(db, user.id, subject)
      const message = error instanceof Error ? error.message : String(error)
      result.failed.push({ userId: user.id, email: user.email, error: `${user.email}: ${message}` })
    }
  }
  await writeAudit(db, {
    gsCode: caller.insurer.gsCode,
    actorUserId: caller.user.id,
    actorSubject: caller.subject,
    action: 'migrate',
    entity: 'insurer',
    entityId: caller.insurer.gsCode,
    // Never the setup links: they are credentials until used.
    details: {
      migrated: result.migrated.map((u) => u.userId),
      failed: result.failed.map((u) => ({ userId: u.userId, error: u.error })),
    },
  })
  return result
}
