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
})
