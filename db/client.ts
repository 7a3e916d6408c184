import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator'
import postgres from 'postgres'
import { root } from '../root.ts'
import { preparingStatements } from './prepared.ts'
import * as schema from './schema/index.ts'

export { schema }
export type Schema = typeof schema
/** One type for both drivers: code written against it runs on PGlite and PostgreSQL alike. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>

export interface DatabaseHandle {
  db: Database
  kind: 'pglite' | 'postgres'
  close(): Promise<void>
}

/** Read from disk when the database opens: the image keeps db/migrations beside build/ (ADR 960). */
export const migrationsFolder = path.join(root, 'db/migrations')

/** Any constant; instances starting together migrate one after the other (ADR 601). */
const MIGRATION_LOCK = 0x5356_4e01

/** Applies the migrations on one connection that holds a session advisory lock meanwhile. */
async function migrateLocked(databaseUrl: string): Promise<void> {
  const client = postgres(databaseUrl, { max: 1, onnotice: () => {} })
  try {
    await client`select pg_advisory_lock(${MIGRATION_LOCK})`
    await migratePostgres(drizzlePostgres(client, { schema }), { migrationsFolder })
  } finally {
    await client.end({ timeout: 5 })
  }
}

/**
 * Planner settings of every connection, PostgreSQL and PGlite alike. The search's plans assume what
 * every deployment has: SSD or cached pages. At the default 4 the planner walks thousands of rows for
 * a prefix instead of using its index (ADR 520). Prepared statements (ADR 547) are planned for their
 * values on every run: a generic plan cannot read a prefix's range from its index, and PostgreSQL
 * chose one for the combined search after five runs (40 ms instead of 7).
 */
const PLANNER_SETTINGS = { random_page_cost: 1.1, plan_cache_mode: 'force_custom_plan' } as const

/**
 * Opens the database and applies the committed migrations.
 * `databaseUrl` set → PostgreSQL; otherwise PGlite in `dataDir` (or in memory for `memory://`).
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined
  dataDir: string
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    await migrateLocked(options.databaseUrl)
    const client = postgres(options.databaseUrl, {
      max: 10,
      onnotice: () => {},
      connection: PLANNER_SETTINGS,
    })
    const db = drizzlePostgres(preparingStatements(client), { schema })
    return { db: db as unknown as Database, kind: 'postgres', close: () => client.end({ timeout: 5 }) }
  }
  let dataDir = options.dataDir
  if (dataDir !== 'memory://') {
    dataDir = path.resolve(dataDir, 'pglite')
    mkdirSync(dataDir, { recursive: true })
  }
  const client = await PGlite.create(dataDir)
  // PGlite is one session, so SET holds for every query.
  for (const [name, value] of Object.entries(PLANNER_SETTINGS)) await client.exec(`SET ${name} = ${value}`)
  const db = drizzlePglite(client, { schema })
  await migratePglite(db, { migrationsFolder })
  return { db: db as unknown as Database, kind: 'pglite', close: () => client.close() }
}
