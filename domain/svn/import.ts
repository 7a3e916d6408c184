import { formatNumber } from '../number-format.ts'

/** DESIGN §5 "Mass import": at most 10 MB (spec §9's file cap) and 5 000 rows per upload. */
export const IMPORT_LIMITS = {
  maxBytes: 10_485_760,
  maxRows: 5000,
} as const

/** The limits as a text names them in `lng` ("5’000" rows, "10" MB): the portal's and the template's. */
export function importLimitValues(lng: string): { maxRows: string; maxMb: string } {
  return {
    maxRows: formatNumber(IMPORT_LIMITS.maxRows, lng),
    maxMb: formatNumber(Math.round(IMPORT_LIMITS.maxBytes / 1024 / 1024), lng),
  }
}

/**
 * Why a whole file is refused (nothing is imported); each is a translation key
 * `validation.import.<problem>` of the portal.
 */
export const IMPORT_PROBLEMS = [
  'required',
  'tooLarge',
  'notXlsx',
  'encrypted',
  'broken',
  'zipBomb',
  'tooManyRows',
  'noRows',
  'missingColumns',
  'unknownColumns',
  'duplicateColumns',
] as const
export type ImportProblem = (typeof IMPORT_PROBLEMS)[number]

/** `POST svn/massenimport` answers this (200) when the file could be read. */
export interface ImportResult {
  imported: number
  failed: number
  errorFileAvailable: boolean
  /** Ids of the created SVN, ascending. */
  ids: number[]
}

/**
 * `POST svn/massenimport` answers 400 with this body when the whole file is refused (nothing stored):
 * fieldErrors.svnExcel holds `validation.import.<problem>`; `columns` names the headers concerned.
 */
export interface ImportRefusal {
  error: 'validation failed'
  fieldErrors: { svnExcel: string[] }
  problem: ImportProblem
  columns?: string[]
}

/** The multipart field of the upload (spec §7). */
export const IMPORT_FIELD = 'svnExcel'
