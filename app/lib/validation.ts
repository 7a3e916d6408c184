import type { Translate } from './translate.ts'
import type { z } from 'zod'
import { isValidationKey } from './i18n-keys.ts'

/**
 * Domain schemas carry translation keys as messages (e.g. 'validation.maxLength'); the values to fill
 * in come from the issue itself (maximum, minimum) or its params. Unknown messages fall back to
 * 'validation.invalid' rather than showing English to a French clerk (or a key to anyone).
 */
export function translateIssue(t: Translate, issue: z.core.$ZodIssue): string {
  const values: Record<string, unknown> = {}
  if ('maximum' in issue) values.max = Number(issue.maximum)
  if ('minimum' in issue) values.min = Number(issue.minimum)
  const params = (issue as { params?: Record<string, unknown> }).params
  if (params) Object.assign(values, params)
  const key = isValidationKey(issue.message) ? issue.message : 'validation.invalid'
  return t(key, values)
}

/** First message per field (dotted path), in the order the schema reported them. */
export function fieldErrors(t: Translate, error: z.ZodError): Record<string, string> {
  const result: Record<string, string> = {}
  for (const issue of error.issues) {
    const name = issue.path.join('.')
    if (name && !(name in result)) result[name] = translateIssue(t, issue)
  }
  return result
}
