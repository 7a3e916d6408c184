import type { z } from 'zod'

/**
 * A schema's messages (translation keys) per field, by dotted path — '_' for the whole input: the
 * register's 400 body `fieldErrors`, read back by the portal.
 */
export function fieldErrorsOf(error: Pick<z.ZodError, 'issues'>): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {}
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_'
    fieldErrors[key] = [...(fieldErrors[key] ?? []), issue.message]
  }
  return fieldErrors
}
