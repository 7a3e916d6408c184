import { and, asc, eq, isNull, ne, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { svn } from '../../db/schema/svn.ts'

/** Test helper: ids of records matching `where`, in id order. */
export async function idsWhere(db: Database, ...conditions: (SQL | undefined)[]): Promise<number[]> {
  const rows = await db
    .select({ id: svn.id })
    .from(svn)
    .where(and(...conditions))
    .orderBy(asc(svn.id))
  return rows.map((r) => r.id)
}

export async function firstId(db: Database, ...conditions: (SQL | undefined)[]): Promise<number> {
  const [id] = await idsWhere(db, ...conditions)
  if (id === undefined) throw new Error('no record matches')
  return id
}

export const withStatus = (gsCode: string, status: string) =>
  and(eq(svn.gsCode, gsCode), eq(svn.status, status))
export const notBroker = isNull(svn.maklerNr)
export const otherBroker = (maklerNr: string) => ne(svn.maklerNr, maklerNr)
