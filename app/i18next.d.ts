import type de from './locales/de.json'

/**
 * Typed translation keys (ADR 800): German is the reference catalogue (the parity test keeps fr, it
 * and en in step), so a key that is not in it fails `tsc` where it is written.
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation'
    resources: { translation: typeof de }
  }
}
