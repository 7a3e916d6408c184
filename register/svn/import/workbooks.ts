import ExcelJS from 'exceljs'
import type { Language } from '../../../domain/languages.ts'
import { IMPORT_LIMITS, importLimitValues } from '../../../domain/svn/import.ts'
import type { CreateField, CreateFieldName } from '../../../domain/svn/create.ts'
import { translate } from '../../i18n.ts'
import { classifyHeader, headerOf, importColumns, optionEntry } from './columns.ts'
import type { CellValue, UploadedSheet } from './read-workbook.ts'

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
const DATE_FORMAT = 'dd.mm.yyyy'
const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE5E7EB' } }

/** Excel column letters of a 1-based index. */
function columnLetter(index: number): string {
  let n = index
  let letters = ''
  while (n > 0) {
    const rest = (n - 1) % 26
    letters = String.fromCharCode(65 + rest) + letters
    n = Math.floor((n - 1) / 26)
  }
  return letters
}

interface RangeValidations {
  dataValidations: { add(range: string, validation: ExcelJS.DataValidation): void }
}

function utcDay(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`)
}

/**
 * The example row of the template (row 2), in form text. An unchanged example row is skipped on import
 * (its dates aside, which follow the download day), so leaving it in never creates a boat.
 */
export function exampleValues(today: string): Record<CreateFieldName, string | Date> {
  return {
    'halter.person.personenTyp': 'NATUERLICH',
    'halter.person.name': 'Muster',
    'halter.person.geburtsname': '',
    'halter.person.vorname': 'Anna',
    'halter.person.geburtsdatum': utcDay('1980-05-17'),
    'halter.person.heimatstaat': 'CH',
    'halter.adresse.strasse': 'Seestrasse 1',
    'halter.adresse.plz': '8800',
    'halter.adresse.ort': 'Thalwil',
    'halter.adresse.staat': 'CH',
    'halter.adresse.coKontakt': '',
    'versicherungsdaten.besVerwendung': '0',
    'schiff.stammNr': '100.000.003',
    'schiff.schaleNr': 'CH-MUS12345A000',
    'schiff.art': '3',
    'schiff.markeTyp': 'Boesch 620',
    'kontakt.name': 'Muster Versicherungen AG',
    'kontakt.strasse': 'Hauptstrasse 10',
    'kontakt.plz': '8001',
    'kontakt.ort': 'Zürich',
    'kontakt.staat': 'CH',
    'kontakt.telefon': '044 123 45 67',
    'kontakt.fax': '',
    'kontakt.email': 'svn@example.ch',
    'schild.kanton': 'ZH',
    'schild.schildNr': '12345',
    'versicherungsdaten.referenz': 'POL-2025-0001',
    'versicherungsdaten.ivGrund': '57',
    'versicherungsdaten.gueltigAb': utcDay(today),
    wikCGueltigAb: '',
  }
}

/** True when a row still holds the template's example (dates are not compared). */
export function isExampleRow(
  values: Partial<Record<CreateFieldName, string>>,
  fields: readonly CreateField[],
) {
  const example = exampleValues('2000-01-01')
  return fields.every((field) => {
    if (field.kind === 'date') return true
    const expected = example[field.name]
    return typeof expected === 'string' && (values[field.name] ?? '') === expected
  })
}

function formatLine(field: CreateField, lang: Language): string {
  if (field.kind === 'date') return translate(lang, 'import.format.date')
  if (field.kind === 'select') {
    const values = (field.options ?? []).map((v) => optionEntry(field, v, lang)).join(', ')
    return translate(lang, 'import.format.select', { values })
  }
  if (field.minLength !== undefined && field.maxLength !== undefined)
    return translate(lang, 'import.format.textRange', { min: field.minLength, max: field.maxLength })
  return translate(lang, 'import.format.text', { max: field.maxLength ?? 255 })
}

function styleHeader(row: ExcelJS.Row): void {
  row.font = { bold: true }
  row.eachCell((cell) => {
    cell.fill = HEADER_FILL
    cell.alignment = { vertical: 'top', wrapText: true }
  })
}

/**
 * The import template (DESIGN §5): sheet 1 the data (one header row in the user's language, one
 * example row, drop-down lists for the selections and cantons, date and text formats per column),
 * sheet 2 explains each column, sheet 3 (hidden) holds the lists the drop-downs point to.
 */
export async function writeTemplate(lang: Language, options: { canWikC: boolean; today: string }) {
  const columns = importColumns(options.canWikC)
  const book = new ExcelJS.Workbook()
  book.creator = 'SVN Portal'
  book.created = new Date()
  const data = book.addWorksheet(translate(lang, 'import.sheet.data'), {
    views: [{ state: 'frozen', ySplit: 1 }],
  })
  const help = book.addWorksheet(translate(lang, 'import.sheet.help'))
  const lists = book.addWorksheet(translate(lang, 'import.sheet.lists'), { state: 'hidden' })

  data.columns = columns.map((field) => ({
    header: headerOf(field.name, lang),
    key: field.name,
    width: Math.max(14, headerOf(field.name, lang).length + 4),
    style:
      field.kind === 'date'
        ? { numFmt: DATE_FORMAT }
        : field.kind === 'text'
          ? { numFmt: '@' } // text: leading zeros and long numbers stay as typed
          : {},
  }))
  styleHeader(data.getRow(1))

  const example = exampleValues(options.today)
  data.addRow(
    Object.fromEntries(
      columns.map((field) => {
        const value = example[field.name]
        const shown = field.kind === 'select' && typeof value === 'string' && value !== ''
        return [field.name, shown ? optionEntry(field, value, lang) : value]
      }),
    ),
  )

  const lastRow = IMPORT_LIMITS.maxRows + 1
  let listColumn = 0
  columns.forEach((field, index) => {
    if (field.kind !== 'select') return
    listColumn += 1
    const letter = columnLetter(listColumn)
    const entries = (field.options ?? []).map((v) => optionEntry(field, v, lang))
    entries.forEach((entry, i) => {
      lists.getCell(i + 1, listColumn).value = entry
    })
    const listName = translate(lang, 'import.sheet.lists').replace(/'/g, "''")
    const target = columnLetter(index + 1)
    // exceljs has range validations (collapsed into one sqref) but does not declare them in its types.
    ;(data as unknown as RangeValidations).dataValidations.add(`${target}2:${target}${lastRow}`, {
      type: 'list',
      allowBlank: true,
      formulae: [`'${listName}'!$${letter}$1:$${letter}$${entries.length}`],
      showErrorMessage: true,
      errorStyle: 'stop',
      errorTitle: translate(lang, 'import.listErrorTitle'),
      error: translate(lang, 'import.listError'),
    })
  })

  help.columns = [{ width: 28 }, { width: 30 }, { width: 60 }, { width: 70 }]
  help.addRow([translate(lang, 'import.help.title')]).font = { bold: true, size: 14 }
  const limits = importLimitValues(lang)
  const intro = help.addRow([
    translate(lang, 'import.help.intro', {
      sheet: translate(lang, 'import.sheet.data'),
      rows: limits.maxRows,
      mb: limits.maxMb,
    }),
  ])
  help.mergeCells(intro.number, 1, intro.number, 4)
  intro.height = 75
  intro.getCell(1).alignment = { wrapText: true, vertical: 'top' }
  help.addRow([])
  const head = help.addRow([
    translate(lang, 'import.help.column'),
    translate(lang, 'import.help.required'),
    translate(lang, 'import.help.format'),
    translate(lang, 'import.help.meaning'),
  ])
  styleHeader(head)
  for (const field of columns) {
    const meaning = translate(lang, `import.explain.${field.name}`)
    const row = help.addRow([
      headerOf(field.name, lang),
      translate(lang, `import.required.${field.required}`),
      formatLine(field, lang),
      field.wikC ? `${meaning} (${translate(lang, 'import.wikCOnly')})` : meaning,
    ])
    row.alignment = { wrapText: true, vertical: 'top' }
  }

  return Buffer.from(await book.xlsx.writeBuffer())
}

export interface RejectedRow {
  cells: CellValue[]
  messages: string[]
}

/**
 * The error workbook: the rejected rows with the columns exactly as uploaded, plus an error column in
 * the user's language (an earlier error column is replaced). It can be corrected and uploaded again.
 */
export async function writeErrorWorkbook(
  lang: Language,
  sheet: Pick<UploadedSheet, 'header'>,
  rejected: readonly RejectedRow[],
): Promise<Buffer> {
  const book = new ExcelJS.Workbook()
  book.creator = 'SVN Portal'
  book.created = new Date()
  const ws = book.addWorksheet(translate(lang, 'import.sheet.errors'), {
    views: [{ state: 'frozen', ySplit: 1 }],
  })
  const keep = sheet.header
    .map((_, i) => i)
    .filter((i) => classifyHeader(sheet.header[i] ?? '').kind !== 'error')
  const header = [...keep.map((i) => sheet.header[i] ?? ''), translate(lang, 'import.errorColumn')]
  ws.columns = header.map((text, i) => ({
    width: i === header.length - 1 ? 80 : Math.max(14, text.length + 4),
  }))
  styleHeader(ws.addRow(header))
  for (const row of rejected) {
    const added = ws.addRow([...keep.map((i) => row.cells[i] ?? null), row.messages.join('\n')])
    added.eachCell((cell) => {
      if (cell.value instanceof Date) cell.numFmt = DATE_FORMAT
    })
    added.getCell(header.length).alignment = { wrapText: true, vertical: 'top' }
  }
  return Buffer.from(await book.xlsx.writeBuffer())
}
