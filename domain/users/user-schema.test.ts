import { describe, expect, it } from 'vitest'
import { USER_LIMITS, editedUserSchema, newUserSchema } from './user-schema.ts'

const valid = { nachname: 'Muster', email: 'anna@example.ch', type: 'SACHBEARBEITER' }

function fieldErrors(result: {
  success: boolean
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> }
}) {
  const out: Record<string, string[]> = {}
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.map(String).join('.')
    out[key] = [...(out[key] ?? []), issue.message]
  }
  return out
}

describe('user schema (spec §5 "User form")', () => {
  it('accepts the minimum and turns empty optional fields into null, aktiv defaults to true', () => {
    const parsed = newUserSchema.parse({ ...valid, vorname: '', plz: '  ', fax: null })
    expect(parsed).toMatchObject({
      ...valid,
      vorname: null,
      plz: null,
      fax: null,
      strasse: null,
      aktiv: true,
    })
    expect(parsed.roles).toBeUndefined()
  })

  it('trims values', () => {
    expect(
      newUserSchema.parse({ ...valid, nachname: '  Muster ', email: ' anna@example.ch ' }),
    ).toMatchObject({ nachname: 'Muster', email: 'anna@example.ch' })
  })

  it('requires nachname, email and type with translation keys', () => {
    expect(fieldErrors(newUserSchema.safeParse({}))).toEqual({
      nachname: ['validation.required'],
      email: ['validation.required'],
      type: ['validation.required'],
    })
    expect(fieldErrors(newUserSchema.safeParse({ ...valid, nachname: ' ', email: '' }))).toEqual({
      nachname: ['validation.required'],
      email: ['validation.required'],
    })
  })

  it('checks the e-mail format and an unknown type', () => {
    expect(fieldErrors(newUserSchema.safeParse({ ...valid, email: 'no-at-sign', type: 'BOSS' }))).toEqual({
      email: ['validation.email'],
      type: ['validation.invalidOption'],
    })
  })

  /** A value of `length` characters the field takes in its form (a foreign postcode, a number). */
  const filler = (field: string, length: number) =>
    field === 'email'
      ? `${'a'.repeat(length - 11)}@example.ch`
      : ['plz', 'fax', 'telefon'].includes(field)
        ? '1'.repeat(length)
        : 'x'.repeat(length)

  it.each(Object.entries(USER_LIMITS))('caps %s at %i characters', (field, max) => {
    const foreign = field === 'plz' ? { staat: 'NL' } : {}
    expect(newUserSchema.safeParse({ ...valid, ...foreign, [field]: filler(field, max) }).success).toBe(true)
    const over = { ...valid, ...foreign, [field]: filler(field, max + 1) }
    expect(fieldErrors(newUserSchema.safeParse(over))).toEqual({ [field]: ['validation.maxLength'] })
  })

  it('checks the postcode against its country, and phone and fax numbers, in one pass', () => {
    const wrong = { ...valid, plz: '80O1', staat: '', telefon: 'Zentrale', fax: '12', email: 'x' }
    expect(fieldErrors(newUserSchema.safeParse(wrong))).toEqual({
      telefon: ['validation.phone'],
      fax: ['validation.phone'],
      email: ['validation.email'],
      plz: ['validation.swissPostcode'],
    })
    for (const [plz, staat] of [
      ['8001', 'CH'],
      ['9490', 'FL'],
      ['8001', null],
      ['D-80331', 'DE'],
    ])
      expect(newUserSchema.safeParse({ ...valid, plz, staat, telefon: '+41 44 123 45 67' }).success).toBe(
        true,
      )
    // A value over its cap is named once, by its cap, whatever else is wrong with it.
    expect(
      fieldErrors(newUserSchema.safeParse({ ...valid, plz: '123456789', telefon: 'x'.repeat(101) })),
    ).toEqual({ telefon: ['validation.maxLength'], plz: ['validation.maxLength'] })
  })

  it('requires maklerNummer only while MAKLER is among the roles', () => {
    expect(fieldErrors(newUserSchema.safeParse({ ...valid, roles: ['SVN_SUCHEN', 'MAKLER'] }))).toEqual({
      maklerNummer: ['validation.required'],
    })
    expect(newUserSchema.safeParse({ ...valid, roles: ['MAKLER'], maklerNummer: '4711' }).success).toBe(true)
    expect(newUserSchema.safeParse({ ...valid, roles: ['SVN_SUCHEN'] }).success).toBe(true)
  })

  it('names unknown roles', () => {
    expect(fieldErrors(newUserSchema.safeParse({ ...valid, roles: ['SVN_SUCHEN', 'ROOT'] }))).toEqual({
      'roles.1': ['validation.invalidOption'],
    })
  })

  it('needs id and version for an edit', () => {
    expect(fieldErrors(editedUserSchema.safeParse(valid))).toEqual({
      id: ['validation.required'],
      version: ['validation.required'],
    })
    expect(editedUserSchema.parse({ ...valid, id: 3, version: 0 })).toMatchObject({ id: 3, version: 0 })
    expect(fieldErrors(editedUserSchema.safeParse({ ...valid, id: 'x', version: -1 }))).toEqual({
      id: ['validation.invalid'],
      version: ['validation.invalid'],
    })
  })
})
