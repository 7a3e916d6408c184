import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '../domain/languages.ts'
import de from './locales/de.json' with { type: 'json' }
import en from './locales/en.json' with { type: 'json' }
import fr from './locales/fr.json' with { type: 'json' }
import it from './locales/it.json' with { type: 'json' }

/**
 * The register's own texts (ADR 170): what it writes into files a user opens — the import template
 * and the error workbook. Like the IdP it keeps its own catalogue (it never imports app/); the texts it
 * shares with the portal (validation messages, enum labels) are checked against app/locales by a test.
 */
export type RegisterMessageKey = keyof typeof de
const messages: Record<Language, Record<RegisterMessageKey, string>> = { de, fr, it, en }

export function hasMessage(key: string): key is RegisterMessageKey {
  return Object.hasOwn(de, key)
}

/**
 * `{name}` placeholders are filled from vars; a text missing in a language falls back to German. The
 * key is typed (`tsc` fails on one not in de.json); a key built from data passes `hasMessage` first.
 */
export function translate(
  lang: Language,
  key: RegisterMessageKey,
  vars: Record<string, string | number> = {},
): string {
  const text = messages[lang][key] ?? messages.de[key]
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => String(vars[name] ?? whole))
}

/** Every language's text of a key (to recognise headers and labels written in any of them). */
export function allTranslations(key: RegisterMessageKey): string[] {
  return LANGUAGES.map((lang) => messages[lang][key])
}

/**
 * The caller's language: `?lng=` if given, else the first supported tag of Accept-Language, else German.
 * The portal sends Accept-Language with the user's interface language.
 */
export function requestLanguage(lngParam: string | undefined, acceptLanguage: string | undefined): Language {
  if (isLanguage(lngParam)) return lngParam
  for (const part of (acceptLanguage ?? '').split(',')) {
    const base = part.trim().split(/[-_;]/)[0]?.toLowerCase()
    if (isLanguage(base)) return base
  }
  return DEFAULT_LANGUAGE
}
