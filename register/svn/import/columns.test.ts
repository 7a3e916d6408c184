import { describe, expect, it } from 'vitest'
import { createField } from '../../../domain/svn/create.ts'
import { classifyHeader, normaliseHeader, readOption } from './columns.ts'
import { cellText, plainCell } from './read-workbook.ts'

describe('headers', () => {
  it('match in any language, by dotted name, ignoring case, blanks and a trailing *', () => {
    expect(classifyHeader('Halter Name')).toEqual({ kind: 'field', name: 'halter.person.name' })
    expect(classifyHeader('  détenteur   NOM *')).toEqual({ kind: 'field', name: 'halter.person.name' })
    expect(classifyHeader('halter.person.name')).toEqual({ kind: 'field', name: 'halter.person.name' })
    expect(classifyHeader('Errore')).toEqual({ kind: 'error' })
    expect(classifyHeader('Bemerkung')).toEqual({ kind: 'unknown' })
    expect(normaliseHeader('A\u00a0 b')).toBe('a b')
  })

  it('match whichever apostrophe was typed (the catalogue writes ’)', () => {
    const heimatstaat = { kind: 'field', name: 'halter.person.heimatstaat' }
    expect(classifyHeader('Détenteur pays d’origine')).toEqual(heimatstaat)
    expect(classifyHeader("Détenteur pays d'origine *")).toEqual(heimatstaat)
  })
})

describe('selection cells', () => {
  it('read the code, a drop-down entry or a label in any language', () => {
    const art = createField('schiff.art')
    expect(readOption(art, '3')).toBe('3')
    expect(readOption(art, '3 – Motorschiff')).toBe('3')
    expect(readOption(art, '3 - Bateau à moteur')).toBe('3')
    expect(readOption(art, 'motorboat')).toBe('motorboat')
    expect(readOption(art, 'Motorschiff')).toBe('3')
    expect(readOption(createField('schild.kanton'), 'zh')).toBe('ZH')
    expect(readOption(createField('halter.person.personenTyp'), 'Persona giuridica')).toBe('JURISTISCH')
    expect(readOption(art, '9 – Raumschiff')).toBe('9 – Raumschiff')
    // A label typed with the keyboard's apostrophe, or with the catalogue's.
    const ivGrund = createField('versicherungsdaten.ivGrund')
    expect(readOption(ivGrund, "Changement d'assureur")).toBe('54')
    expect(readOption(ivGrund, ' changement  d’assureur ')).toBe('54')
    expect(readOption(ivGrund, 'Changement dʼassureur')).toBe('54')
  })
})

describe('cell values', () => {
  it('become the text a form would post', () => {
    expect(cellText(new Date('1980-05-17T00:00:00Z'), 'date')).toBe('17.05.1980')
    expect(cellText(29358, 'date')).toBe('17.05.1980')
    expect(cellText(100000003, 'text')).toBe('100000003')
    expect(cellText(123456789012, 'text')).toBe('123456789012')
    expect(cellText(1.5, 'text')).toBe('1.5')
    expect(cellText('  Thun ', 'text')).toBe('Thun')
    expect(cellText(null, 'text')).toBe('')
    expect(plainCell({ richText: [{ text: 'Se' }, { text: 'eweg' }] })).toBe('Seeweg')
    expect(plainCell({ formula: 'A1', result: 42 })).toBe(42)
    expect(plainCell({ text: 'a@b.ch', hyperlink: 'mailto:a@b.ch' })).toBe('a@b.ch')
    expect(plainCell({ error: '#N/A' })).toBe('#N/A')
  })
})
