import { fieldErrorsOf } from '../field-errors.ts'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  CREATE_FIELD_NAMES,
  CREATE_FIELDS,
  createField,
  createSvnSchema,
  defaultReferenz,
  emptyCreateValues,
  isFieldRequired,
  isLanguageDefaultReferenz,
  referenzNeedsDefault,
  svnToCreateValues,
  valueAt,
  valuesFrom,
  type CreateFieldName,
  type CreateSvnValues,
} from './create.ts'
import { addDays } from './dates.ts'
import { stemCheckDigit, withCheckDigit } from './stem-number.ts'
import type { Svn } from './types.ts'

const TODAY = '2025-06-15'
const schema = createSvnSchema({ today: TODAY, canWikC: false })
const wikCSchema = createSvnSchema({ today: TODAY, canWikC: true })

/** A complete valid form as a clerk types it. 123456786 is a valid Stammnummer. */
function valid(): CreateSvnValues {
  return {
    halter: {
      person: {
        personenTyp: 'NATUERLICH',
        name: 'Muster',
        geburtsname: '',
        vorname: 'Anna',
        geburtsdatum: '14.03.1980',
        heimatstaat: 'CH',
      },
      adresse: { strasse: 'Seestrasse 1', plz: '8002', ort: 'Zürich', staat: 'CH', coKontakt: '' },
    },
    schiff: { stammNr: '123.456.786', schaleNr: '', art: '3', markeTyp: 'Boesch 620' },
    schild: { kanton: 'ZH', schildNr: '12345' },
    kontakt: {
      name: 'Anna Muster',
      strasse: 'Seestrasse 1',
      plz: '8002',
      ort: 'Zürich',
      staat: 'CH',
      telefon: '044 123 45 67',
      fax: '',
      email: 'anna@example.ch',
    },
    versicherungsdaten: {
      referenz: 'ALP-SCH-12 / ALP',
      ivGrund: '57',
      gueltigAb: '01.06.2025',
      besVerwendung: '0',
    },
    wikCGueltigAb: '',
  }
}

/** valid() with some fields replaced (by dotted name). */
function withValues(changes: Partial<Record<CreateFieldName, string>>): CreateSvnValues {
  const base = valid()
  return valuesFrom((name) => (name in changes ? changes[name] : valueAt(base, name)))
}

function errorsOf(values: unknown, s = schema): Record<string, string[]> {
  const result = s.safeParse(values)
  return result.success ? {} : fieldErrorsOf(result.error)
}

describe('create schema: a complete form', () => {
  it('parses to typed values ready to store', () => {
    expect(schema.parse(valid())).toEqual({
      halter: {
        person: {
          personenTyp: 'NATUERLICH',
          name: 'Muster',
          geburtsname: null,
          vorname: 'Anna',
          geburtsdatum: '1980-03-14',
          heimatstaat: 'CH',
        },
        adresse: { strasse: 'Seestrasse 1', plz: '8002', ort: 'Zürich', staat: 'CH', coKontakt: null },
      },
      schiff: { stammNr: 123456786, schaleNr: null, art: 3, markeTyp: 'Boesch 620' },
      schild: { kanton: 'ZH', schildNr: 12345 },
      kontakt: {
        name: 'Anna Muster',
        strasse: 'Seestrasse 1',
        plz: '8002',
        ort: 'Zürich',
        staat: 'CH',
        telefon: '0441234567',
        fax: null,
        email: 'anna@example.ch',
      },
      versicherungsdaten: {
        referenz: 'ALP-SCH-12 / ALP',
        ivGrund: 57,
        gueltigAb: '2025-06-01',
        besVerwendung: 0,
      },
      wikCGueltigAb: null,
    })
  })

  it('drops fields the caller may not set (gsCode, maklerNr, benutzer)', () => {
    const posted = {
      ...valid(),
      gsCode: '9999',
      versicherungsdaten: { ...valid().versicherungsdaten, maklerNr: '666', gscode: '9999', benutzer: 'x' },
    }
    const out = schema.parse(posted)
    expect(out).not.toHaveProperty('gsCode')
    expect(out.versicherungsdaten).toEqual({
      referenz: 'ALP-SCH-12 / ALP',
      ivGrund: 57,
      gueltigAb: '2025-06-01',
      besVerwendung: 0,
    })
  })

  it('trims text, and reads numbers as a spreadsheet cell gives them', () => {
    const values = valid() as unknown as Record<string, Record<string, unknown>>
    ;(values.schild as Record<string, unknown>).schildNr = 12345
    ;(values.versicherungsdaten as Record<string, unknown>).ivGrund = 57
    ;(values.kontakt as Record<string, unknown>).name = '  Anna Muster  '
    const out = schema.parse(values)
    expect(out.schild.schildNr).toBe(12345)
    expect(out.versicherungsdaten.ivGrund).toBe(57)
    expect(out.kontakt.name).toBe('Anna Muster')
  })

  it('reports every missing required field at once, keyed by dotted path, in screen order', () => {
    const errors = errorsOf(emptyCreateValues())
    expect(Object.keys(errors)).toEqual([
      'halter.person.personenTyp',
      'halter.person.name',
      'halter.adresse.strasse',
      'halter.adresse.plz',
      'halter.adresse.ort',
      'schiff.stammNr',
      'schiff.schaleNr',
      'schiff.art',
      'schiff.markeTyp',
      'kontakt.name',
      'kontakt.strasse',
      'kontakt.plz',
      'kontakt.ort',
      'schild.kanton',
      'versicherungsdaten.referenz',
      'versicherungsdaten.ivGrund',
      'versicherungsdaten.gueltigAb',
    ])
    // Missing sections and keys are "not given" too, not a type error.
    expect(errorsOf({})).toEqual(errors)
    expect(errorsOf('nonsense')).toEqual({ _: ['validation.invalid'] })
  })

  it('never throws and names only form fields, whatever JSON arrives', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (json) => {
        const result = schema.safeParse(json)
        if (!result.success) {
          for (const key of Object.keys(fieldErrorsOf(result.error))) {
            expect([
              '_',
              ...CREATE_FIELD_NAMES,
              'halter',
              'halter.person',
              'halter.adresse',
              'schiff',
              'schild',
              'kontakt',
              'versicherungsdaten',
            ]).toContain(key)
          }
        }
      }),
    )
  })
})

/**
 * Spec §5 rule table: one failing and one passing example per rule. Each row names the rule as the
 * final note of issue 4 lists it.
 */
const RULES: {
  rule: string
  fail: Partial<Record<CreateFieldName, string>>
  field: CreateFieldName
  message: string
  pass: Partial<Record<CreateFieldName, string>>
}[] = [
  {
    rule: 'personenTyp required',
    fail: { 'halter.person.personenTyp': '' },
    field: 'halter.person.personenTyp',
    message: 'validation.required',
    pass: { 'halter.person.personenTyp': 'JURISTISCH' },
  },
  {
    rule: 'personenTyp from the enumeration',
    fail: { 'halter.person.personenTyp': 'ROBOTER' },
    field: 'halter.person.personenTyp',
    message: 'validation.invalidOption',
    pass: { 'halter.person.personenTyp': 'NATUERLICH' },
  },
  {
    rule: 'halter name required',
    fail: { 'halter.person.name': ' ' },
    field: 'halter.person.name',
    message: 'validation.required',
    pass: { 'halter.person.name': 'M' },
  },
  {
    rule: 'halter name max 30',
    fail: { 'halter.person.name': 'x'.repeat(31) },
    field: 'halter.person.name',
    message: 'validation.maxLength',
    pass: { 'halter.person.name': 'x'.repeat(30) },
  },
  {
    rule: 'geburtsname max 30',
    fail: { 'halter.person.geburtsname': 'x'.repeat(31) },
    field: 'halter.person.geburtsname',
    message: 'validation.maxLength',
    pass: { 'halter.person.geburtsname': 'x'.repeat(30) },
  },
  {
    rule: 'vorname max 30',
    fail: { 'halter.person.vorname': 'x'.repeat(31) },
    field: 'halter.person.vorname',
    message: 'validation.maxLength',
    pass: { 'halter.person.vorname': 'x'.repeat(30) },
  },
  {
    rule: 'vorname required when NATUERLICH',
    fail: { 'halter.person.vorname': '' },
    field: 'halter.person.vorname',
    message: 'validation.required',
    pass: { 'halter.person.vorname': '', 'halter.person.personenTyp': 'JURISTISCH' },
  },
  {
    rule: 'geburtsdatum required when NATUERLICH',
    fail: { 'halter.person.geburtsdatum': '' },
    field: 'halter.person.geburtsdatum',
    message: 'validation.required',
    pass: { 'halter.person.geburtsdatum': '', 'halter.person.personenTyp': 'JURISTISCH' },
  },
  {
    rule: 'geburtsdatum date format',
    fail: { 'halter.person.geburtsdatum': 'Feb. 1980' },
    field: 'halter.person.geburtsdatum',
    message: 'validation.dateFormat',
    pass: { 'halter.person.geburtsdatum': '1980-02-29' },
  },
  {
    rule: 'geburtsdatum a day that exists',
    fail: { 'halter.person.geburtsdatum': '31.02.1980' },
    field: 'halter.person.geburtsdatum',
    message: 'validation.dateNotReal',
    pass: { 'halter.person.geburtsdatum': '29.02.1980' },
  },
  {
    rule: 'geburtsdatum not after today',
    fail: { 'halter.person.geburtsdatum': '16.06.2025' },
    field: 'halter.person.geburtsdatum',
    message: 'validation.dateInFuture',
    pass: { 'halter.person.geburtsdatum': '15.06.2025' },
  },
  {
    rule: 'heimatstaat max 4',
    fail: { 'halter.person.heimatstaat': 'SCHWZ' },
    field: 'halter.person.heimatstaat',
    message: 'validation.maxLength',
    pass: { 'halter.person.heimatstaat': 'SUI' },
  },
  {
    rule: 'adresse strasse required',
    fail: { 'halter.adresse.strasse': '' },
    field: 'halter.adresse.strasse',
    message: 'validation.required',
    pass: { 'halter.adresse.strasse': 'Weg 2' },
  },
  {
    rule: 'adresse strasse max 30',
    fail: { 'halter.adresse.strasse': 'x'.repeat(31) },
    field: 'halter.adresse.strasse',
    message: 'validation.maxLength',
    pass: { 'halter.adresse.strasse': 'x'.repeat(30) },
  },
  {
    rule: 'adresse plz required',
    fail: { 'halter.adresse.plz': '' },
    field: 'halter.adresse.plz',
    message: 'validation.required',
    pass: { 'halter.adresse.plz': '3000' },
  },
  {
    rule: 'adresse plz min 4',
    fail: { 'halter.adresse.plz': '800' },
    field: 'halter.adresse.plz',
    message: 'validation.minLength',
    pass: { 'halter.adresse.plz': '8000' },
  },
  {
    rule: 'adresse plz max 7',
    fail: { 'halter.adresse.plz': 'D-123456' },
    field: 'halter.adresse.plz',
    message: 'validation.maxLength',
    pass: { 'halter.adresse.plz': 'D-12345', 'halter.adresse.staat': 'DE' },
  },
  {
    rule: 'adresse plz four digits in Switzerland (also when no country is given)',
    fail: { 'halter.adresse.plz': '80O1' },
    field: 'halter.adresse.plz',
    message: 'validation.swissPostcode',
    pass: { 'halter.adresse.plz': 'SW1A1AA', 'halter.adresse.staat': 'GB' },
  },
  {
    rule: 'adresse ort required',
    fail: { 'halter.adresse.ort': '' },
    field: 'halter.adresse.ort',
    message: 'validation.required',
    pass: { 'halter.adresse.ort': 'Bern' },
  },
  {
    rule: 'adresse ort max 30',
    fail: { 'halter.adresse.ort': 'x'.repeat(31) },
    field: 'halter.adresse.ort',
    message: 'validation.maxLength',
    pass: { 'halter.adresse.ort': 'x'.repeat(30) },
  },
  {
    rule: 'adresse staat max 4',
    fail: { 'halter.adresse.staat': 'SCHWZ' },
    field: 'halter.adresse.staat',
    message: 'validation.maxLength',
    pass: { 'halter.adresse.staat': '' },
  },
  {
    rule: 'adresse coKontakt max 30',
    fail: { 'halter.adresse.coKontakt': 'x'.repeat(31) },
    field: 'halter.adresse.coKontakt',
    message: 'validation.maxLength',
    pass: { 'halter.adresse.coKontakt': 'c/o Muster' },
  },
  {
    rule: 'stammNr hull rule (check digit)',
    fail: { 'schiff.stammNr': '123456787' },
    field: 'schiff.stammNr',
    message: 'validation.stemNumber',
    pass: { 'schiff.stammNr': '123456786' },
  },
  {
    rule: 'stammNr hull rule (9 to 12 digits)',
    fail: { 'schiff.stammNr': '123456' },
    field: 'schiff.stammNr',
    message: 'validation.stemNumber',
    pass: { 'schiff.stammNr': withCheckDigit('12345678901') },
  },
  {
    rule: 'stammNr of 7 or 8 digits padded with zeros to 9',
    fail: { 'schiff.stammNr': '1234568' },
    field: 'schiff.stammNr',
    message: 'validation.stemNumber',
    pass: { 'schiff.stammNr': withCheckDigit('123456') },
  },
  {
    rule: 'stamm-or-schale: neither given',
    fail: { 'schiff.stammNr': '', 'schiff.schaleNr': '' },
    field: 'schiff.schaleNr',
    message: 'validation.stammOrSchale',
    pass: { 'schiff.stammNr': '', 'schiff.schaleNr': 'CH-BOE-1234' },
  },
  {
    rule: 'stamm-or-schale: schale given, stamm still uses the hull rule',
    fail: { 'schiff.stammNr': '111', 'schiff.schaleNr': 'CH-1' },
    field: 'schiff.stammNr',
    message: 'validation.stemNumber',
    pass: { 'schiff.stammNr': '123456786', 'schiff.schaleNr': 'CH-1' },
  },
  {
    rule: 'schaleNr max 28',
    fail: { 'schiff.schaleNr': 'x'.repeat(29) },
    field: 'schiff.schaleNr',
    message: 'validation.maxLength',
    pass: { 'schiff.schaleNr': 'x'.repeat(28) },
  },
  {
    rule: 'art required',
    fail: { 'schiff.art': '' },
    field: 'schiff.art',
    message: 'validation.required',
    pass: { 'schiff.art': '7' },
  },
  {
    rule: 'art from the enumeration',
    fail: { 'schiff.art': '8' },
    field: 'schiff.art',
    message: 'validation.invalidOption',
    pass: { 'schiff.art': '1' },
  },
  {
    rule: 'markeTyp required',
    fail: { 'schiff.markeTyp': '' },
    field: 'schiff.markeTyp',
    message: 'validation.required',
    pass: { 'schiff.markeTyp': 'Bavaria' },
  },
  {
    rule: 'markeTyp max 60',
    fail: { 'schiff.markeTyp': 'x'.repeat(61) },
    field: 'schiff.markeTyp',
    message: 'validation.maxLength',
    pass: { 'schiff.markeTyp': 'x'.repeat(60) },
  },
  {
    rule: 'collective permit: boat data not required',
    fail: {
      'schiff.art': '',
      'schiff.markeTyp': '',
      'schiff.stammNr': '',
      'versicherungsdaten.besVerwendung': '2',
    },
    field: 'schiff.art',
    message: 'validation.required',
    pass: {
      'schiff.art': '',
      'schiff.markeTyp': '',
      'schiff.stammNr': '',
      'versicherungsdaten.besVerwendung': '3',
    },
  },
  {
    rule: 'collective permit: stammNr keeps its hull rule',
    fail: { 'schiff.stammNr': '123456787', 'versicherungsdaten.besVerwendung': '3' },
    field: 'schiff.stammNr',
    message: 'validation.stemNumber',
    pass: { 'schiff.stammNr': '123456786', 'versicherungsdaten.besVerwendung': '3' },
  },
  {
    rule: 'besVerwendung from the enumeration',
    fail: { 'versicherungsdaten.besVerwendung': '5' },
    field: 'versicherungsdaten.besVerwendung',
    message: 'validation.invalidOption',
    pass: { 'versicherungsdaten.besVerwendung': '4' },
  },
  {
    rule: 'kanton required',
    fail: { 'schild.kanton': '' },
    field: 'schild.kanton',
    message: 'validation.required',
    pass: { 'schild.kanton': 'FL' },
  },
  {
    rule: 'kanton from the canton list',
    fail: { 'schild.kanton': 'XX' },
    field: 'schild.kanton',
    message: 'validation.invalidOption',
    pass: { 'schild.kanton': 'GE' },
  },
  {
    rule: 'schildNr positive integer without leading zero',
    fail: { 'schild.schildNr': '0123' },
    field: 'schild.schildNr',
    message: 'validation.schildNummerDigits',
    pass: { 'schild.schildNr': '123' },
  },
  {
    rule: 'schildNr not zero, not negative, digits only',
    fail: { 'schild.schildNr': '-5' },
    field: 'schild.schildNr',
    message: 'validation.schildNummerDigits',
    pass: { 'schild.schildNr': '5' },
  },
  {
    rule: 'schildNr at most 12 digits',
    fail: { 'schild.schildNr': '1234567890123' },
    field: 'schild.schildNr',
    message: 'validation.maxLength',
    pass: { 'schild.schildNr': '123456789012' },
  },
  {
    rule: 'kontakt name required',
    fail: { 'kontakt.name': '' },
    field: 'kontakt.name',
    message: 'validation.required',
    pass: { 'kontakt.name': 'A' },
  },
  {
    rule: 'kontakt name max 100',
    fail: { 'kontakt.name': 'x'.repeat(101) },
    field: 'kontakt.name',
    message: 'validation.maxLength',
    pass: { 'kontakt.name': 'x'.repeat(100) },
  },
  {
    rule: 'kontakt strasse required',
    fail: { 'kontakt.strasse': '' },
    field: 'kontakt.strasse',
    message: 'validation.required',
    pass: { 'kontakt.strasse': 'Weg 1' },
  },
  {
    rule: 'kontakt strasse max 100',
    fail: { 'kontakt.strasse': 'x'.repeat(101) },
    field: 'kontakt.strasse',
    message: 'validation.maxLength',
    pass: { 'kontakt.strasse': 'x'.repeat(100) },
  },
  {
    rule: 'kontakt ort required',
    fail: { 'kontakt.ort': '' },
    field: 'kontakt.ort',
    message: 'validation.required',
    pass: { 'kontakt.ort': 'Thun' },
  },
  {
    rule: 'kontakt ort max 100',
    fail: { 'kontakt.ort': 'x'.repeat(101) },
    field: 'kontakt.ort',
    message: 'validation.maxLength',
    pass: { 'kontakt.ort': 'x'.repeat(100) },
  },
  {
    rule: 'kontakt plz required',
    fail: { 'kontakt.plz': '' },
    field: 'kontakt.plz',
    message: 'validation.required',
    pass: { 'kontakt.plz': '3600' },
  },
  {
    rule: 'kontakt plz min 4',
    fail: { 'kontakt.plz': '360' },
    field: 'kontakt.plz',
    message: 'validation.minLength',
    pass: { 'kontakt.plz': '3600' },
  },
  {
    rule: 'kontakt plz max 7',
    fail: { 'kontakt.plz': '12345678' },
    field: 'kontakt.plz',
    message: 'validation.maxLength',
    pass: { 'kontakt.plz': '1234567', 'kontakt.staat': 'NL' },
  },
  {
    rule: 'kontakt plz four digits in Switzerland and Liechtenstein',
    fail: { 'kontakt.plz': 'FL-9490', 'kontakt.staat': 'LI' },
    field: 'kontakt.plz',
    message: 'validation.swissPostcode',
    pass: { 'kontakt.plz': '9490', 'kontakt.staat': 'li' },
  },
  {
    rule: 'kontakt staat max 4',
    fail: { 'kontakt.staat': 'SCHWZ' },
    field: 'kontakt.staat',
    message: 'validation.maxLength',
    pass: { 'kontakt.staat': 'FL' },
  },
  {
    rule: 'kontakt telefon max 100 (after stripping spaces)',
    fail: { 'kontakt.telefon': '1'.repeat(101) },
    field: 'kontakt.telefon',
    message: 'validation.maxLength',
    pass: { 'kontakt.telefon': '1 '.repeat(100) },
  },
  {
    rule: 'kontakt telefon digits and the usual separators',
    fail: { 'kontakt.telefon': 'bitte anrufen' },
    field: 'kontakt.telefon',
    message: 'validation.phone',
    pass: { 'kontakt.telefon': '+41 (0)44 123-45-67' },
  },
  {
    rule: 'kontakt fax max 100',
    fail: { 'kontakt.fax': 'x'.repeat(101) },
    field: 'kontakt.fax',
    message: 'validation.maxLength',
    pass: { 'kontakt.fax': '044 123 45 68' },
  },
  {
    rule: 'kontakt fax digits and the usual separators',
    fail: { 'kontakt.fax': 'keins' },
    field: 'kontakt.fax',
    message: 'validation.phone',
    pass: { 'kontakt.fax': '044/123.45.68' },
  },
  {
    rule: 'kontakt email max 100',
    fail: { 'kontakt.email': `${'x'.repeat(96)}@x.ch` },
    field: 'kontakt.email',
    message: 'validation.maxLength',
    pass: { 'kontakt.email': `${'x'.repeat(95)}@x.ch` },
  },
  {
    rule: 'kontakt email format',
    fail: { 'kontakt.email': 'anna(at)example.ch' },
    field: 'kontakt.email',
    message: 'validation.email',
    pass: { 'kontakt.email': '' },
  },
  {
    rule: 'referenz required',
    fail: { 'versicherungsdaten.referenz': '' },
    field: 'versicherungsdaten.referenz',
    message: 'validation.required',
    pass: { 'versicherungsdaten.referenz': 'R' },
  },
  {
    rule: 'referenz max 64',
    fail: { 'versicherungsdaten.referenz': 'x'.repeat(65) },
    field: 'versicherungsdaten.referenz',
    message: 'validation.maxLength',
    pass: { 'versicherungsdaten.referenz': 'x'.repeat(64) },
  },
  {
    rule: 'ivGrund required',
    fail: { 'versicherungsdaten.ivGrund': '' },
    field: 'versicherungsdaten.ivGrund',
    message: 'validation.required',
    pass: { 'versicherungsdaten.ivGrund': '50' },
  },
  {
    rule: 'ivGrund from the enumeration',
    fail: { 'versicherungsdaten.ivGrund': '51' },
    field: 'versicherungsdaten.ivGrund',
    message: 'validation.invalidOption',
    pass: { 'versicherungsdaten.ivGrund': '59' },
  },
  {
    rule: 'gueltigAb required',
    fail: { 'versicherungsdaten.gueltigAb': '' },
    field: 'versicherungsdaten.gueltigAb',
    message: 'validation.required',
    pass: { 'versicherungsdaten.gueltigAb': '15062025' },
  },
  {
    rule: 'gueltigAb date format',
    fail: { 'versicherungsdaten.gueltigAb': '2025/06/01' },
    field: 'versicherungsdaten.gueltigAb',
    message: 'validation.dateFormat',
    pass: { 'versicherungsdaten.gueltigAb': '2025-06-01' },
  },
  {
    rule: 'gueltigAb at most 30 days back',
    fail: { 'versicherungsdaten.gueltigAb': '15.05.2025' },
    field: 'versicherungsdaten.gueltigAb',
    message: 'validation.dateOlderThan',
    pass: { 'versicherungsdaten.gueltigAb': '16.5.2025' },
  },
]

describe('create schema: spec §5 rules, one failing and one passing example each', () => {
  it.each(RULES)('$rule', ({ fail, field, message, pass }) => {
    expect(errorsOf(withValues(fail))[field]).toEqual([message])
    expect(errorsOf(withValues(pass))).toEqual({})
  })

  it('carries the caps and the 30 days as params for the translation', () => {
    const result = schema.safeParse(
      withValues({
        'halter.person.name': 'x'.repeat(31),
        'kontakt.plz': '12',
        'versicherungsdaten.gueltigAb': '2020-01-01',
      }),
    )
    expect(result.success).toBe(false)
    const params = Object.fromEntries(
      (result.error?.issues ?? []).map((i) => [i.path.join('.'), (i as { params?: unknown }).params]),
    )
    expect(params['halter.person.name']).toEqual({ max: 30 })
    expect(params['kontakt.plz']).toEqual({ min: 4 })
    expect(params['versicherungsdaten.gueltigAb']).toEqual({ days: 30 })
  })

  it('stamm-or-schale: neither given marks both fields', () => {
    const errors = errorsOf(withValues({ 'schiff.stammNr': '', 'schiff.schaleNr': '' }))
    expect(errors['schiff.stammNr']).toEqual(['validation.stammOrSchale'])
    expect(errors['schiff.schaleNr']).toEqual(['validation.stammOrSchale'])
  })

  it('collective permit: boat data is sent as null even when typed', () => {
    const out = schema.parse(
      withValues({ 'versicherungsdaten.besVerwendung': '3', 'schiff.schaleNr': 'CH-1' }),
    )
    expect(out.schiff).toEqual({ stammNr: null, schaleNr: null, art: null, markeTyp: null })
    expect(out.versicherungsdaten.besVerwendung).toBe(3)
  })

  it('an empty special use means none (0)', () => {
    expect(
      schema.parse(withValues({ 'versicherungsdaten.besVerwendung': '' })).versicherungsdaten.besVerwendung,
    ).toBe(0)
  })

  it('schildNr: empty is sent as null', () => {
    expect(schema.parse(withValues({ 'schild.schildNr': '' })).schild.schildNr).toBeNull()
  })

  it('strips spaces from the phone number', () => {
    expect(schema.parse(withValues({ 'kontakt.telefon': ' +41 44 123 45 67 ' })).kontakt.telefon).toBe(
      '+41441234567',
    )
  })

  it('reads every typed date form', () => {
    for (const typed of ['01.06.2025', '1.6.2025', '01062025', '2025-06-01']) {
      expect(
        schema.parse(withValues({ 'versicherungsdaten.gueltigAb': typed })).versicherungsdaten.gueltigAb,
      ).toBe('2025-06-01')
    }
  })

  it('wikCGueltigAb: date format rule for a caller with SVN_ERSTELLEN_WIK_C', () => {
    expect(errorsOf(withValues({ wikCGueltigAb: '32.01.2025' }), wikCSchema)).toEqual({
      wikCGueltigAb: ['validation.dateFormat'],
    })
    expect(wikCSchema.parse(withValues({ wikCGueltigAb: '01.01.2024' })).wikCGueltigAb).toBe('2024-01-01')
    expect(wikCSchema.parse(withValues({ wikCGueltigAb: '' })).wikCGueltigAb).toBeNull()
  })

  it('wikCGueltigAb: ignored (null, no error) for a caller without SVN_ERSTELLEN_WIK_C', () => {
    expect(schema.parse(withValues({ wikCGueltigAb: '01.01.2024' })).wikCGueltigAb).toBeNull()
    expect(errorsOf(withValues({ wikCGueltigAb: 'garbage' }))).toEqual({})
  })
})

describe('create schema: properties', () => {
  const body = fc.stringMatching(/^\d{8,11}$/)

  it('every generated valid Stammnummer passes, with or without separators', () => {
    fc.assert(
      fc.property(body, fc.boolean(), (b, dotted) => {
        const number = withCheckDigit(b)
        const typed = dotted ? number.replace(/\B(?=(\d{3})+$)/g, '.') : number
        expect(schema.parse(withValues({ 'schiff.stammNr': typed })).schiff.stammNr).toBe(Number(number))
      }),
    )
  })

  it('any change to its check digit fails', () => {
    fc.assert(
      fc.property(body, fc.integer({ min: 0, max: 9 }), (b, digit) => {
        fc.pre(digit !== stemCheckDigit(b))
        expect(errorsOf(withValues({ 'schiff.stammNr': b + String(digit) }))['schiff.stammNr']).toEqual([
          'validation.stemNumber',
        ])
      }),
    )
  })

  it('7 or 8 digits are read as the same number padded with zeros to 9', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9]\d{5,6}$/), (b) => {
        const short = withCheckDigit(b)
        const padded = short.padStart(9, '0')
        // Valid exactly when the padded number is (leading zeros weigh nothing).
        expect(schema.parse(withValues({ 'schiff.stammNr': short })).schiff.stammNr).toBe(Number(padded))
      }),
    )
  })

  it('gueltigAb passes exactly when it is at most 30 days before today', () => {
    fc.assert(
      fc.property(fc.integer({ min: -400, max: 400 }), (offset) => {
        const errors = errorsOf(withValues({ 'versicherungsdaten.gueltigAb': addDays(TODAY, offset) }))
        if (offset >= -30) expect(errors).toEqual({})
        else expect(errors['versicherungsdaten.gueltigAb']).toEqual(['validation.dateOlderThan'])
      }),
    )
  })

  it('"today" is a parameter: the same date is fine today and too old 31 days later', () => {
    const values = withValues({ 'versicherungsdaten.gueltigAb': TODAY })
    expect(createSvnSchema({ today: TODAY, canWikC: false }).safeParse(values).success).toBe(true)
    expect(createSvnSchema({ today: addDays(TODAY, 31), canWikC: false }).safeParse(values).success).toBe(
      false,
    )
  })

  it('schildNr: digit strings pass exactly when they have no leading zero', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,12}$/), (digits) => {
        const errors = errorsOf(withValues({ 'schild.schildNr': digits }))
        if (digits.startsWith('0'))
          expect(errors['schild.schildNr']).toEqual(['validation.schildNummerDigits'])
        else expect(errors).toEqual({})
      }),
    )
  })
})

describe('field list', () => {
  it('lists every field once, in the order of CREATE_FIELD_NAMES', () => {
    expect(CREATE_FIELDS.map((f) => f.name)).toEqual([...CREATE_FIELD_NAMES])
  })

  it('holds the caps the schema enforces', () => {
    for (const field of CREATE_FIELDS) {
      if (field.maxLength === undefined || field.name === 'schiff.stammNr') continue
      const tooLong =
        field.name === 'schild.schildNr' ? '9'.repeat(field.maxLength + 1) : 'x'.repeat(field.maxLength + 1)
      expect(errorsOf(withValues({ [field.name]: tooLong }))[field.name], field.name).toEqual([
        'validation.maxLength',
      ])
    }
  })

  it('required flags follow the values', () => {
    const natural = valid()
    const legal = withValues({ 'halter.person.personenTyp': 'JURISTISCH' })
    expect(isFieldRequired(createField('halter.person.vorname'), natural)).toBe(true)
    expect(isFieldRequired(createField('halter.person.vorname'), legal)).toBe(false)
    expect(isFieldRequired(createField('schiff.art'), natural)).toBe(true)
    expect(
      isFieldRequired(createField('schiff.art'), withValues({ 'versicherungsdaten.besVerwendung': '3' })),
    ).toBe(false)
    const neither = withValues({ 'schiff.stammNr': '', 'schiff.schaleNr': '' })
    expect(isFieldRequired(createField('schiff.schaleNr'), neither)).toBe(true)
    expect(isFieldRequired(createField('schiff.schaleNr'), natural)).toBe(false)
    expect(isFieldRequired(createField('halter.person.name'), {})).toBe(true)
    expect(isFieldRequired(createField('kontakt.fax'), {})).toBe(false)
  })

  it('every required-always field is reported missing on an empty form', () => {
    const errors = errorsOf(emptyCreateValues())
    for (const field of CREATE_FIELDS.filter((f) => f.required === 'always')) {
      expect(errors[field.name], field.name).toBeDefined()
    }
  })
})

describe('reference default (spec §2)', () => {
  it("joins the user's office reference and the insurer's reference", () => {
    expect(defaultReferenz({ oeReferenz: 'ALP-SCH-12', vgReferenz: 'ALP', language: 'de' })).toBe(
      'ALP-SCH-12 / ALP',
    )
    expect(defaultReferenz({ oeReferenz: ' ', vgReferenz: 'ALP', language: 'de' })).toBe('ALP')
    expect(defaultReferenz({ oeReferenz: 'X', vgReferenz: null, language: 'de' })).toBe('X')
  })

  it('falls back to the language default', () => {
    expect(defaultReferenz({ language: 'de' })).toBe('OE-Referenz / VG-Referenz')
    expect(defaultReferenz({ language: 'fr' })).toBe('Référence UO / Référence assureur')
    expect(defaultReferenz({ language: 'it' })).toBe('Referenza UO / Referenza assicuratore')
    expect(defaultReferenz({ language: 'rm' })).toBe('OE-Referenz / VG-Referenz')
    expect(isLanguageDefaultReferenz('Référence UO / Référence assureur')).toBe(true)
    expect(isLanguageDefaultReferenz('ALP-SCH-12 / ALP')).toBe(false)
  })

  it('is refilled when empty or just "/"', () => {
    expect(referenzNeedsDefault('')).toBe(true)
    expect(referenzNeedsDefault(' / ')).toBe(true)
    expect(referenzNeedsDefault(null)).toBe(true)
    expect(referenzNeedsDefault('A / B')).toBe(false)
  })

  it('every language default fits the 64-character cap of the reference', () => {
    for (const language of ['de', 'fr', 'it', 'en']) {
      expect(defaultReferenz({ language }).length).toBeLessThanOrEqual(64)
    }
  })
})

describe('template (svnToCreateValues)', () => {
  const record: Svn = {
    id: 42,
    version: 3,
    status: 'IV',
    halter: {
      person: {
        personenTyp: 'NATUERLICH',
        name: 'Muster',
        geburtsname: 'Beispiel',
        vorname: 'Anna',
        geburtsdatum: '1980-03-14',
        heimatstaat: 'CH',
      },
      adresse: { strasse: 'Seestrasse 1', plz: '8002', ort: 'Zürich', staat: 'CH', coKontakt: null },
    },
    schiff: { stammNr: 1234568, schaleNr: 'CH-1', art: 2, markeTyp: 'Laser' },
    schild: { kanton: 'ZH', schildNr: 777 },
    kontakt: {
      name: 'Anna Muster',
      strasse: 'Seestrasse 1',
      plz: '8002',
      ort: 'Zürich',
      staat: null,
      telefon: '0441234567',
      fax: null,
      email: null,
    },
    versicherungsdaten: {
      referenz: 'ALP',
      ivGrund: 54,
      ivDatum: '2024-01-01',
      avDatum: null,
      avGrund: null,
      gueltigAb: '2024-01-01',
      besVerwendung: 1,
      gscode: '1001',
      maklerNr: null,
      benutzer: 'clerk@alpina.example',
    },
    wikCGueltigAb: '2024-02-01',
    ausweisentzug: null,
    ivMeldung: null,
    avMeldung: null,
  }

  it('pre-fills from the record with valid-from (and WIK-C valid-from) cleared', () => {
    const values = svnToCreateValues(record)
    expect(values.versicherungsdaten.gueltigAb).toBe('')
    expect(values.wikCGueltigAb).toBe('')
    expect(values.halter.person.geburtsdatum).toBe('14.03.1980')
    expect(values.schiff.stammNr).toBe('001234568')
    expect(values.schild.schildNr).toBe('777')
    expect(values.versicherungsdaten.besVerwendung).toBe('1')
    expect(values.halter.adresse.coKontakt).toBe('')
  })

  it('gives back the same record once a valid-from is filled in', () => {
    const values = svnToCreateValues({ ...record, schiff: { ...record.schiff, stammNr: 123456786 } })
    values.versicherungsdaten.gueltigAb = '15.06.2025'
    const out = schema.parse(values)
    expect(out.halter).toEqual(record.halter)
    expect(out.schiff).toEqual({ ...record.schiff, stammNr: 123456786 })
    expect(out.schild).toEqual(record.schild)
    expect(out.kontakt).toEqual(record.kontakt)
    expect(out.versicherungsdaten).toEqual({
      referenz: 'ALP',
      ivGrund: 54,
      gueltigAb: '2025-06-15',
      besVerwendung: 1,
    })
  })
})
