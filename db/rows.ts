import { getTableColumns, is, SQL, Table, type Query, type SQLWrapper } from 'drizzle-orm'
import { PgColumn, type PgTable } from 'drizzle-orm/pg-core'
import type { Database } from './client.ts'

/** The rows of a raw query on PGlite and PostgreSQL alike (postgres-js answers an array, PGlite `{ rows }`). */
export async function queryRows<T>(db: Database, query: SQLWrapper): Promise<T[]> {
  const result = await db.execute(query)
  return ((result as unknown as { rows?: T[] }).rows ?? result) as T[]
}

/**
 * What `selectMapped` maps: a table (a nested object of all its columns), a single column, or an SQL
 * expression (decoded by its `mapWith`, else as the driver reads it) per key.
 */
export type FlatSelection = Record<string, PgTable | PgColumn | SQL>

type Decoder = Pick<PgColumn, 'mapFromDriverValue'>

type RowMapper = (values: unknown[]) => Record<string, unknown>

const mappers = new WeakMap<FlatSelection, RowMapper>()

/**
 * One function per selection that turns the driver's value arrays into the objects drizzle's own
 * mapping builds: the same keys in the same order and each column's own `mapFromDriverValue` (dates,
 * bigint as number, bytea), but without drizzle's generic per-value path walk and entity checks, which
 * were about a third of Node's time reading an export's rows (ADR 535) and a sixth of a search's (ADR
 * 547). Columns are flattened in the order drizzle's select lists them (keys in order, a table's columns
 * in order).
 */
function mapperOf(selection: FlatSelection): RowMapper {
  let mapper = mappers.get(selection)
  if (mapper) return mapper
  const parts: { key: string; keys: string[] | null; columns: Decoder[] }[] = []
  for (const [key, field] of Object.entries(selection)) {
    if (is(field, PgColumn)) parts.push({ key, keys: null, columns: [field] })
    // `mapWith`'s decoder (drizzle keeps it private; its own mapping reads it the same way).
    else if (is(field, SQL))
      parts.push({ key, keys: null, columns: [(field as unknown as { decoder: Decoder }).decoder] })
    else if (is(field, Table)) {
      const columns = getTableColumns(field)
      parts.push({ key, keys: Object.keys(columns), columns: Object.values(columns) as PgColumn[] })
    } else throw new Error(`selectMapped: ${key} is neither a table, a column nor an SQL expression`)
  }
  mapper = (values) => {
    const row: Record<string, unknown> = {}
    let i = 0
    for (let p = 0; p < parts.length; p++) {
      const { key, keys, columns } = parts[p]!
      if (keys === null) {
        const value = values[i++]
        row[key] = value === null ? null : columns[0]!.mapFromDriverValue(value)
        continue
      }
      const nested: Record<string, unknown> = {}
      for (let c = 0; c < keys.length; c++) {
        const value = values[i++]
        nested[keys[c]!] = value === null ? null : columns[c]!.mapFromDriverValue(value)
      }
      row[key] = nested
    }
    return row
  }
  mappers.set(selection, mapper)
  return mapper
}

/**
 * Runs a select built as `db.select(selection)…` and maps its rows with a mapper compiled once per
 * selection (same result as awaiting the query). For hot reads (the exports, the search); a joined table
 * must be inner-joined (a left-joined table's all-null row would not become null as drizzle makes it;
 * left-joined single columns are fine).
 */
export async function selectMapped<T>(
  db: Database,
  selection: FlatSelection,
  query: { toSQL(): Query } & PromiseLike<T[]>,
): Promise<T[]> {
  const map = mapperOf(selection)
  const prepared = db._.session.prepareQuery(query.toSQL(), undefined, undefined, true, (rows) =>
    rows.map(map),
  )
  return (await prepared.execute()) as T[]
}
