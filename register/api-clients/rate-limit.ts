import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { apiClientRequests } from '../../db/schema/api-clients.ts'

export interface ApiClientRateLimit {
  /** Requests one client may make per window; then 429 until the window ends. */
  requests: number
  windowSeconds: number
}

export const defaultApiClientRateLimit: ApiClientRateLimit = { requests: 600, windowSeconds: 60 }

/**
 * Counts one request of a client in its current fixed window and answers the seconds to wait, or 0
 * when the request may pass. The counter is one atomic upsert in the database, so every instance and
 * worker shares it (as the IdP's login limits, ADR 601) and concurrent requests cannot slip past it.
 */
export async function countClientRequest(
  db: Database,
  clientId: string,
  limit: ApiClientRateLimit,
  now = new Date(),
): Promise<number> {
  const t = apiClientRequests
  const windowStart = new Date(now.getTime() - limit.windowSeconds * 1000)
  const stale = sql`${t.windowStartedAt} <= ${windowStart.toISOString()}::timestamptz`
  const [row] = await db
    .insert(t)
    .values({ clientId, windowStartedAt: now, requests: 1 })
    .onConflictDoUpdate({
      target: t.clientId,
      set: {
        requests: sql`case when ${stale} then 1 else ${t.requests} + 1 end`,
        windowStartedAt: sql`case when ${stale} then ${now.toISOString()}::timestamptz else ${t.windowStartedAt} end`,
      },
    })
    .returning({ requests: t.requests, windowStartedAt: t.windowStartedAt })
  if (!row || row.requests <= limit.requests) return 0
  const ends = row.windowStartedAt.getTime() + limit.windowSeconds * 1000
  return Math.max(1, Math.ceil((ends - now.getTime()) / 1000))
}
