import type { Database } from './client.ts'

/**
 * A query built once per database and reused with new values (ADR 523): drizzle otherwise builds the
 * SQL text of every query on every call, which on a page's hot queries (session, settings, the
 * register's caller) was a few percent of the page's CPU. `build` gets the database and returns
 * `query.prepare(name)` with `sql.placeholder`s for the values.
 */
export function preparedFor<T>(build: (db: Database) => T): (db: Database) => T {
  const built = new WeakMap<Database, T>()
  return (db) => {
    let query = built.get(db)
    if (query === undefined) {
      query = build(db)
      built.set(db, query)
    }
    return query
  }
}
