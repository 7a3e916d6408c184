import { zValidator } from '@hono/zod-validator'
import type { ValidationTargets } from 'hono'
import type { z } from 'zod'
import { fieldErrorsOf } from '../domain/field-errors.ts'
import { jsonError } from './errors.ts'

/**
 * zValidator that answers 400 in the API's error shape, with zod's messages per field,
 * instead of the validator's default body (the raw zod error).
 */
export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) {
  return zValidator(target, schema, (result, c) => {
    if (result.success) return
    return jsonError(c, 400, 'validation failed', fieldErrorsOf(result.error))
  })
}
