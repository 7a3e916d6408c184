import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, expectTypeOf, it } from 'vitest'
import { typographyProblems } from '../domain/testing/typography.ts'
import { languages, pickLanguage, translate, type MessageKey } from './i18n.ts'

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'locales')
const load = (lang: string) =>
  JSON.parse(readFileSync(path.join(dir, `${lang}.json`), 'utf8')) as Record<string, string>

describe('locales', () => {
  it('has one file per supported language', () => {
    expect(readdirSync(dir).sort()).toEqual([...languages].map((l) => `${l}.json`).sort())
  })

  it.each(languages)('%s has exactly the keys of every other language, none empty', (lang) => {
    const keys = new Set(languages.flatMap((l) => Object.keys(load(l))))
    const own = load(lang)
    const missing = [...keys].filter((k) => !(k in own))
    expect(missing, `missing in ${lang}.json`).toEqual([])
    const empty = Object.entries(own).filter(([, v]) => typeof v !== 'string' || v.trim() === '')
    expect(empty, `empty in ${lang}.json`).toEqual([])
  })

  it('keeps the typography: ’ for the apostrophe, no-break spaces in French pairs and before units (ADR 824)', () => {
    const problems = languages.flatMap((lang) =>
      Object.entries(load(lang)).flatMap(([key, value]) =>
        typographyProblems(lang, value).map((rule) => `${lang}:${key}: ${rule}`),
      ),
    )
    expect(problems).toEqual([])
  })

  it('uses the same placeholders in every language', () => {
    const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
    const de = load('de')
    for (const lang of languages) {
      for (const [key, value] of Object.entries(load(lang))) {
        expect(placeholders(value), `${lang}:${key}`).toEqual(placeholders(de[key] ?? ''))
      }
    }
  })
})

describe('typed keys (ADR 800)', () => {
  it('translate takes only keys of de.json, so a wrong key fails tsc', () => {
    expectTypeOf(translate).parameter(1).toEqualTypeOf<MessageKey>()
    expectTypeOf<'no.such.key'>().not.toExtend<MessageKey>()
  })
})

describe('pickLanguage', () => {
  it('prefers ui_locales, then the lng cookie, then German', () => {
    expect(pickLanguage('es fr-CH', 'lng=it')).toBe('fr')
    expect(pickLanguage('es', 'a=b; lng=it')).toBe('it')
    expect(pickLanguage(undefined, 'lng=xx')).toBe('de')
    expect(pickLanguage(undefined, undefined)).toBe('de')
    expect(pickLanguage('EN-gb', undefined)).toBe('en')
  })

  it('fills placeholders', () => {
    expect(translate('en', 'login.blocked', { minutes: 15 })).toBe(
      'Too many failed sign-in attempts. Try again in 15 minutes.',
    )
  })
})

describe('translate with a missing placeholder value', () => {
  it('throws in tests (domain/missing-text.ts), never leaving {name} in a page', () => {
    expect(() => translate('de', 'login.blocked')).toThrow(/Missing value for \{minutes\}/)
  })
})
