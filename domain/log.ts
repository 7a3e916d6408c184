/**
 * Structured logs (issue 10 item 6, ADR 611): one JSON object per line on stdout, the same shape for
 * the request log and the security events of portal, register and IdP. Imports only `node:crypto` and
 * `node:util`, so every server-side part may use it (not browser code). Callers pass ids and reasons
 * only — never tokens, cookies, passwords or bodies; what slips through in a URL or an error's text
 * (a password-setup token, `code`, `state`, `id_token_hint`) is redacted here (ADR 703).
 */
import { createHash } from 'node:crypto'
import { inspect } from 'node:util'

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

/** A line's fields besides time, level and event. Values are short scalars. */
export type LogFields = Record<string, string | number | boolean | null | undefined>

interface LogSettings {
  level: LogLevel
  /** Where a finished line goes (tests capture it). */
  write: (line: string) => void
  /** Fields every line gets from where it is written, e.g. the trace id of the request (ADR 950). */
  context?: () => LogFields | undefined
  /** Sees every event, whatever the level, before the line is written (metrics from events, ADR 950). */
  observe?: (level: Exclude<LogLevel, 'silent'>, event: string, fields: LogFields) => void
}

/** Until config.ts's LOG_LEVEL is applied (`configureLog`), e.g. in tests that start a part alone. */
function levelFromEnv(): LogLevel {
  const raw = process.env.LOG_LEVEL
  return (LOG_LEVELS as readonly string[]).includes(raw ?? '') ? (raw as LogLevel) : 'info'
}

const settings: LogSettings = {
  level: levelFromEnv(),
  write: (line) => process.stdout.write(line),
}

/** Sets the level (config.ts LOG_LEVEL) and, in tests, the sink. Returns the previous settings. */
export function configureLog(next: Partial<LogSettings>): LogSettings {
  const previous = { ...settings }
  Object.assign(settings, next)
  return previous
}

export function logEnabled(level: Exclude<LogLevel, 'silent'>): boolean {
  return LOG_LEVELS.indexOf(level) >= LOG_LEVELS.indexOf(settings.level) && settings.level !== 'silent'
}

export const REDACTED = '[redacted]'

/** Query and form parameters whose values are credentials (OAuth/OIDC, setup links, passwords). */
const SECRET_PARAMS =
  /([?&#;,\s"']|^)((?:code|state|nonce|token|id_token_hint|id_token|access_token|refresh_token|logout_token|client_secret|code_verifier|session_state|password|secret|setup_token|csrf)=)[^&#\s"',;]*/gi
/** Path segments that are credentials: the one-time password-setup link `/setup/<token>`. */
const SECRET_SEGMENTS = /(\/setup\/)[^/?#\s"']+/gi

/** `text` with the values of secret parameters and secret path segments replaced by `[redacted]`. */
export function redactSecrets(text: string): string {
  return text.replace(SECRET_SEGMENTS, `$1${REDACTED}`).replace(SECRET_PARAMS, `$1$2${REDACTED}`)
}

/** An error as the error log shows it (message and stack), with secrets redacted. */
export function errorText(error: unknown): string {
  return redactSecrets(error instanceof Error ? inspect(error) : String(error))
}

/** Writes `{"time", "level", "event", ...fields}`; undefined fields are left out; strings redacted. */
export function logEvent(level: Exclude<LogLevel, 'silent'>, event: string, fields: LogFields = {}): void {
  settings.observe?.(level, event, fields)
  if (!logEnabled(level)) return
  const safe: LogFields = { ...settings.context?.() }
  for (const [key, value] of Object.entries(fields)) {
    safe[key] = typeof value === 'string' ? redactSecrets(value) : value
  }
  settings.write(`${JSON.stringify({ time: new Date().toISOString(), level, event, ...safe })}\n`)
}

/**
 * A login name as logs show it: the first 16 hex digits of SHA-256 of the trimmed, lower-cased name.
 * Pseudonymous (ADR 611): attempts on one account line up, and an operator who knows a name can find
 * its lines, but the log alone does not list who tried to log in.
 */
export function loginHash(login: string): string {
  return createHash('sha256').update(login.trim().toLowerCase()).digest('hex').slice(0, 16)
}
