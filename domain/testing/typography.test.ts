import { describe, expect, it } from 'vitest'
import { typographyProblems } from './typography.ts'

describe('typographyProblems', () => {
  it('finds a straight apostrophe, in any language', () => {
    expect(typographyProblems('fr', "Changement d'assureur")).toEqual(["' where ’ belongs"])
    expect(typographyProblems('en', "the user's roles")).toEqual(["' where ’ belongs"])
    expect(typographyProblems('en', "{{name}}'s roles")).toEqual(["' where ’ belongs"])
    expect(typographyProblems('it', 'un’altra')).toEqual([])
  })

  it('finds a breaking space before French : ; ? ! » or after «, and only in French', () => {
    expect(typographyProblems('fr', 'Statut : actif')).toEqual(['a breaking space inside a French pair'])
    expect(typographyProblems('fr', 'Client API « Test »')).toEqual(['a breaking space inside a French pair'])
    expect(typographyProblems('fr', 'Statut\u00a0: «\u00a0Test\u00a0» ?')).toEqual([
      'a breaking space inside a French pair',
    ])
    expect(typographyProblems('fr', 'Statut\u00a0: «\u00a0Test\u00a0»\u00a0?')).toEqual([])
    expect(typographyProblems('en', 'Status: see « Test » ?')).toEqual([])
  })

  it('finds a breaking space between a number or its placeholder and its unit, in any language', () => {
    const rule = 'a breaking space between a number and its unit'
    expect(typographyProblems('de', 'höchstens 10 MB')).toEqual([rule])
    expect(typographyProblems('fr', '{{size}} ko')).toEqual([rule])
    expect(typographyProblems('en', 'at most 64 kB.')).toEqual([rule])
    expect(typographyProblems('fr', 'Au plus {mb} Mo par fichier')).toEqual([rule])
    expect(typographyProblems('de', '{{percent}} % hochgeladen')).toEqual([rule])
    expect(typographyProblems('en', '{{percent}}% uploaded, {{percent}}\u00a0%')).toEqual([])
    expect(typographyProblems('it', 'al massimo 10\u00a0MB e {{size}}\u00a0kB')).toEqual([])
    // A word that starts like a unit is no unit.
    expect(typographyProblems('fr', '10 Monuments, 3 kBytes')).toEqual([])
  })
})
