import type { Translate } from '../../lib/translate.ts'
import { formatDate } from '../../../domain/svn/display.ts'
import type { SvnHalter } from '../../../domain/svn/types.ts'
import type { DetailEntry } from './DetailSection.tsx'
import { enumLabel, type SvnLabel } from './labels.ts'

/** "id - name" when the code list knows the country, else the code as stored. */
export function countryText(countries: Readonly<Record<string, string>>, code: string | null): string | null {
  return code ? (countries[code] ?? code) : code
}

/** The holder's person and address rows, as the detail view and both notification views show them. */
export function holderEntries(
  t: Translate,
  { person, adresse }: SvnHalter,
  countries: Readonly<Record<string, string>>,
): { person: DetailEntry[]; address: DetailEntry[] } {
  const l = (key: SvnLabel) => t(`svn.labels.${key}`)
  return {
    person: [
      { label: l('personenTyp'), value: enumLabel(t, 'personenTyp', person.personenTyp) },
      { label: l('name'), value: person.name },
      { label: l('geburtsname'), value: person.geburtsname },
      { label: l('vorname'), value: person.vorname },
      { label: l('geburtsdatum'), value: formatDate(person.geburtsdatum) },
      { label: l('heimatstaat'), value: countryText(countries, person.heimatstaat) },
    ],
    address: [
      { label: l('strasse'), value: adresse.strasse },
      { label: l('plz'), value: adresse.plz },
      { label: l('ort'), value: adresse.ort },
      { label: l('staat'), value: countryText(countries, adresse.staat) },
      { label: l('coKontakt'), value: adresse.coKontakt },
    ],
  }
}
