import type { ContentfulStatusCode } from 'hono/utils/http-status'

/** A service answer: the value, or the API error to send (status, message, per-field translation keys). */
export type Outcome<T> =
  | { ok: true; value: T }
  | { ok: false; status: ContentfulStatusCode; error: string; fieldErrors?: Record<string, string[]> }

export const ok = <T>(value: T): Outcome<T> => ({ ok: true, value })

export function fail(
  status: ContentfulStatusCode,
  error: string,
  fieldErrors?: Record<string, string[]>,
): { ok: false; status: ContentfulStatusCode; error: string; fieldErrors?: Record<string, string[]> } {
  return fieldErrors ? { ok: false, status, error, fieldErrors } : { ok: false, status, error }
}

/** Messages the portal matches on (spec §8: 'Email must always be unique.' → toastr.error.email.unique). */
export const EMAIL_NOT_UNIQUE = 'Email must always be unique.'
export const CONFLICT = 'conflict'
export const NOT_FOUND = 'not found'
export const VALIDATION_FAILED = 'validation failed'

/** Translation keys of the register's own field rules (beyond the domain schema's validation.* keys). */
export const USER_RULE_KEYS = {
  notChangeable: 'user.notChangeable',
  ownAccountNotDeactivatable: 'user.ownAccountNotDeactivatable',
} as const
