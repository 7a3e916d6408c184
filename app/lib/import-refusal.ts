import { IMPORT_LIMITS, type ImportProblem } from '../../domain/svn/import.ts'
import { formatNumber } from '../../domain/number-format.ts'
import type { Translate } from './translate.ts'

/** The import limits as the screen's texts name them in `lng` (the hint and the refusals). */
export function importLimitValues(lng: string): { maxRows: string; maxMb: string } {
  return {
    maxRows: formatNumber(IMPORT_LIMITS.maxRows, lng),
    maxMb: formatNumber(Math.round(IMPORT_LIMITS.maxBytes / 1024 / 1024), lng),
  }
}

/**
 * What a refused import says: the reason, then that nothing was imported. One text whether the server
 * refused the file or the browser's own check did (no file, too large), so both read the same.
 */
export function importRefusalText(
  t: Translate,
  lng: string,
  problem: ImportProblem,
  columns: readonly string[] = [],
): string {
  const reason = t(`validation.import.${problem}`, { ...importLimitValues(lng), columns: columns.join(', ') })
  return `${reason} ${t('svnImport.nothingImported')}`
}
