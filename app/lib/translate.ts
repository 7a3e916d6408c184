import { reportMissingText } from '../../domain/missing-text.ts'
import type { TranslationKey } from './i18n-keys.ts'

/**
 * The portal's texts as the screens use them (ADR 530): a flat dictionary `key → text` and a `t` that
 * does what the screens need of i18next and nothing more — a lookup, `{{name}}` placeholders (no HTML
 * escaping: React escapes), `defaultValue`. The same code runs on the server and in the browser, so a
 * hydrated page shows the very strings the server rendered. `null` marks a key that the full catalogue
 * lacks (so the browser knows it is missing, not merely not sent). Browser-safe: no i18next here.
 */
export type Dictionary = Record<string, string | null>

export interface TranslateOptions {
  defaultValue?: string
  [value: string]: unknown
}

export type Translate = (key: TranslationKey, options?: TranslateOptions) => string

/** `{ a: { b: 'x' } }` → `{ 'a.b': 'x' }`, texts only. */
export function flatten(
  tree: Readonly<Record<string, unknown>>,
  prefix = '',
  into: Dictionary = {},
): Dictionary {
  for (const [name, value] of Object.entries(tree)) {
    if (typeof value === 'string') into[`${prefix}${name}`] = value
    else if (value && typeof value === 'object')
      flatten(value as Readonly<Record<string, unknown>>, `${prefix}${name}.`, into)
  }
  return into
}

function valueAt(values: Readonly<Record<string, unknown>>, path: string): unknown {
  let here: unknown = values
  for (const part of path.split('.')) {
    if (here === null || typeof here !== 'object') return undefined
    here = (here as Record<string, unknown>)[part]
  }
  return here
}

/** Fills `{{name}}` from values; a placeholder without its value is reported and shows as nothing (ADR 800). */
export function interpolate(text: string, values: Readonly<Record<string, unknown>> | undefined): string {
  if (!text.includes('{{')) return text
  return text.replace(/\{\{(.+?)\}\}/g, (match, name: string) => {
    const value = values ? valueAt(values, name.trim()) : undefined
    if (value !== undefined && value !== null) return String(value)
    reportMissingText(`Missing value for ${match} in "${text}"`)
    return ''
  })
}

/**
 * A `t` over `lookup`: a string is the text; `null` or `undefined` is a missing key, reported and shown
 * as the default value or nothing — never as the key (ADR 800).
 */
export function createTranslate(
  lookup: (key: string) => string | null | undefined,
  onMissing: (key: string) => void,
): Translate {
  return (key, options) => {
    const text = lookup(key)
    if (typeof text === 'string') return interpolate(text, options)
    onMissing(key)
    return options?.defaultValue ?? ''
  }
}

/** Reports a key the full catalogue lacks (throws in tests and development, logs in production). */
export function reportMissingKey(key: string, language: string): void {
  reportMissingText(`Missing translation key "${key}" (${language})`)
}

/** JSON safe inside a `<script>` element: no `</script>`, no `<!--`, no line separators. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}
