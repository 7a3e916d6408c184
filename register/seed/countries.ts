import countries from 'i18n-iso-countries'
import de from 'i18n-iso-countries/langs/de.json' with { type: 'json' }
import fr from 'i18n-iso-countries/langs/fr.json' with { type: 'json' }
import it from 'i18n-iso-countries/langs/it.json' with { type: 'json' }

export interface CodeItemSeed {
  category: string
  id: string
  de: string
  fr: string
  it: string
}

countries.registerLocale(de)
countries.registerLocale(fr)
countries.registerLocale(it)

/** Swiss Standard German writes no ß. */
const swissGerman = (name: string) => name.replaceAll('ß', 'ss')

/** Code list "Land": every ISO 3166-1 country, id = alpha-2 code, names from i18n-iso-countries. */
export function countryCodeItems(): CodeItemSeed[] {
  const names = {
    de: countries.getNames('de', { select: 'official' }),
    fr: countries.getNames('fr', { select: 'official' }),
    it: countries.getNames('it', { select: 'official' }),
  }
  return Object.keys(countries.getAlpha2Codes())
    .map((code) => code.toUpperCase())
    .sort()
    .map((id) => {
      const [nameDe, nameFr, nameIt] = [names.de[id], names.fr[id], names.it[id]]
      if (!nameDe || !nameFr || !nameIt) throw new Error(`i18n-iso-countries lacks a de/fr/it name for ${id}`)
      return { category: 'Land', id, de: swissGerman(nameDe), fr: nameFr, it: nameIt }
    })
}
