import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import { valueAt } from '../../domain/svn/create.ts'
import de from '../locales/de.json'
import {
  freshValues,
  newFormToken,
  postedValues,
  referenzDefaultOf,
  translateRegisterErrors,
  type CreateSelf,
} from './svn-create.server.ts'

const self: CreateSelf = {
  id: 2,
  vorname: 'Lukas',
  nachname: 'Brunner',
  strasse: 'Bahnhofstrasse 45',
  plz: '8001',
  ort: 'Zürich',
  staat: 'CH',
  telefon: '+41 44 215 30 42',
  fax: null,
  email: 'clerk@alpina.example',
  oeReferenz: 'ALP-SCH-12',
  maklerNummer: null,
  versicherungsgesellschaft: { gsCode: '1001', name: 'Alpina Versicherungen', vgReferenz: 'ALP' },
}

async function german() {
  const i18n = i18next.createInstance()
  await i18n.init({ lng: 'de', resources: { de: { translation: de } } })
  return i18n.t
}

describe('svn create, server side', () => {
  it('starts a form with the user as contact, the reference default and special use none', () => {
    const values = freshValues(self, referenzDefaultOf(self, 'de'))
    expect(values.kontakt).toEqual({
      name: 'Lukas Brunner',
      strasse: 'Bahnhofstrasse 45',
      plz: '8001',
      ort: 'Zürich',
      staat: 'CH',
      telefon: '+41 44 215 30 42',
      fax: '',
      email: 'clerk@alpina.example',
    })
    expect(values.versicherungsdaten.referenz).toBe('ALP-SCH-12 / ALP')
    expect(values.versicherungsdaten.besVerwendung).toBe('0')
    expect(values.halter.person.name).toBe('')
  })

  it('falls back to the language default reference without office or insurer reference', () => {
    const bare = { ...self, oeReferenz: null, versicherungsgesellschaft: { gsCode: '1', name: 'X' } }
    expect(referenzDefaultOf(bare, 'de')).toBe('OE-Referenz / VG-Referenz')
    expect(referenzDefaultOf(bare, 'fr')).toBe('Référence UO / Référence assureur')
  })

  it('reads the posted form by dotted names only; read-only values are not taken', () => {
    const form = new FormData()
    form.set('halter.person.name', 'Muster')
    form.set('schild.kanton', 'ZH')
    form.set('versicherungsdaten.gscode', '9999')
    form.set('gscode', '9999')
    const values = postedValues(form)
    expect(valueAt(values, 'halter.person.name')).toBe('Muster')
    expect(valueAt(values, 'schild.kanton')).toBe('ZH')
    expect(JSON.stringify(values)).not.toContain('9999')
  })

  it('translates the register field errors with the caps of the field list', async () => {
    const t = await german()
    const errors = translateRegisterErrors(t, {
      'halter.person.name': ['validation.maxLength'],
      'halter.adresse.plz': ['validation.minLength'],
      'versicherungsdaten.gueltigAb': ['validation.dateOlderThan'],
      'schild.kanton': ['something odd'],
      formToken: ['validation.required'],
    })
    expect(errors).toEqual({
      'halter.person.name': 'Höchstens 30 Zeichen.',
      'halter.adresse.plz': 'Mindestens 4 Zeichen.',
      'versicherungsdaten.gueltigAb': 'Das Datum darf höchstens 30 Tage zurückliegen.',
      'schild.kanton': 'Ungültige Eingabe.',
      _form: de.svnCreate.errors.rejected,
    })
  })

  it('makes a new one-time token per form', () => {
    expect(newFormToken()).not.toBe(newFormToken())
    expect(newFormToken()).toMatch(/^[0-9a-f-]{36}$/)
  })
})
