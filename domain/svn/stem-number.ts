/**
 * Stammnummer (hull-registry number) rule of spec §5: after removing non-digits 9 to 12 digits; the
 * last one is a check digit over the others, weighted 2,3,4,5,6,7 (repeating) from the right,
 * sum mod 11, 0 when that is above 9.
 */

export const STEM_NUMBER_MIN_DIGITS = 9
export const STEM_NUMBER_MAX_DIGITS = 12

/** The user may type separators (dots, spaces, apostrophes): only digits count. */
export function stripNonDigits(value: string): string {
  return value.replace(/\D/g, '')
}

/** The check digit for the digits before it. */
export function stemCheckDigit(body: string): number {
  let sum = 0
  for (let i = 0; i < body.length; i++) {
    const digit = Number(body[body.length - 1 - i])
    sum += digit * (2 + (i % 6))
  }
  const rest = sum % 11
  return rest > 9 ? 0 : rest
}

export type StemNumberError = 'length' | 'checkDigit'

/** null when valid; otherwise why not. Input may carry separators. */
export function stemNumberError(value: string): StemNumberError | null {
  const digits = stripNonDigits(value)
  if (digits.length < STEM_NUMBER_MIN_DIGITS || digits.length > STEM_NUMBER_MAX_DIGITS) return 'length'
  const check = Number(digits[digits.length - 1])
  return stemCheckDigit(digits.slice(0, -1)) === check ? null : 'checkDigit'
}

export function isValidStemNumber(value: string): boolean {
  return stemNumberError(value) === null
}

/** Appends the check digit: for demo data and tests. */
export function withCheckDigit(body: string): string {
  return body + String(stemCheckDigit(body))
}
