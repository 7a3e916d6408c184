import { importLimitValues, type ImportProblem } from '../../domain/svn/import.ts'
import type { Translate } from './translate.ts'

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
