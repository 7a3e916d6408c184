import { ADDRESS_VALIDATION } from '../address.ts'

/**
 * The user form's caps and message keys, without the schema: the browser's user dialog imports these,
 * and the schema's zod would otherwise come along into its first load (ADR 511).
 */

/** Spec §5 "User form" caps (vorname has none in the spec; it gets the address cap of 100). */
export const USER_LIMITS = {
  vorname: 100,
  nachname: 100,
  strasse: 100,
  plz: 7,
  ort: 100,
  staat: 4,
  fax: 100,
  telefon: 100,
  email: 100,
  oeReferenz: 50,
  maklerNummer: 10,
} as const

/**
 * Translation keys used as zod messages; the field's cap for maxLength is USER_LIMITS[field].
 * Kept as keys (not text) so the register answers them in fieldErrors and the portal translates.
 */
export const USER_VALIDATION = {
  required: 'validation.required',
  maxLength: 'validation.maxLength',
  email: 'validation.email',
  invalid: 'validation.invalid',
  invalidOption: 'validation.invalidOption',
  ...ADDRESS_VALIDATION,
} as const
