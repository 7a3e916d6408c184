import type { TFunction } from 'i18next'
import { BES_VERWENDUNGEN, IV_GRUENDE, PERSONEN_TYPEN, SCHIFFSARTEN } from '../../../domain/svn/enums.ts'
import { SVN_STATUSES } from '../../../domain/svn/statuses.ts'

/** The codes each group has a text for (svn.<group>.<code>); anything else the register sends shows as is. */
const KNOWN_CODES = {
  status: SVN_STATUSES,
  personenTyp: PERSONEN_TYPEN,
  schiffsart: Object.keys(SCHIFFSARTEN),
  grund: Object.keys(IV_GRUENDE),
  besVerwendung: Object.keys(BES_VERWENDUNGEN),
} as const satisfies Record<string, readonly string[]>

/**
 * The translated label of an enumeration code (spec §3), or the code itself when unknown: a code is
 * data from the register, so an unknown one is no missing translation (those throw, ADR 800).
 */
export function enumLabel(
  t: TFunction,
  group: keyof typeof KNOWN_CODES,
  code: string | number | null | undefined,
): string {
  if (code === null || code === undefined || code === '') return ''
  const known: readonly string[] = KNOWN_CODES[group]
  return known.includes(String(code)) ? t(`svn.${group}.${code}`) : String(code)
}

export function numberText(value: number | null | undefined, lng: string): string {
  if (value === null || value === undefined) return ''
  return new Intl.NumberFormat(lng === 'en' ? 'en-GB' : `${lng}-CH`).format(value)
}
