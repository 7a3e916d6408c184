/**
 * What happens when a text is missing: a translation key without a text, or a placeholder without its
 * value (issue 20). In tests and development it throws, so the mistake fails the test or the page that
 * shows it; in production it is logged and the page shows no raw key or `{{placeholder}}` (ADR 800).
 * Browser-safe (no node imports): the portal's client uses it too.
 */
export type MissingTextMode = 'throw' | 'log'

interface MissingTextSettings {
  mode: MissingTextMode
  /** Where a missing text is reported in 'log' mode. */
  log: (message: string) => void
}

// Throwing is the default: a part started alone (a unit test) fails loudly; the server and the
// client choose 'log' explicitly in production.
const settings: MissingTextSettings = { mode: 'throw', log: (message) => console.warn(message) }

export function configureMissingText(next: Partial<MissingTextSettings>): MissingTextSettings {
  const previous = { ...settings }
  Object.assign(settings, next)
  return previous
}

export class MissingTextError extends Error {
  override name = 'MissingTextError'
}

export function reportMissingText(message: string): void {
  if (settings.mode === 'throw') throw new MissingTextError(message)
  settings.log(message)
}

/** `{name}` placeholders (IdP and register catalogues) filled from vars; a missing value is reported. */
export function fillPlaceholders(text: string, vars: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const value = vars[name]
    if (value !== undefined) return String(value)
    reportMissingText(`Missing value for {${name}} in "${text}"`)
    return ''
  })
}
