/**
 * Address and phone rules shared by the SVN create form (holder and contact), the user form, the
 * register and the mass import. Messages are translation keys (ADR 819).
 */

export const ADDRESS_VALIDATION = {
  swissPostcode: 'validation.swissPostcode',
  phone: 'validation.phone',
} as const

/**
 * Country codes (the `staat` field, at most 4 characters) whose addresses carry a Swiss postcode:
 * Switzerland and Liechtenstein, in their ISO 3166 and vehicle forms. A blank country means
 * Switzerland, as on every Swiss form.
 */
const SWISS_POSTCODE_COUNTRIES: ReadonlySet<string> = new Set(['', 'CH', 'CHE', 'LI', 'LIE', 'FL'])

export function usesSwissPostcode(staat: string | null | undefined): boolean {
  return SWISS_POSTCODE_COUNTRIES.has((staat ?? '').trim().toUpperCase())
}

/** Swiss and Liechtenstein postcodes are four digits, 1000 to 9999. */
export function isSwissPostcode(plz: string): boolean {
  return /^[1-9]\d{3}$/.test(plz.trim())
}

/**
 * The postcode's problem for its country, or null. Only the Swiss form is known; other countries
 * keep the length caps of spec §5, which the caller checks first.
 */
export function postcodeProblem(plz: string, staat: string | null | undefined): string | null {
  return usesSwissPostcode(staat) && !isSwissPostcode(plz) ? ADDRESS_VALIDATION.swissPostcode : null
}

/**
 * A phone or fax number as people write it: digits, spaces, a leading +, brackets, '-', '/' and '.'
 * ("+41 (0)44 123 45 67", "044/123.45.67"), with at least three digits. The en dash and the
 * non-breaking spaces a word processor puts in a pasted number count as '-' and spaces. Letters and
 * anything else are refused: the register hands the number on as it is.
 */
export function isPhoneNumber(text: string): boolean {
  const value = text.trim()
  return /^\+?[\d\s()./\u2013-]+$/.test(value) && (value.match(/\d/g)?.length ?? 0) >= 3
}
