import { randomBytes } from 'node:crypto'
import postgres from 'postgres'
import { openDatabase, type DatabaseHandle } from './client.ts'

/**
 * A fresh, migrated database for one test file.
 * With TEST_DATABASE_URL set (CI: postgres://127.0.0.1/test) a new PostgreSQL database is created
 * beside it and dropped on close; otherwise an in-memory PGlite. Benchmarks pass the server's URL
 * (or '' for PGlite) explicitly.
 */
export async function openTestDatabase(
  baseUrl: string | undefined = process.env.TEST_DATABASE_URL,
): Promise<DatabaseHandle & { url?: string }> {
  if (!baseUrl) return openDatabase({ dataDir: 'memory://' })
  const name = `svn_test_${process.pid}_${randomBytes(4).toString('hex')}`
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} })
  await admin.unsafe(`CREATE DATABASE ${name}`)
  const url = new URL(baseUrl)
  url.pathname = `/${name}`
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: '' })
  return {
    ...handle,
    /** For other processes on the same database (tests/ops). */
    url: url.toString(),
    async close() {
      await handle.close()
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await admin.end({ timeout: 5 })
    },
  }
}

/** What `openTestDatabase` opens (its `url` is set on PostgreSQL). */
export type TestDatabase = Awaited<ReturnType<typeof openTestDatabase>>
