import { describe, expect, it } from 'vitest'
import { isPhoneNumber, isSwissPostcode, postcodeProblem, usesSwissPostcode } from './address.ts'

describe('postcodes', () => {
  it('reads a blank country, Switzerland and Liechtenstein as Swiss, in any case and form', () => {
    for (const staat of [null, undefined, '', ' ', 'CH', 'ch', 'CHE', 'LI', 'LIE', 'FL'])
      expect(usesSwissPostcode(staat)).toBe(true)
    for (const staat of ['DE', 'F', 'ITA', 'CHE1']) expect(usesSwissPostcode(staat)).toBe(false)
  })

  it('takes four digits from 1000 to 9999 as a Swiss postcode', () => {
    for (const plz of ['1000', '8001', '9999', ' 3600 ']) expect(isSwissPostcode(plz)).toBe(true)
    for (const plz of ['0999', '800', '80011', 'abcd', '8O01', 'CH-8001', '8 001'])
      expect(isSwissPostcode(plz)).toBe(false)
  })

  it('names the Swiss form only for a Swiss address', () => {
    expect(postcodeProblem('abcd', 'CH')).toBe('validation.swissPostcode')
    expect(postcodeProblem('abcd', '')).toBe('validation.swissPostcode')
    expect(postcodeProblem('8001', 'CH')).toBeNull()
    expect(postcodeProblem('SW1A 1AA', 'GB')).toBeNull()
  })
})

describe('phone numbers', () => {
  it('takes digits with the separators people write', () => {
    for (const text of ['044 123 45 67', '+41 44 123 45 67', '+41 (0)44 123-45-67', '044/123.45.67', '117'])
      expect(isPhoneNumber(text)).toBe(true)
    // Pasted from a word processor: an en dash, a no-break space and a narrow no-break space.
    for (const text of [
      '044 \u2013 123 45 67',
      '+41\u00a044\u00a0123\u00a045\u00a067',
      '044\u202f123\u202f45\u202f67',
    ])
      expect(isPhoneNumber(text)).toBe(true)
  })

  it('refuses letters, a plus inside, too few digits and other signs', () => {
    for (const text of ['Zentrale', '044 123 45 67 intern', '41+44', '12', '', '()', '044;1234567', '+'])
      expect(isPhoneNumber(text)).toBe(false)
  })
})
