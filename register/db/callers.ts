import { eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { preparedFor } from '../../db/prepared.ts'
import { insurers, users } from '../../db/schema/register.ts'
import type { InsurerRecord, UserRecord } from '../context.ts'
import { insurerColumns } from './insurers.ts'

/** Read on every register call: built once (ADR 523). */
const callerBySubject = preparedFor((db) =>
  db
    .select({ user: users, insurer: insurerColumns })
    .from(users)
    .innerJoin(insurers, eq(insurers.gsCode, users.gsCode))
    .where(eq(users.idpSubject, sql.placeholder('subject')))
    .limit(1)
    .prepare('register_caller_by_subject'),
)

/** The register user behind a token's `sub`, with their insurer; null when there is none. */
export async function findUserBySubject(
  db: Database,
  subject: string,
): Promise<{ user: UserRecord; insurer: InsurerRecord } | null> {
  const [row] = await callerBySubject(db).execute({ subject })
  return row ?? null
}
