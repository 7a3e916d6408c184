import { and, asc, eq, gt, isNotNull, ne, type SQL } from 'drizzle-orm'
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
export const otherBroker = (maklerNr: string) => ne(svn.maklerNr, maklerNr)

export interface SearchSample {
  id: number
  stammNr: number
  schildNr: number
  schaleNr: string
}

/**
 * Values for exact and prefix search filters, from a registered record of insurer 1001 past `afterId`
 * (plan test and search benchmark: real values, whatever the generator drew).
 */
export async function searchSample(db: Database, afterId: number): Promise<SearchSample> {
  const [row] = await db
    .select({ id: svn.id, stammNr: svn.stammNr, schildNr: svn.schildNr, schaleNr: svn.schaleNr })
    .from(svn)
    .where(
      and(
        eq(svn.gsCode, '1001'),
        eq(svn.status, 'IV'),
        isNotNull(svn.stammNr),
        isNotNull(svn.schaleNr),
        isNotNull(svn.schildNr),
        gt(svn.id, afterId),
      ),
    )
    .orderBy(asc(svn.id))
    .limit(1)
  if (!row?.stammNr || !row.schildNr || !row.schaleNr) throw new Error('no sample record')
  return { id: row.id, stammNr: row.stammNr, schildNr: row.schildNr, schaleNr: row.schaleNr }
}
