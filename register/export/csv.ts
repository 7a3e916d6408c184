/**
 * The one CSV writer of the export files (DESIGN §5): UTF-8 with BOM, `;` between cells, CRLF after
 * every row, RFC 4180 quoting, and text cells that a spreadsheet would read as a formula neutralised.
 */

export const CSV_BOM = '\uFEFF'
export const CSV_SEPARATOR = ';'
export const CSV_NEWLINE = '\r\n'

/** A spreadsheet starts a formula (or DDE) with these (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/
const NEEDS_QUOTES = /[;"\r\n]/
/** Either of the two: most cells need neither, and one test settles that. */
const SPECIAL = /^[=+\-@\t\r]|[;"\r\n]/

/**
 * A text cell: a leading = + - @ tab or CR gets a single quote in front, so the spreadsheet shows
 * the text instead of evaluating it; then RFC 4180 quoting when the cell holds `;`, `"`, CR or LF.
 */
export function csvText(value: string): string {
  if (!SPECIAL.test(value)) return value
  const safe = FORMULA_START.test(value) ? `'${value}` : value
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/**
 * A typed cell (number or yyyy-mm-dd day) written by us, never user text: left as it is so numbers
 * stay numbers. Still quoted if it would need it, which our number and date forms never do.
 */
export function csvPlain(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value
}

/** One row: cells already encoded with `csvText`/`csvPlain`. */
export function csvRow(cells: readonly string[]): string {
  return cells.join(CSV_SEPARATOR) + CSV_NEWLINE
}
