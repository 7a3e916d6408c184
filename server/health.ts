import { readFileSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { Router } from 'express'
import { migrationsFolder, type Database } from '../db/client.ts'
import { logEvent } from '../domain/log.ts'

const journal = path.join(migrationsFolder, 'meta/_journal.json')

const READY_TIMEOUT_MS = 3_000

/** `when` of the newest committed migration: drizzle stores it as created_at of the applied row. */
function newestMigration(): number {
  const { entries } = JSON.parse(readFileSync(journal, 'utf8')) as { entries: { when: number }[] }
  return Math.max(...entries.map((e) => e.when))
}

/**
 * Readiness: the database answers and holds every committed migration (a node whose schema is behind
 * — another node is migrating, or an old image — takes no traffic). Reason on failure, never details.
 */
export async function readiness(db: Database): Promise<{ ready: true } | { ready: false; reason: string }> {
  let applied: number
  let timer: NodeJS.Timeout | undefined
  try {
    const rows = await Promise.race([
      db.execute<{ newest: string | number | null }>(
        sql`select max(created_at) as newest from drizzle.__drizzle_migrations`,
      ),
      // A probe must answer: a database that hangs is as unready as one that refuses.
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS)
      }),
    ])
    const first = (Array.isArray(rows) ? rows[0] : (rows as { rows: unknown[] }).rows[0]) as
      { newest: string | number | null } | undefined
    applied = Number(first?.newest ?? 0)
  } catch {
    return { ready: false, reason: 'database unreachable' }
  } finally {
    clearTimeout(timer)
  }
  if (applied < newestMigration()) return { ready: false, reason: 'migrations pending' }
  return { ready: true }
}

/**
 * GET /healthz: liveness — the process answers HTTP; no database, so a database outage does not get
 * healthy nodes restarted (ADR 612). GET /readyz: readiness, including the database.
 */
export function healthRoutes(db: Database): Router {
  const router = Router()
  router.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').type('text/plain').send('ok')
  })
  router.get('/readyz', async (_req, res) => {
    const state = await readiness(db)
    res.set('Cache-Control', 'no-store').type('text/plain')
    if (state.ready) {
      res.send('ready')
      return
    }
    logEvent('warn', 'not.ready', { reason: state.reason })
    res.status(503).send(state.reason)
  })
  return router
}
