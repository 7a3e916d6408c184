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

/**
 * Distinct statement texts a pool prepares; later ones run unprepared. PostgreSQL keeps about 33 KB
 * per prepared search statement and connection, and the search alone can be written in tens of thousands
 * of ways (filters × sort × order): unbounded, a caller walking them would grow every connection. The
 * pages' own statements come first after a start and stay prepared.
 */
export const PREPARED_MAX_STATEMENTS = 200

type Sql = postgres.Sql | postgres.TransactionSql
type Parameters = postgres.ParameterOrJSON<never>[]

/**
 * A postgres.js client on which statements with values are prepared (ADR 547), in transactions and
 * savepoints too: up to PREPARED_MAX_PARAMETERS values each, up to PREPARED_MAX_STATEMENTS texts per
 * client. drizzle asks postgres.js to prepare only `.prepare(name)` queries; any other query with values
 * was parsed anew on each run and cost two round trips (the driver first asks the server for the
 * parameter types). Prepared, it is parsed once per connection and then runs in one round trip. Each run
 * is still planned with its values (`plan_cache_mode` in db/client.ts). Statements without values use
 * the simple protocol either way. `reserve()` (unused here) hands out an unwrapped connection.
 */
export function preparingStatements<T extends Sql>(client: T, texts = new Set<string>()): T {
  const preparable = (query: string, parameters: Parameters) => {
    if (parameters.length > PREPARED_MAX_PARAMETERS) return false
    if (texts.has(query)) return true
    if (texts.size >= PREPARED_MAX_STATEMENTS) return false
    texts.add(query)
    return true
  }
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'unsafe')
        return (
          query: string,
          parameters: Parameters | postgres.UnsafeQueryOptions = [],
          options: postgres.UnsafeQueryOptions = {},
        ) => {
          // postgres.js also takes unsafe(query, options).
          if (!Array.isArray(parameters)) [parameters, options] = [[], parameters]
          return target.unsafe(query, parameters, {
            ...options,
            prepare: options.prepare || preparable(query, parameters),
          })
        }
      if (property === 'begin' || property === 'savepoint') {
        const open = Reflect.get(target, property, receiver) as (...args: unknown[]) => unknown
        return (...args: unknown[]) => {
          const scope = args.pop() as (sql: Sql) => unknown
          return open.call(target, ...args, (sql: Sql) => scope(preparingStatements(sql, texts)))
        }
      }
      return Reflect.get(target, property, receiver) as unknown
    },
  })
}
