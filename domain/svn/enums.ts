/** Enumerations of spec §3 used by the SVN record and its notifications. */

export const PERSONEN_TYPEN = ['NATUERLICH', 'JURISTISCH'] as const
export type PersonenTyp = (typeof PERSONEN_TYPEN)[number]

/** Schiffsart (numeric). */
export const SCHIFFSARTEN = {
  1: 'ruderschiff',
  2: 'segelschiff',
  3: 'motorschiff',
  4: 'gueterschiff',
  5: 'fahrgastschiff',
  6: 'arbeitsschiff',
  7: 'sonstige',
} as const
export type Schiffsart = keyof typeof SCHIFFSARTEN

/** IV (and AV) reasons (numeric). */
export const IV_GRUENDE = {
  50: 'ALLEANDEREN',
  52: 'WIKA',
  53: 'WIKB',
  54: 'VERSICHERERWECHSEL',
  57: 'NEUEINLOESUNG',
  58: 'FAHRZEUGWECHSEL',
  59: 'HALTERWECHSEL',
} as const
export type IvGrund = keyof typeof IV_GRUENDE
export const IV_GRUND_CODES = Object.keys(IV_GRUENDE).map(Number) as IvGrund[]

/** Special use (besVerwendung). */
export const BES_VERWENDUNGEN = {
  0: 'none',
  1: 'rental',
  2: 'passengerTransport',
  3: 'collectivePermit',
  4: 'goodsTransport',
} as const
export type BesVerwendung = keyof typeof BES_VERWENDUNGEN

/** Code-list category of the reasons a canton gives when it rejects an AE. */
export const REJECTION_REASON_CATEGORY = 'Rueckweisungsgrund'
