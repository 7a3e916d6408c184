import { IMPORT_LIMITS, type ImportProblem } from '../../domain/svn/import.ts'
import type { Translate } from './translate.ts'

/** The import limits as the screen's texts name them (the hint and the refusals). */
export const IMPORT_LIMIT_VALUES = {
  maxRows: IMPORT_LIMITS.maxRows.toLocaleString('de-CH'),
  maxMb: Math.round(IMPORT_LIMITS.maxBytes / 1024 / 1024),
}

/**
 * What a refused import says: the reason, then that nothing was imported. One text whether the server
 * refused the file or the browser's own check did (no file, too large), so both read the same.
 */
export function importRefusalText(
  t: Translate,
  problem: ImportProblem,
  columns: readonly string[] = [],
): string {
  const reason = t(`validation.import.${problem}`, { ...IMPORT_LIMIT_VALUES, columns: columns.join(', ') })
  return `${reason} ${t('svnImport.nothingImported')}`
}
