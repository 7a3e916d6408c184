import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, isNotNull, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { idpAccounts } from '../db/schema/idp.ts'
import { hashPassword } from './password.ts'

/** How long a password-setup link works (user migration, DESIGN §5 "Users and IdP"). */
export const SETUP_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000

/** Only the hash is stored: a copy of the table does not hand out working links. */
export const hashSetupToken = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * Creates the IdP account of `subject` with no password and a one-time setup token; returns the raw
 * token (256 random bits, URL-safe), which exists nowhere else. Fails when the login is taken.
 */
export async function createSetupLink(
  db: Database,
  input: { subject: string; login: string },
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  const login = input.login.trim()
  const [taken] = await db
    .select({ subject: idpAccounts.subject })
    .from(idpAccounts)
    .where(eq(sql`lower(${idpAccounts.login})`, login.toLowerCase()))
    .limit(1)
  if (taken) throw new Error('an identity-provider account with this login already exists')
  await db.insert(idpAccounts).values({
    subject: input.subject,
    login,
    passwordHash: null,
    setupTokenHash: hashSetupToken(token),
    setupTokenExpiresAt: new Date(now.getTime() + SETUP_LINK_TTL_MS),
  })
  return token
}

const validToken = (token: string, now: Date) =>
  and(
    isNotNull(idpAccounts.setupTokenHash),
    eq(idpAccounts.setupTokenHash, hashSetupToken(token)),
    gt(idpAccounts.setupTokenExpiresAt, now),
  )

/** The login a still-valid setup token belongs to, or null (unknown, used or expired). */
export async function findSetupLogin(db: Database, token: string, now = new Date()): Promise<string | null> {
  const [row] = await db
    .select({ login: idpAccounts.login })
    .from(idpAccounts)
    .where(validToken(token, now))
    .limit(1)
  return row?.login ?? null
}

/**
 * Sets the password and burns the token in one conditional update, so a token works exactly once even
 * when two requests race. Returns the login, or null for an unknown, used or expired token.
 */
export async function usePasswordSetupToken(
  db: Database,
  token: string,
  password: string,
  now = new Date(),
): Promise<string | null> {
  if (!(await findSetupLogin(db, token, now))) return null
  const passwordHash = await hashPassword(password)
  const [row] = await db
    .update(idpAccounts)
    .set({ passwordHash, setupTokenHash: null, setupTokenExpiresAt: null })
    .where(validToken(token, now))
    .returning({ login: idpAccounts.login })
  return row?.login ?? null
}
