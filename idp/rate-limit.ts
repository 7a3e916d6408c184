import { and, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { idpLoginAttempts } from '../db/schema/idp.ts'

export interface RateLimitOptions {
  /** Failures per login name within the window before that login is blocked. */
  maxFailuresPerLogin: number
  /** Failures per client address; higher, because an office behind NAT shares one address. */
  maxFailuresPerIp: number
  windowSeconds: number
  blockSeconds: number
}

export const defaultRateLimit: RateLimitOptions = {
  maxFailuresPerLogin: 5,
  maxFailuresPerIp: 50,
  windowSeconds: 15 * 60,
  blockSeconds: 15 * 60,
}

export interface AttemptKeys {
  login: string
  ip: string
}

function keysFor(attempt: AttemptKeys): { login: string; ip: string } {
  return { login: `login:${attempt.login.trim().toLowerCase()}`, ip: `ip:${attempt.ip}` }
}

/**
 * Counters live in idp_login_attempts (not in memory) so every instance sees the same state.
 * Each failure is one atomic upsert, so concurrent attempts cannot slip past the limit.
 */
export function createRateLimiter(db: Database, options: RateLimitOptions = defaultRateLimit) {
  let lastPurge = 0

  /** Seconds until the block ends, or 0 when neither the login nor the address is blocked. */
  async function blockedFor(attempt: AttemptKeys, now = new Date()): Promise<number> {
    const keys = keysFor(attempt)
    const rows = await db
      .select({ blockedUntil: idpLoginAttempts.blockedUntil })
      .from(idpLoginAttempts)
      .where(
        and(inArray(idpLoginAttempts.key, [keys.login, keys.ip]), gt(idpLoginAttempts.blockedUntil, now)),
      )
    const until = Math.max(0, ...rows.map((r) => r.blockedUntil?.getTime() ?? 0))
    return until > now.getTime() ? Math.ceil((until - now.getTime()) / 1000) : 0
  }

  async function bump(key: string, max: number, now: Date): Promise<Date | null> {
    const windowStart = new Date(now.getTime() - options.windowSeconds * 1000)
    const blockEnd = new Date(now.getTime() + options.blockSeconds * 1000)
    const t = idpLoginAttempts
    // A stale window (older than windowSeconds) starts over at 1.
    const stale = sql`${t.windowStartedAt} < ${windowStart.toISOString()}::timestamptz`
    const failures = sql`case when ${stale} then 1 else ${t.failures} + 1 end`
    const [row] = await db
      .insert(t)
      .values({ key, failures: 1, windowStartedAt: now, blockedUntil: max <= 1 ? blockEnd : null })
      .onConflictDoUpdate({
        target: t.key,
        set: {
          failures,
          windowStartedAt: sql`case when ${stale} then ${now.toISOString()}::timestamptz else ${t.windowStartedAt} end`,
          blockedUntil: sql`case when ${failures} >= ${max} then ${blockEnd.toISOString()}::timestamptz else ${t.blockedUntil} end`,
        },
      })
      .returning({ blockedUntil: t.blockedUntil })
    return row?.blockedUntil ?? null
  }

  /** Counts a failed login for both keys; returns seconds blocked now (0 when not yet blocked). */
  async function recordFailure(attempt: AttemptKeys, now = new Date()): Promise<number> {
    const keys = keysFor(attempt)
    await bump(keys.login, options.maxFailuresPerLogin, now)
    await bump(keys.ip, options.maxFailuresPerIp, now)
    await purge(now)
    return blockedFor(attempt, now)
  }

  /** A successful login clears that login's counter (not the address's). */
  async function recordSuccess(attempt: AttemptKeys): Promise<void> {
    await db.delete(idpLoginAttempts).where(inArray(idpLoginAttempts.key, [keysFor(attempt).login]))
  }

  /** Drops counters whose window and block are long over; at most once a minute per process. */
  async function purge(now: Date): Promise<void> {
    if (now.getTime() - lastPurge < 60_000) return
    lastPurge = now.getTime()
    const old = new Date(now.getTime() - Math.max(options.windowSeconds, options.blockSeconds) * 1000)
    const t = idpLoginAttempts
    await db
      .delete(t)
      .where(and(lt(t.windowStartedAt, old), or(isNull(t.blockedUntil), lt(t.blockedUntil, now))))
  }

  return { blockedFor, recordFailure, recordSuccess }
}

export type RateLimiter = ReturnType<typeof createRateLimiter>
