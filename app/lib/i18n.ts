import { DEFAULT_LANGUAGE, LANGUAGES } from '../../domain/languages.ts'
import { reportMissingText } from '../../domain/missing-text.ts'

/**
 * i18next options shared by server and client. A missing key or a placeholder without its value is
 * reported (domain/missing-text.ts: throws in tests and development, logged in production) and shows
 * as nothing rather than as `a.b.c` or `{{name}}` (ADR 800).
 */
export const i18nOptions = {
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: 'translation',
  interpolation: { escapeValue: false },
  returnEmptyString: false,
  missingInterpolationHandler: (text: string, match: RegExpExecArray | string[]) => {
    reportMissingText(`Missing value for ${match[0] ?? ''} in "${text}"`)
    return ''
  },
  saveMissing: true,
  missingKeyHandler: (lngs: readonly string[], _ns: string, key: string) => {
    reportMissingText(`Missing translation key "${key}" (${lngs.join(', ')})`)
  },
  // Reached only when the report did not throw (production): show the default or nothing, never the key.
  parseMissingKeyHandler: (_key: string, defaultValue?: string) => defaultValue ?? '',
} as const

export const LANGUAGE_COOKIE = 'lng'
