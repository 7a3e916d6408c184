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
    expect(importRefusalText(tDe, 'de', 'required')).toBe(
      'Bitte wählen Sie eine Excel-Datei (.xlsx) aus. Es wurde nichts importiert.',
    )
    expect(importRefusalText(tDe, 'de', 'tooLarge')).toMatch(/\b10\u00a0MB\b.*Es wurde nichts importiert\.$/)
    // The limit grouped as French writes it ("5 000"), not as German does ("5’000").
    expect(importRefusalText(tFr, 'fr', 'tooManyRows')).toBe(
      'Le fichier a plus de 5\u202f000 lignes. Veuillez le répartir sur plusieurs fichiers. Rien n’a été importé.',
    )
    expect(importRefusalText(tDe, 'de', 'tooManyRows')).toMatch(/^Die Datei hat mehr als 5\u2019000 Zeilen\./)
  })

  it('lists the columns a file lacks', () => {
    expect(importRefusalText(tDe, 'de', 'missingColumns', ['Halter Name', 'Kanton'])).toContain(
      'Halter Name, Kanton',
    )
  })
})
