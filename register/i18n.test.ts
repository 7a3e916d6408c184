import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, expectTypeOf, it } from 'vitest'
import { LANGUAGES } from '../domain/languages.ts'
import { typographyProblems } from '../domain/testing/typography.ts'
import { CREATE_FIELDS, CREATE_VALIDATION } from '../domain/svn/create.ts'
import { hasMessage, requestLanguage, translate, type RegisterMessageKey } from './i18n.ts'
import { hasLabels, optionLabelKey } from './svn/import/columns.ts'

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..')
const load = (dir: string, lang: string) =>
  JSON.parse(readFileSync(path.join(root, dir, `${lang}.json`), 'utf8')) as Record<string, unknown>

/** A nested value of the portal's locale by dotted path. */
function portal(lang: string, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], load('app/locales', lang))
}

describe('register locales', () => {
  it('has one file per language, each with the same keys, none empty, same placeholders', () => {
    expect(readdirSync(path.join(root, 'register/locales')).sort()).toEqual(
      LANGUAGES.map((l) => `${l}.json`).sort(),
    )
    const de = load('register/locales', 'de') as Record<string, string>
    const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
    for (const lang of LANGUAGES) {
      const own = load('register/locales', lang) as Record<string, string>
      expect(Object.keys(own).sort(), lang).toEqual(Object.keys(de).sort())
      for (const [key, value] of Object.entries(own)) {
        expect(value.trim(), `${lang}:${key}`).not.toBe('')
        expect(placeholders(value), `${lang}:${key}`).toEqual(placeholders(de[key] ?? ''))
        expect(typographyProblems(lang, value), `${lang}:${key}`).toEqual([])
      }
    }
  })

  it('has a header and an explanation for every create field, and labels for every selection', () => {
    for (const field of CREATE_FIELDS) {
      expect(hasMessage(`import.column.${field.name}`), field.name).toBe(true)
      expect(hasMessage(`import.explain.${field.name}`), field.name).toBe(true)
      expect(hasMessage(`import.required.${field.required}`), field.required).toBe(true)
      if (hasLabels(field))
        for (const value of field.options ?? [])
          expect(hasMessage(optionLabelKey(field.name, value))).toBe(true)
    }
  })

  it('has every message of the create schema, worded as the portal words it', () => {
    for (const key of Object.values(CREATE_VALIDATION)) {
      expect(hasMessage(key), key).toBe(true)
      for (const lang of LANGUAGES) {
        const shown = portal(lang, key)
        if (typeof shown === 'string')
          expect(translate(lang, key), `${lang}:${key}`).toBe(shown.replace(/\{\{(\w+)\}\}/g, '{$1}'))
      }
    }
  })

  it('labels selections as the portal does', () => {
    const sections: Record<string, string> = {
      'halter.person.personenTyp': 'svn.personenTyp',
      'schiff.art': 'svn.schiffsart',
      'versicherungsdaten.ivGrund': 'svn.grund',
      'versicherungsdaten.besVerwendung': 'svn.besVerwendung',
    }
    for (const [field, section] of Object.entries(sections)) {
      const options = CREATE_FIELDS.find((f) => f.name === field)?.options ?? []
      for (const lang of LANGUAGES)
        for (const value of options) {
          const key = optionLabelKey(field as never, value)
          expect(hasMessage(key) && translate(lang, key)).toBe(portal(lang, `${section}.${value}`))
        }
    }
  })
})

describe('typed keys (ADR 800)', () => {
  it('translate takes only keys of de.json, so a wrong key fails tsc', () => {
    expectTypeOf(translate).parameter(1).toEqualTypeOf<RegisterMessageKey>()
    expectTypeOf<'import.sheet.data'>().toExtend<RegisterMessageKey>()
    expectTypeOf<'no.such.key'>().not.toExtend<RegisterMessageKey>()
    expect(hasMessage('import.sheet.data')).toBe(true)
    expect(hasMessage('no.such.key')).toBe(false)
  })
})

describe('requestLanguage', () => {
  it('takes ?lng, else the first supported Accept-Language tag, else German', () => {
    expect(requestLanguage('it', 'fr')).toBe('it')
    expect(requestLanguage(undefined, 'es, fr-CH;q=0.9, en')).toBe('fr')
    expect(requestLanguage('xx', undefined)).toBe('de')
  })
})
