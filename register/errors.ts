import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

/** The one error body shape of the register API. */
export interface ErrorBody {
  error: string
  fieldErrors?: Record<string, string[]>
}

export function jsonError(
  c: Context,
  status: ContentfulStatusCode,
  error: string,
  fieldErrors?: Record<string, string[]>,
): Response {
  const body: ErrorBody = fieldErrors ? { error, fieldErrors } : { error }
  return c.json(body, status)
}
