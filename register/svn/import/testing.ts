import { deflateRawSync } from 'node:zlib'
import ExcelJS from 'exceljs'
import type { Language } from '../../../domain/languages.ts'
import { CREATE_FIELDS, type CreateFieldName } from '../../../domain/svn/create.ts'
import { zurichDay } from '../../../domain/svn/dates.ts'
import { headerOf } from './columns.ts'

/** Test helpers: spreadsheets and hostile ZIP files built in memory. */

export type RowValues = Partial<Record<CreateFieldName, string | number | Date | null>>

export function today(): string {
  return zurichDay(new Date())
}

/** A valid row (a natural person, the example's boat data); `n` makes names and numbers unique. */
export function goodRow(n: number, tag = 'Import'): RowValues {
  return {
    'halter.person.personenTyp': 'NATUERLICH',
    'halter.person.name': `${tag}${n}`,
    'halter.person.vorname': 'Eva',
    'halter.person.geburtsdatum': '17.05.1980',
    'halter.adresse.strasse': 'Seeweg 5',
    'halter.adresse.plz': 3600 + (n % 100),
    'halter.adresse.ort': 'Thun',
    'halter.adresse.staat': 'CH',
    'versicherungsdaten.besVerwendung': '0 – Keine',
    'schiff.stammNr': '100.000.003',
    'schiff.art': '3 – Motorschiff',
    'schiff.markeTyp': 'Boesch 620',
    'kontakt.name': 'Alpina Kontakt',
    'kontakt.strasse': 'Bahnhofstrasse 1',
    'kontakt.plz': '8001',
    'kontakt.ort': 'Zürich',
    'kontakt.email': 'kontakt@example.ch',
    'schild.kanton': 'BE',
    'schild.schildNr': 10000 + n,
    'versicherungsdaten.referenz': `REF-${n}`,
    'versicherungsdaten.ivGrund': 57,
    'versicherungsdaten.gueltigAb': new Date(`${today()}T00:00:00Z`),
  }
}

export interface SheetOptions {
  lang?: Language
  /** Header texts to use instead of the template's (e.g. a missing or unknown column). */
  header?: string[]
  fields?: readonly CreateFieldName[]
}

/** An .xlsx with one header row (the template's headers by default) and the given rows. */
export async function workbook(rows: readonly RowValues[], options: SheetOptions = {}): Promise<Buffer> {
  const lang = options.lang ?? 'de'
  const fields = options.fields ?? CREATE_FIELDS.filter((f) => !f.wikC).map((f) => f.name)
  const book = new ExcelJS.Workbook()
  const ws = book.addWorksheet('SVN')
  ws.addRow(options.header ?? fields.map((name) => headerOf(name, lang)))
  for (const row of rows) {
    const added = ws.addRow(fields.map((name) => row[name] ?? null))
    added.eachCell((cell) => {
      if (cell.value instanceof Date) cell.numFmt = 'dd.mm.yyyy'
    })
  }
  return Buffer.from(await book.xlsx.writeBuffer())
}

/** exceljs' load() wants a plain ArrayBuffer. */
export function arrayBufferOf(bytes: Buffer | ArrayBuffer): ArrayBuffer {
  if (bytes instanceof ArrayBuffer) return bytes
  return new Uint8Array(bytes).buffer
}

/** Reads the first sheet of a workbook back as arrays of cell values (header first). */
export async function sheetRows(bytes: Buffer | ArrayBuffer): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook()
  await book.xlsx.load(arrayBufferOf(bytes))
  const ws = book.worksheets[0]
  if (!ws) throw new Error('no sheet')
  const out: unknown[][] = []
  ws.eachRow((row) => out.push((row.values as unknown[]).slice(1)))
  return out
}

interface RawEntry {
  name: string
  data: Buffer
  /** Declared uncompressed size (default: the real one). */
  claimed?: number
  stored?: boolean
  flags?: number
}

/** A hand-made ZIP (no data descriptors): local headers, data, central directory, end record. */
export function handmadeZip(entries: readonly RawEntry[], options: { hiddenPrefix?: Buffer } = {}): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  if (options.hiddenPrefix) {
    locals.push(options.hiddenPrefix)
    offset += options.hiddenPrefix.length
  }
  for (const e of entries) {
    const name = Buffer.from(e.name)
    const compressed = e.stored ? e.data : deflateRawSync(e.data)
    const size = e.claimed ?? e.data.length
    const method = e.stored ? 0 : 8
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(e.flags ?? 0, 6)
    local.writeUInt16LE(method, 8)
    local.writeUInt32LE(compressed.length, 18)
    local.writeUInt32LE(size, 22)
    local.writeUInt16LE(name.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(e.flags ?? 0, 8)
    central.writeUInt16LE(method, 10)
    central.writeUInt32LE(compressed.length, 20)
    central.writeUInt32LE(size, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, name, compressed)
    centrals.push(central, name)
    offset += local.length + name.length + compressed.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

const WORKBOOK_PARTS = [
  { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
  { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
]

/** A real zip bomb: a "sheet" of 200 MB of zeros, truthfully declared, about 200 KB compressed. */
export function zipBomb(): Buffer {
  return handmadeZip([
    ...WORKBOOK_PARTS,
    { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(200 * 1024 * 1024) },
  ])
}

/** The same zeros, but lying: declared as 1 KB uncompressed, so only unpacking reveals it. */
export function lyingZipBomb(): Buffer {
  return handmadeZip([
    ...WORKBOOK_PARTS,
    { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(50 * 1024 * 1024), claimed: 1024 },
  ])
}

/** 60 000 tiny entries (below the 65 535 of a zip without zip64 records). */
export function manyEntriesZip(count = 60_000): Buffer {
  return handmadeZip(
    Array.from({ length: count }, (_, i) => ({ name: `x${i}`, data: Buffer.alloc(0), stored: true })),
  )
}
