import type { ParseKeys } from 'i18next'
import de from '../locales/de.json'

/**
 * Every key of the portal's catalogue, as `tsc` knows it from de.json (app/i18next.d.ts, ADR 800):
 * the type to give data that carries a key, so a wrong key fails the type check where it is written.
 */
export type TranslationKey = ParseKeys
export type ValidationKey = Extract<TranslationKey, `validation.${string}`>

function textKeys(tree: Readonly<Record<string, unknown>>, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([name, value]) =>
    typeof value === 'string'
      ? [`${prefix}${name}`]
      : textKeys(value as Readonly<Record<string, unknown>>, `${prefix}${name}.`),
  )
}

// Built on first use: a module that imports this one for its types only leaves de.json out of the browser's bundle.
let keys: ReadonlySet<string> | null = null

/**
 * Whether a string that arrives as data (a zod message, a register field error, the toast cookie) is
 * a key of the catalogue: the run-time check that lets it be typed as one. German is the reference;
 * the locale parity test keeps fr, it and en in step.
 */
export function isTranslationKey(value: unknown): value is TranslationKey {
  keys ??= new Set(textKeys(de))
  return typeof value === 'string' && keys.has(value)
}

export function isValidationKey(value: unknown): value is ValidationKey {
  return isTranslationKey(value) && value.startsWith('validation.')
}
