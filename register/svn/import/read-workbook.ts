import { Readable } from 'node:stream'
import ExcelJS from 'exceljs'
import { formatDateDisplay } from '../../../domain/date-input.ts'
import { createField, type CreateFieldName } from '../../../domain/svn/create.ts'
import { classifyHeader, readOption } from './columns.ts'
import { IMPORT_LIMITS, type ImportProblem } from '../../../domain/svn/import.ts'
import { inspectZip, sniffSpreadsheet } from './zip.ts'

/** A cell as the file holds it (kept for the error workbook) — text, number, date, boolean or empty. */
export type CellValue = string | number | boolean | Date | null

export interface ImportRow {
  /** Row number in the sheet (1-based; the header is row `headerRow`). */
  number: number
  /** The row's cells as uploaded, one per header column (same order as `UploadedSheet.header`). */
  cells: CellValue[]
  /** The create form's fields read from the row, as a form posts them (text). */
  values: Partial<Record<CreateFieldName, string>>
}

export interface UploadedSheet {
  /** The header row as uploaded (its texts), including an error column if the file had one. */
  header: string[]
  /** Which field each header column holds (null: the error column of an earlier error file). */
  fields: (CreateFieldName | null)[]
  rows: ImportRow[]
}

export type ReadOutcome =
  { ok: true; sheet: UploadedSheet } | { ok: false; problem: ImportProblem; columns?: string[] }

const fail = (problem: ImportProblem, columns?: string[]): ReadOutcome =>
  columns ? { ok: false, problem, columns } : { ok: false, problem }

/** yyyy-mm-dd of a Date as exceljs gives it (Excel days are calendar days at UTC midnight). */
function dateText(date: Date): string {
  if (Number.isNaN(date.getTime())) return ''
  return formatDateDisplay(date.toISOString().slice(0, 10))
}

/** An Excel serial day number (1900 system) as a date, for date columns whose style was lost. */
function serialDate(serial: number): Date {
  return new Date(Math.round((serial - 25569) * 86_400_000))
}

/** exceljs' cell value (rich text, formulas, hyperlinks, errors...) reduced to what the file shows. */
export function plainCell(value: unknown): CellValue {
  if (value === null || value === undefined) return null
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value
  if (value instanceof Date) return value
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>
    if (Array.isArray(v.richText))
      return (v.richText as { text?: unknown }[]).map((r) => String(r.text ?? '')).join('')
    if ('result' in v) return plainCell(v.result)
    if ('formula' in v || 'sharedFormula' in v) return null
    if (typeof v.text === 'string') return v.text
    if (typeof v.error === 'string') return v.error
  }
  return String(value)
}

/** The text a form would post for this cell. */
export function cellText(value: CellValue, kind: 'text' | 'select' | 'date'): string {
  if (value === null) return ''
  if (value instanceof Date) return dateText(value)
  if (typeof value === 'number') {
    if (kind === 'date' && value > 0 && value < 2_958_466) return dateText(serialDate(value))
    // Integers (Stammnummer, PLZ, plate numbers) without exponent or decimals.
    return Number.isInteger(value) ? BigInt(value).toString() : String(value)
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE'
  return value.trim()
}

function isEmpty(cells: CellValue[]): boolean {
  return cells.every((c) => c === null || (typeof c === 'string' && c.trim() === ''))
}

/** Row.values of exceljs: a sparse array, index 1 = column A. */
function rowCells(row: ExcelJS.Row, width?: number): CellValue[] {
  const values = row.values as unknown[]
  const count = width ?? Math.max(0, values.length - 1)
  const cells: CellValue[] = []
  for (let i = 1; i <= count; i++) cells.push(plainCell(values[i]))
  return cells
}

interface HeaderMatch {
  fields: (CreateFieldName | null)[]
  problem?: { problem: ImportProblem; columns: string[] }
}

function matchHeader(header: string[], required: readonly CreateFieldName[]): HeaderMatch {
  const fields: (CreateFieldName | null)[] = []
  const unknown: string[] = []
  const seen = new Map<CreateFieldName, number>()
  const duplicate: string[] = []
  for (const text of header) {
    if (text.trim() === '') {
      fields.push(null)
      continue
    }
    const cell = classifyHeader(text)
    if (cell.kind === 'unknown') unknown.push(text.trim())
    if (cell.kind !== 'field') {
      fields.push(null)
      continue
    }
    if (seen.has(cell.name)) duplicate.push(text.trim())
    seen.set(cell.name, fields.length)
    fields.push(cell.name)
  }
  if (unknown.length > 0) return { fields, problem: { problem: 'unknownColumns', columns: unknown } }
  if (duplicate.length > 0) return { fields, problem: { problem: 'duplicateColumns', columns: duplicate } }
  const missing = required.filter((name) => !seen.has(name))
  if (missing.length > 0) return { fields, problem: { problem: 'missingColumns', columns: missing } }
  return { fields }
}

export interface ReadOptions {
  /** Columns that must be present (the template's, the WIK-C one aside). */
  required: readonly CreateFieldName[]
}

/**
 * Reads an uploaded import file: content sniffing, the ZIP checks, then exceljs' streaming reader over
 * the first visible worksheet. Stops as soon as there are more data rows than allowed.
 * `missingColumns` reports field names; the caller turns them into headers in the user's language.
 */
export async function readImportFile(bytes: Buffer, options: ReadOptions): Promise<ReadOutcome> {
  if (bytes.length === 0) return fail('required')
  if (bytes.length > IMPORT_LIMITS.maxBytes) return fail('tooLarge')
  const type = sniffSpreadsheet(bytes)
  if (type === 'cfb') return fail('encrypted')
  if (type !== 'zip') return fail('notXlsx')
  const zip = await inspectZip(bytes)
  if (!zip.ok) return fail(zip.problem === 'bomb' ? 'zipBomb' : zip.problem)
  const names = new Set(zip.entries.map((e) => e.name))
  if (
    !names.has('xl/workbook.xml') ||
    !zip.entries.some((e) => /^xl\/worksheets\/sheet\d+\.xml$/.test(e.name))
  )
    return fail('notXlsx')

  try {
    return await readFirstSheet(bytes, options)
  } catch {
    // exceljs' streaming reader now and then fails on a sound file (about 1 read in 400 of the same
    // bytes: it reaches a worksheet without the workbook's sheet list, `this.model` undefined). A file
    // is broken only if a second read fails too.
    try {
      return await readFirstSheet(bytes, options)
    } catch {
      return fail('broken')
    }
  }
}

/** The first visible worksheet through exceljs' streaming reader; throws where exceljs cannot read. */
async function readFirstSheet(bytes: Buffer, options: ReadOptions): Promise<ReadOutcome> {
  const source = Readable.from([bytes])
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(source, {
    sharedStrings: 'cache',
    // Styles tell exceljs which numbers are dates.
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  })
  try {
    for await (const worksheet of reader) {
      const state = (worksheet as unknown as { state?: string }).state
      if (state && state !== 'visible') continue
      // The first visible sheet is the data; leaving the loop stops the unzipper (nothing more is read).
      return await readSheet(worksheet as unknown as AsyncIterable<ExcelJS.Row>, options)
    }
  } finally {
    source.destroy()
  }
  return fail('missingColumns', [...options.required])
}

async function readSheet(rows: AsyncIterable<ExcelJS.Row>, options: ReadOptions): Promise<ReadOutcome> {
  let header: string[] | null = null
  let fields: (CreateFieldName | null)[] = []
  const out: ImportRow[] = []
  for await (const row of rows) {
    if (!header) {
      const cells = rowCells(row)
      if (isEmpty(cells)) continue
      header = cells.map((c) => cellText(c, 'text'))
      while (header.length > 0 && header[header.length - 1] === '') header.pop()
      const match = matchHeader(header, options.required)
      if (match.problem) return fail(match.problem.problem, match.problem.columns)
      fields = match.fields
      continue
    }
    const cells = rowCells(row, header.length)
    if (isEmpty(cells)) continue
    // Counted while streaming: the rest of the sheet is never read.
    if (out.length >= IMPORT_LIMITS.maxRows) return fail('tooManyRows')
    const values: Partial<Record<CreateFieldName, string>> = {}
    fields.forEach((name, i) => {
      if (!name) return
      const field = createField(name)
      const text = cellText(cells[i] ?? null, field.kind)
      values[name] = field.kind === 'select' ? readOption(field, text) : text
    })
    out.push({ number: row.number, cells, values })
  }
  if (!header) return fail('missingColumns', [...options.required])
  if (out.length === 0) return fail('noRows')
  return { ok: true, sheet: { header, fields, rows: out } }
}
