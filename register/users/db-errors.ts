/** PostgreSQL SQLSTATE of a database error, looking through drizzle's wrapping (`cause`). */
export function sqlState(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
    e = (e as { cause?: unknown }).cause
  }
  return undefined
}

/** 23505: a concurrent insert won the race past our own duplicate check. */
export const isUniqueViolation = (error: unknown) => sqlState(error) === '23505'

/** 23503: another table (e.g. SVN records) still refers to the row. */
export const isForeignKeyViolation = (error: unknown) => sqlState(error) === '23503'
