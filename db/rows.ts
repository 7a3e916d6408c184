import type { SQLWrapper } from 'drizzle-orm'
import type { Database } from './client.ts'

/** The rows of a raw query on PGlite and PostgreSQL alike (postgres-js answers an array, PGlite `{ rows }`). */
export async function queryRows<T>(db: Database, query: SQLWrapper): Promise<T[]> {
  const result = await db.execute(query)
  return ((result as unknown as { rows?: T[] }).rows ?? result) as T[]
}
