import { fillPlaceholders } from '../domain/missing-text.ts'
import de from './locales/de.json' with { type: 'json' }
import en from './locales/en.json' with { type: 'json' }
import fr from './locales/fr.json' with { type: 'json' }
import it from './locales/it.json' with { type: 'json' }

export const languages = ['de', 'fr', 'it', 'en'] as const
export type Language = (typeof languages)[number]
export type MessageKey = keyof typeof de

// German is the reference; the locale test makes sure every other file has the same keys.
export const messages: Record<Language, Record<MessageKey, string>> = { de, fr, it, en }

function isLanguage(value: string): value is Language {
  return (languages as readonly string[]).includes(value)
}

/** First supported language of a BCP 47 list such as `fr-CH en` (ui_locales). */
function firstSupported(list: string | undefined): Language | undefined {
  for (const tag of (list ?? '').split(/[\s,]+/)) {
    const base = tag.split(/[-_;]/)[0]?.toLowerCase() ?? ''
    if (isLanguage(base)) return base
  }
  return undefined
}

function cookieValue(cookieHeader: string | undefined, name: string): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=')
    if (key === name) return decodeURIComponent(rest.join('='))
  }
  return undefined
}

/** ui_locales of the authorization request, else the portal's `lng` cookie (`__Host-lng` over https), else German. */
export function pickLanguage(uiLocales: unknown, cookieHeader: string | undefined): Language {
  return (
    firstSupported(typeof uiLocales === 'string' ? uiLocales : undefined) ??
    firstSupported(cookieValue(cookieHeader, '__Host-lng') ?? cookieValue(cookieHeader, 'lng')) ??
    'de'
  )
}

export function translate(
  lang: Language,
  key: MessageKey,
  vars: Record<string, string | number> = {},
): string {
  return fillPlaceholders(messages[lang][key], vars)
}
