import { sql, type SQLWrapper } from 'drizzle-orm'
import type { Database } from './client.ts'
import { queryRows } from './rows.ts'

/**
 * The plan of a query as PostgreSQL would run it with these parameter values: one line per plan
 * line (EXPLAIN's text format), on PGlite and PostgreSQL alike. `analyze` runs the query too.
 */
export async function explainLines(
  db: Database,
  query: SQLWrapper,
  options: { analyze?: boolean } = {},
): Promise<string[]> {
  const head = options.analyze ? sql.raw('explain (analyze, costs off, timing off)') : sql.raw('explain')
  const rows = await queryRows<Record<string, string>>(db, sql`${head} ${query}`)
  return rows.map((row) => Object.values(row)[0] ?? '')
}
