import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { FILE_TYPES } from '../../domain/files/types.ts'
import type { svn, svnNotifications } from '../../db/schema/svn.ts'
import { CSV_BOM } from './csv.ts'
import { csvHeader, csvRecord, xmlFooter, xmlHeader, xmlRecord, xsdOf, type Layout } from './layout.ts'
import {
  AE_LAYOUT,
  IVAV_LAYOUT,
  LAYOUTS,
  MAX_MOTORS,
  SVN_LAYOUT,
  XSD_DOCUMENTATION,
  type AeRecord,
} from './layouts.ts'
import { parseCsv, validateXml, xpath, xsdPath } from './testing.ts'

const NASTY = 'Müller & Söhne <AG> "x" \'y\' ]]> \u0001\r\n\tend 🚤'
const FORMULA = '=HYPERLINK("http://evil.example")'

function svnRow(overrides: Partial<typeof svn.$inferSelect> = {}): typeof svn.$inferSelect {
  return {
    id: 7,
    version: 2,
    status: 'UNTREATED',
    statusChangedAt: new Date('2026-11-20T23:30:00Z'),
    createdAt: new Date('2026-09-01T10:00:00Z'),
    gsCode: '1001',
    maklerNr: null,
    benutzer: 'clerk@alpina.example',
    createdByUserId: 1,
    personenTyp: 'NATUERLICH',
    name: NASTY,
    geburtsname: null,
    firstName: FORMULA,
    nameFolded: null,
    firstNameFolded: null,
    geburtsdatum: '1970-02-03',
    heimatstaat: 'CH',
    street: 'Seestrasse 1; Hinterhaus',
    zip: '8001',
    place: 'Zürich',
    staat: 'CH',
    coKontakt: null,
    stammNr: 123456789012,
    schaleNr: 'CH-ABC12345D12',
    art: 3,
    markeTyp: 'Boesch 620',
    canton: 'ZH',
    schildNr: 99999,
    kontaktName: '@admin',
    kontaktStrasse: null,
    kontaktPlz: null,
    kontaktOrt: null,
    kontaktStaat: null,
    kontaktTelefon: '+41 44 000 00 00',
    kontaktFax: '-',
    kontaktEmail: 'a@b.example',
    referenz: 'POL-1',
    ivGrund: 57,
    ivDatum: null,
    avDatum: null,
    avGrund: null,
    gueltigAb: '2026-01-01',
    besVerwendung: 0,
    wikCGueltigAb: null,
    applicantAe: null,
    startAe: null,
    fetchedAe: null,
    reservedAe: null,
    rejectedAe: null,
    reasonAe: null,
    ...overrides,
  }
}

const notification: typeof svnNotifications.$inferSelect = {
  id: 11,
  svnId: 7,
  kind: 'AV',
  datum: '2026-11-02',
  grund: 54,
  halter: {
    person: {
      personenTyp: 'JURISTISCH',
      name: NASTY,
      geburtsname: null,
      vorname: null,
      geburtsdatum: null,
      heimatstaat: null,
    },
    adresse: { strasse: 'Quai 2', plz: '1003', ort: 'Lausanne', staat: 'CH', coKontakt: '\tc/o' },
  },
  gsCode: '1002',
  gueltigAb: '2025-04-01',
  besVerwendung: 1,
  schildKanton: 'VD',
  schildNr: 1234,
  erstIv: '2025-04-02',
  stammNr: 100000009,
  schaleNr: null,
  art: 2,
  markeTyp: 'Surprise',
  material: 'GFK',
  laenge: 7.65,
  breite: 2.5,
  anzPersonen: 6,
  ladung: 600,
  typenscheinNr: 'TS-1',
  segelflaeche: 29.25,
  standort: 'Hafen <Ouchy>',
  createdAt: new Date(),
}

const records = {
  SVN: [
    { svn: svnRow(), statusDatum: '2026-11-21' },
    { svn: svnRow({ id: 8, name: null }), statusDatum: '2026-11-21' },
  ],
  AE: [
    {
      svn: svnRow({ status: 'IV', rejectedAe: '2026-10-10', reasonAe: '3', applicantAe: 'Lukas <lb@x>' }),
      statusDatum: '2026-10-10',
      reasonText: { de: 'Falsch & unklar', fr: 'Faux', it: 'Falso' },
    } satisfies AeRecord,
  ],
  IVAV: [
    {
      n: notification,
      referenz: '=1+1',
      maklerNr: '4711',
      motors: Array.from({ length: MAX_MOTORS }, (_, i) => ({
        markeTyp: i === 0 ? 'Yamaha; F40' : null,
        motorNr: String(1000 + i),
        leistung: i === 1 ? null : 29.4,
      })),
    },
    { n: { ...notification, id: 12, kind: 'IV', halter: null }, referenz: null, maklerNr: null, motors: [] },
  ],
}

function xmlOf<R>(layout: Layout<R>, list: R[]): string {
  return (
    xmlHeader(layout, { gsCode: '1001', created: '2026-11-21T13:05:01.000Z' }) +
    list.map((r) => xmlRecord(layout, r)).join('') +
    xmlFooter(layout)
  )
}

describe('committed XSDs', () => {
  it.each(FILE_TYPES)('%s: register/export/*.xsd is what the layout generates', (type) => {
    // Regenerate with: node --import tsx register/export/write-xsd.ts
    expect(readFileSync(xsdPath(type), 'utf8')).toBe(xsdOf(LAYOUTS[type], XSD_DOCUMENTATION[type]))
  })
})

describe('XML', () => {
  it('untreated SVN validates and reads back, markup and control characters included', async () => {
    const xml = xmlOf(SVN_LAYOUT, records.SVN)
    await validateXml('SVN', xml)
    const first = '/*[local-name()="untreatedSvnFile"]/*[local-name()="svn"][1]'
    expect(
      await xpath(
        xml,
        `string(${first}/*[local-name()="halter"]/*[local-name()="person"]/*[local-name()="name"])`,
      ),
    ).toBe(NASTY.replace('\u0001', '\uFFFD'))
    expect(await xpath(xml, `string(${first}/*[local-name()="schiff"]/*[local-name()="stammNr"])`)).toBe(
      '123456789012',
    )
    expect(await xpath(xml, 'count(//*[local-name()="svn"])')).toBe('2')
    // Nulls are left out, not written empty.
    expect(
      await xpath(xml, 'count(//*[local-name()="svn"][2]//*[local-name()="person"]/*[local-name()="name"])'),
    ).toBe('0')
  })

  it('rejected AE validates', async () => {
    await validateXml('AE', xmlOf(AE_LAYOUT, records.AE))
  })

  it('IV/AV with ten motors and a notification without holder validates', async () => {
    const xml = xmlOf(IVAV_LAYOUT, records.IVAV)
    await validateXml('IVAV', xml)
    expect(await xpath(xml, 'count(//*[local-name()="motor"])')).toBe(String(MAX_MOTORS))
  })

  it('an empty file validates', async () => {
    for (const type of FILE_TYPES) await validateXml(type, xmlOf(LAYOUTS[type] as Layout<never>, []))
  })

  // The engine is libxml2 in WebAssembly (ADR 900): each kind of breakage must still fail, with its message.
  it.each([
    ['a value outside the enumeration', '<status>UNTREATED</status>', '<status>NOPE</status>', /NOPE|status/],
    [
      'a wrong element name',
      '<statusDatum>2026-11-21</statusDatum>',
      '<statusDate>2026-11-21</statusDate>',
      /statusDate\b/,
    ],
    ['a missing required element', '<statusDatum>2026-11-21</statusDatum>', '', /statusDatum/],
    [
      'a bad date',
      '<statusDatum>2026-11-21</statusDatum>',
      '<statusDatum>2026-13-40</statusDatum>',
      /2026-13-40/,
    ],
    ['a bad root attribute', 'created="2026-11-21T13:05:01.000Z"', 'created="yesterday"', /yesterday/],
    ['malformed XML', '<halter>', '<halter', /halter|parser error/],
  ])('the XSD catches %s (the check is real)', async (_, from, to, message) => {
    const xml = xmlOf(SVN_LAYOUT, records.SVN)
    expect(xml).toContain(from)
    const broken = xml.replace(from, to)
    expect(broken).not.toBe(xml)
    await expect(validateXml('SVN', broken)).rejects.toThrow(message)
  })
})

describe('CSV', () => {
  it('untreated SVN: header of field paths, cells read back field by field, formulas neutralised', () => {
    const text = CSV_BOM + csvHeader(SVN_LAYOUT) + records.SVN.map((r) => csvRecord(SVN_LAYOUT, r)).join('')
    expect(text.startsWith('\uFEFF')).toBe(true)
    const [header, row] = parseCsv(text.slice(1))
    const cell = (name: string) => row?.[header?.indexOf(name) ?? -1]
    expect(header?.slice(0, 4)).toEqual(['id', 'status', 'statusDatum', 'halter.person.personenTyp'])
    expect(cell('id')).toBe('7')
    expect(cell('halter.person.name')).toBe(NASTY)
    expect(cell('halter.person.vorname')).toBe(`'${FORMULA}`)
    expect(cell('halter.adresse.strasse')).toBe('Seestrasse 1; Hinterhaus')
    expect(cell('kontakt.name')).toBe("'@admin")
    expect(cell('kontakt.telefon')).toBe("'+41 44 000 00 00")
    expect(cell('kontakt.fax')).toBe("'-")
    expect(cell('halter.person.geburtsname')).toBe('')
    expect(cell('schiff.stammNr')).toBe('123456789012')
    expect(cell('halter.person.geburtsdatum')).toBe('1970-02-03')
  })

  it('IV/AV: ten motor column groups, the same number of cells in every row', () => {
    const text = csvHeader(IVAV_LAYOUT) + records.IVAV.map((r) => csvRecord(IVAV_LAYOUT, r)).join('')
    const [header, first, second] = parseCsv(text)
    expect(header).toContain(`schiff.motor.${MAX_MOTORS}.leistung`)
    expect(first).toHaveLength(header?.length ?? 0)
    expect(second).toHaveLength(header?.length ?? 0)
    const cell = (row: string[] | undefined, name: string) => row?.[header?.indexOf(name) ?? -1]
    expect(cell(first, 'schiff.motor.1.markeTyp')).toBe('Yamaha; F40')
    expect(cell(first, 'schiff.motor.2.leistung')).toBe('')
    expect(cell(first, 'schiff.laenge')).toBe('7.65')
    expect(cell(first, 'versicherungsdaten.referenz')).toBe("'=1+1")
    expect(cell(first, 'halter.adresse.coKontakt')).toBe("'\tc/o")
    expect(cell(second, 'halter.person.name')).toBe('')
    expect(cell(second, 'schiff.motor.1.motorNr')).toBe('')
  })
})
