/**
 * Errors that mean "a service we depend on is down for the moment" (database restarting, register or
 * identity provider unreachable): answered with 503 and Retry-After instead of 500 (ADR 602).
 */

/** Seconds a client should wait before retrying an answer 503. */
export const RETRY_AFTER_SECONDS = 5

/** postgres-js connection codes, PostgreSQL SQLSTATEs of a shutdown/lost connection, Node socket errors. */
const CODES = new Set([
  // postgres-js
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  // PostgreSQL: admin_shutdown, crash_shutdown, cannot_connect_now, connection exceptions
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  // Node sockets and undici (fetch)
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_HEADERS_TIMEOUT',
])

/** The driver's or socket's error inside `error` (drizzle and fetch wrap it), or undefined. */
function unavailableCause(error: unknown): { code?: unknown; message?: unknown } | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, name, cause } = e as { code?: unknown; name?: unknown; cause?: unknown }
    if (typeof code === 'string' && CODES.has(code)) return e
    // AbortSignal.timeout() on a call to a dependency
    if (name === 'TimeoutError') return e
    e = cause
  }
  return undefined
}

/** True when `error` or one of its causes is such a failure. */
export function isUnavailable(error: unknown): boolean {
  return unavailableCause(error) !== undefined
}

/** For the log: the inner code and message only (drizzle's outer message carries the query's parameters). */
export function unavailableReason(error: unknown): string {
  const cause = unavailableCause(error)
  if (!cause) return 'unavailable'
  return [cause.code, cause.message].filter((part) => typeof part === 'string').join(' ')
}
