import { DEFAULT_LANGUAGE, LANGUAGES } from '../../domain/languages.ts'

/** i18next options shared by server and client. */
export const i18nOptions = {
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: 'translation',
  interpolation: { escapeValue: false },
  returnEmptyString: false,
} as const

export const LANGUAGE_COOKIE = 'lng'
