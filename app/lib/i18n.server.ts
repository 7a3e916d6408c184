import { createI18nextMiddleware } from 'remix-i18next/middleware'
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../domain/languages.ts'
import de from '../locales/de.json'
import en from '../locales/en.json'
import fr from '../locales/fr.json'
import it from '../locales/it.json'
import { i18nOptions, LANGUAGE_COOKIE } from './i18n.ts'

export const resources = {
  de: { translation: de },
  fr: { translation: fr },
  it: { translation: it },
  en: { translation: en },
}

/** The `lng` cookie holds the plain code so the identity provider's login page can read it too. */
export function languageFromCookie(cookieHeader: string | null): Language | null {
  const match = /(?:^|;\s*)lng=([a-z]{2})(?:;|$)/.exec(cookieHeader ?? '')
  return match && isLanguage(match[1]) ? match[1] : null
}

export function languageSetCookie(lng: Language, secure: boolean): string {
  return `${LANGUAGE_COOKIE}=${lng}; Path=/; Max-Age=${365 * 24 * 3600}; SameSite=Lax${secure ? '; Secure' : ''}`
}

export const [i18nextMiddleware, getLocale, getInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...i18nOptions.supportedLngs],
    fallbackLanguage: DEFAULT_LANGUAGE,
    // German is the default and initial language (spec §1); only an explicit choice changes it.
    order: ['custom'],
    findLocale: async (request) => languageFromCookie(request.headers.get('Cookie')),
  },
  i18next: { ...i18nOptions, resources },
})

export function currentLanguage(context: Parameters<typeof getLocale>[0]): Language {
  const lng = getLocale(context)
  return isLanguage(lng) ? lng : DEFAULT_LANGUAGE
}
