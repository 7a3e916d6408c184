import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { insurers, users } from '../../db/schema/register.ts'
import type { InsurerRecord, UserRecord } from '../context.ts'
import { insurerColumns } from './insurers.ts'

/** The register user behind a token's `sub`, with their insurer; null when there is none. */
export async function findUserBySubject(
  db: Database,
  subject: string,
): Promise<{ user: UserRecord; insurer: InsurerRecord } | null> {
  const [row] = await db
    .select({ user: users, insurer: insurerColumns })
    .from(users)
    .innerJoin(insurers, eq(insurers.gsCode, users.gsCode))
    .where(eq(users.idpSubject, subject))
    .limit(1)
  return row ?? null
}
