import type postgres from 'postgres'
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

/**
 * Statements with more parameters (bulk writes: an import's or a seed's rows) stay unprepared: a
 * prepared statement stays in its connection's memory until the connection closes.
 */
export const PREPARED_MAX_PARAMETERS = 100

type Sql = postgres.Sql | postgres.TransactionSql

/**
 * A postgres.js client on which every statement of up to PREPARED_MAX_PARAMETERS parameters is prepared
 * (ADR 547), in transactions and savepoints too. drizzle asks postgres.js to prepare only `.prepare(name)`
 * queries; any other query with parameters was parsed anew on each run and cost two round trips (the
 * driver first asks the server for the parameter types). Prepared, it is parsed once per connection and
 * runs in one round trip. Each run is still planned with its values (`plan_cache_mode` in db/client.ts).
 */
export function preparingStatements<T extends Sql>(client: T): T {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'unsafe')
        return (
          query: string,
          parameters: postgres.ParameterOrJSON<never>[] = [],
          options: postgres.UnsafeQueryOptions = {},
        ) =>
          target.unsafe(query, parameters, {
            ...options,
            prepare: options.prepare || parameters.length <= PREPARED_MAX_PARAMETERS,
          })
      if (property === 'begin' || property === 'savepoint') {
        const open = Reflect.get(target, property, receiver) as (...args: unknown[]) => unknown
        return (...args: unknown[]) => {
          const scope = args.pop() as (sql: Sql) => unknown
          return open.call(target, ...args, (sql: Sql) => scope(preparingStatements(sql)))
        }
      }
      return Reflect.get(target, property, receiver) as unknown
    },
  })
}
