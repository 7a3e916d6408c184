import { zValidator } from '@hono/zod-validator'
import type { ValidationTargets } from 'hono'
import { z } from 'zod'
import { fieldErrorsOf } from '../domain/field-errors.ts'
import { jsonError } from './errors.ts'
import { withMeta } from './openapi/meta.ts'

/**
 * zValidator that answers 400 in the API's error shape, with zod's messages per field,
 * instead of the validator's default body (the raw zod error).
 */
export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) {
  const middleware = zValidator(target, schema, (result, c) => {
    if (result.success) return
    return jsonError(c, 400, 'validation failed', fieldErrorsOf(result.error))
  })
  // The OpenAPI document takes the request schema from here (ADR 190).
  return withMeta(middleware, { validator: { target, schema } })
}

/** A database id in a path or query: 1 to 9 digits, so it always fits PostgreSQL's integer. */
export const idText = z
  .string()
  .regex(/^\d{1,9}$/, 'only digits allowed')
  .transform(Number)

/** The `:id` path parameter of the register's routes. */
export const IdParam = z.object({ id: idText })
