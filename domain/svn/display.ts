/** Display helpers of spec §2/§9: Stammnummer 000.000.000, dates dd.mm.yyyy, plate "canton number". */

/** Groups digits by three with dots, padded to at least 9 digits; non-digits are ignored. */
export function formatStammNr(value: number | string | null | undefined): string {
  if (value === null || value === undefined) return ''
  const digits = String(value).replace(/\D/g, '')
  if (digits === '') return ''
  const padded = digits.padStart(9, '0')
  return padded.replace(/\B(?=(\d{3})+$)/g, '.')
}

/** yyyy-mm-dd (or an ISO timestamp) → dd.mm.yyyy; anything else comes back unchanged. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return ''
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value)
  return match ? `${match[3]}.${match[2]}.${match[1]}` : value
}

/** "ZH 12345", the canton alone when no number is assigned yet, '' when neither. */
export function formatPlate(kanton: string | null | undefined, schildNr: number | string | null | undefined) {
  const number = schildNr === null || schildNr === undefined ? '' : String(schildNr)
  return [kanton ?? '', number].filter((part) => part !== '').join(' ')
}
