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

/** Checks a login/password pair (login case-insensitive): the subject, or why not. */
export async function checkCredentials(
  db: Database,
  login: string,
  password: string,
): Promise<CredentialCheck> {
  const [account] = await db
    .select({ subject: idpAccounts.subject, passwordHash: idpAccounts.passwordHash })
    .from(idpAccounts)
    .where(eq(sql`lower(${idpAccounts.login})`, login.trim().toLowerCase()))
    .limit(1)
  if (!account?.passwordHash) {
    await burnPasswordTime(password)
    return { failure: account ? 'password not set' : 'unknown user' }
  }
  return (await verifyPassword(password, account.passwordHash))
    ? { subject: account.subject }
    : { failure: 'wrong password', subject: account.subject }
}

/**
 * The outcome of a login attempt. The reason of a failure is for the log only (ADR 611); the login
 * page says the same for all of them.
 */
export type CredentialCheck =
  | { subject: string; failure?: undefined }
  | { failure: 'unknown user' | 'password not set'; subject?: undefined }
  | { failure: 'wrong password'; subject: string }

/** The login name of a subject (Keycloak's preferred_username). */
export async function loginOf(db: Database, subject: string): Promise<string | undefined> {
  const [account] = await db
    .select({ login: idpAccounts.login })
    .from(idpAccounts)
    .where(eq(idpAccounts.subject, subject))
    .limit(1)
  return account?.login
}
