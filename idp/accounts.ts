import { eq, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { idpAccounts } from '../db/schema/idp.ts'
import { burnPasswordTime, hashPassword, verifyPassword } from './password.ts'

/** Creates (or replaces the login and password of) the IdP account of `subject`. */
export async function createAccount(
  db: Database,
  input: { subject: string; login: string; password: string | null },
): Promise<void> {
  const passwordHash = input.password === null ? null : await hashPassword(input.password)
  await db
    .insert(idpAccounts)
    .values({ subject: input.subject, login: input.login.trim(), passwordHash })
    .onConflictDoUpdate({ target: idpAccounts.subject, set: { login: input.login.trim(), passwordHash } })
}

/** The subject for a login/password pair (login case-insensitive), or null. */
export async function checkCredentials(
  db: Database,
  login: string,
  password: string,
): Promise<string | null> {
  const [account] = await db
    .select({ subject: idpAccounts.subject, passwordHash: idpAccounts.passwordHash })
    .from(idpAccounts)
    .where(eq(sql`lower(${idpAccounts.login})`, login.trim().toLowerCase()))
    .limit(1)
  if (!account?.passwordHash) {
    await burnPasswordTime(password)
    return null
  }
  return (await verifyPassword(password, account.passwordHash)) ? account.subject : null
}

/** The login name of a subject (Keycloak's preferred_username). */
export async function loginOf(db: Database, subject: string): Promise<string | undefined> {
  const [account] = await db
    .select({ login: idpAccounts.login })
    .from(idpAccounts)
    .where(eq(idpAccounts.subject, subject))
    .limit(1)
  return account?.login
}
