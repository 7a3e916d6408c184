/** PostgreSQL caps one statement at 65 535 bind parameters, PGlite at 32 767: stay well below. */
const MAX_PARAMETERS = 30_000

/** Splits rows so that one multi-row INSERT of `columns` columns stays under the parameter limit. */
export function batches<T>(rows: readonly T[], columns: number): T[][] {
  const size = Math.max(1, Math.floor(MAX_PARAMETERS / columns))
  const result: T[][] = []
  for (let i = 0; i < rows.length; i += size) result.push(rows.slice(i, i + size))
  return result
}
