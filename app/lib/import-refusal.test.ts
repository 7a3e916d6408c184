import { describe, expect, it } from 'vitest'
import de from '../locales/de.json' with { type: 'json' }
import fr from '../locales/fr.json' with { type: 'json' }
import { importRefusalText } from './import-refusal.ts'
import { serverTexts } from './texts.tsx'
import { flatten } from './translate.ts'

const tDe = serverTexts('de', flatten(de)).translate()
const tFr = serverTexts('fr', flatten(fr)).translate()

describe('importRefusalText', () => {
  it('names the reason with its limit, then that nothing was imported', () => {
    expect(importRefusalText(tDe, 'required')).toBe(
      'Bitte wählen Sie eine Excel-Datei (.xlsx) aus. Es wurde nichts importiert.',
    )
    expect(importRefusalText(tDe, 'tooLarge')).toMatch(/\b10 MB\b.*Es wurde nichts importiert\.$/)
    expect(importRefusalText(tFr, 'tooManyRows')).toBe(
      `Le fichier a plus de ${(5000).toLocaleString('de-CH')} lignes. Veuillez le répartir sur plusieurs fichiers. Rien n’a été importé.`,
    )
  })

  it('lists the columns a file lacks', () => {
    expect(importRefusalText(tDe, 'missingColumns', ['Halter Name', 'Kanton'])).toContain(
      'Halter Name, Kanton',
    )
  })
})
