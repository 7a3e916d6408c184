import type { TFunction } from 'i18next'

/** The translated label of an enumeration code (spec §3), or the code itself when unknown. */
export function enumLabel(
  t: TFunction,
  group: 'status' | 'personenTyp' | 'schiffsart' | 'grund' | 'besVerwendung',
  code: string | number | null | undefined,
): string {
  if (code === null || code === undefined || code === '') return ''
  return t(`svn.${group}.${code}`, { defaultValue: String(code) })
}

export function numberText(value: number | null | undefined, lng: string): string {
  if (value === null || value === undefined) return ''
  return new Intl.NumberFormat(lng === 'en' ? 'en-GB' : `${lng}-CH`).format(value)
}
