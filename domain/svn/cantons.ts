/** Plate cantons of spec §3 (FL: Liechtenstein issues plates in the same register). */
export const CANTONS = [
  'AG',
  'AI',
  'AR',
  'BE',
  'BL',
  'BS',
  'FL',
  'FR',
  'GE',
  'GL',
  'GR',
  'JU',
  'LU',
  'NE',
  'NW',
  'OW',
  'SG',
  'SH',
  'SO',
  'SZ',
  'TG',
  'TI',
  'UR',
  'VD',
  'VS',
  'ZH',
  'ZG',
] as const
export type Canton = (typeof CANTONS)[number]

export function isCanton(value: unknown): value is Canton {
  return typeof value === 'string' && (CANTONS as readonly string[]).includes(value)
}
