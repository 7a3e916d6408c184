import { formatNumber } from '../../../domain/number-format.ts'
import type { Translate } from '../../lib/translate.ts'
import {
  BES_VERWENDUNGEN,
  IV_GRUENDE,
  PERSONEN_TYPEN,
  SCHIFFSARTEN,
  type BesVerwendung,
  type IvGrund,
  type PersonenTyp,
  type Schiffsart,
} from '../../../domain/svn/enums.ts'
import { SVN_STATUSES, type SvnStatus } from '../../../domain/svn/statuses.ts'
import type de from '../../locales/de.json'

/** The label of a field of the SVN record (`svn.labels.<field>`). */
export type SvnLabel = keyof typeof de.svn.labels

/** The codes each group has a text for (svn.<group>.<code>); `tsc` checks each has one in de.json. */
interface KnownCodes {
  status: SvnStatus
  personenTyp: PersonenTyp
  schiffsart: `${Schiffsart}`
  grund: `${IvGrund}`
  besVerwendung: `${BesVerwendung}`
}
type EnumGroup = keyof KnownCodes
type EnumKey = { [G in EnumGroup]: `svn.${G}.${KnownCodes[G]}` }[EnumGroup]

/** The keys of a code object (`{ 1: 'x' }` → `'1'`); Object.keys answers string[] for any object. */
function codesOf<T extends Record<number, string>>(codes: T): ReadonlyArray<`${keyof T & number}`> {
  return Object.keys(codes) as Array<`${keyof T & number}`>
}

const KNOWN_CODES: { [G in EnumGroup]: ReadonlyArray<KnownCodes[G]> } = {
  status: SVN_STATUSES,
  personenTyp: PERSONEN_TYPEN,
  schiffsart: codesOf(SCHIFFSARTEN),
  grund: codesOf(IV_GRUENDE),
  besVerwendung: codesOf(BES_VERWENDUNGEN),
}

function isKnown<G extends EnumGroup>(group: G, code: string): code is KnownCodes[G] {
  return (KNOWN_CODES[group] as readonly string[]).includes(code)
}

/** The key of a known code, or null: a code the domain does not list has no text. */
function enumKey(group: EnumGroup, code: string): EnumKey | null {
  switch (group) {
    case 'status':
      return isKnown('status', code) ? `svn.status.${code}` : null
    case 'personenTyp':
      return isKnown('personenTyp', code) ? `svn.personenTyp.${code}` : null
    case 'schiffsart':
      return isKnown('schiffsart', code) ? `svn.schiffsart.${code}` : null
    case 'grund':
      return isKnown('grund', code) ? `svn.grund.${code}` : null
    case 'besVerwendung':
      return isKnown('besVerwendung', code) ? `svn.besVerwendung.${code}` : null
  }
}

/**
 * The translated label of an enumeration code (spec §3), or the code itself when unknown: a code is
 * data from the register, so an unknown one is no missing translation (those throw, ADR 800).
 */
export function enumLabel(t: Translate, group: EnumGroup, code: string | number | null | undefined): string {
  if (code === null || code === undefined || code === '') return ''
  const key = enumKey(group, String(code))
  return key ? t(key) : String(code)
}

export function numberText(value: number | null | undefined, lng: string): string {
  return value === null || value === undefined ? '' : formatNumber(value, lng)
}
