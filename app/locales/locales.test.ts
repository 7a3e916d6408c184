import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { LANGUAGES, type Language } from '../../domain/languages.ts'
import { typographyProblems } from '../../domain/testing/typography.ts'
import de from './de.json' with { type: 'json' }
import en from './en.json' with { type: 'json' }
import fr from './fr.json' with { type: 'json' }
import it_ from './it.json' with { type: 'json' }

const resources: Record<Language, unknown> = { de, fr, it: it_, en }

/** Every leaf of a nested resource as `path.to.key` → value. */
function flatten(node: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (node !== null && typeof node === 'object' && !Array.isArray(node)) {
    for (const [key, value] of Object.entries(node)) flatten(value, prefix ? `${prefix}.${key}` : key, out)
  } else {
    out.set(prefix, node)
  }
  return out
}

function variables(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([^},\s]+)[^}]*\}\}/g)].map((m) => m[1] ?? '').sort()
}

const flat = Object.fromEntries(LANGUAGES.map((lng) => [lng, flatten(resources[lng])])) as Record<
  Language,
  Map<string, unknown>
>
const allKeys = [...new Set(LANGUAGES.flatMap((lng) => [...flat[lng].keys()]))].sort()

describe('locales', () => {
  it('has a resource for every language', () => {
    for (const lng of LANGUAGES) expect(flat[lng].size, lng).toBeGreaterThan(0)
  })

  it.each(LANGUAGES)('%s has every key, each a non-empty string', (lng) => {
    const problems = allKeys.filter((key) => {
      const value = flat[lng].get(key)
      return typeof value !== 'string' || value.trim() === ''
    })
    expect(problems).toEqual([])
  })

  it('uses the same interpolation variables in every language', () => {
    const problems: string[] = []
    for (const key of allKeys) {
      const reference = variables(String(flat.de.get(key) ?? ''))
      for (const lng of LANGUAGES) {
        const own = variables(String(flat[lng].get(key) ?? ''))
        if (own.join(',') !== reference.join(','))
          problems.push(`${lng}:${key} has {${own}} but de has {${reference}}`)
      }
    }
    expect(problems).toEqual([])
  })

  it('keeps the typography: ’ for the apostrophe, no-break spaces in French pairs and before units (ADR 824)', () => {
    const problems = LANGUAGES.flatMap((lng) =>
      [...flat[lng]].flatMap(([key, value]) =>
        typographyProblems(lng, String(value)).map((rule) => `${lng}:${key}: ${rule}`),
      ),
    )
    expect(problems).toEqual([])
  })

  it('writes Swiss German (ss, never ß)', () => {
    const problems = [...flat.de].filter(([, value]) => String(value).includes('ß')).map(([key]) => key)
    expect(problems).toEqual([])
  })

  it('has the keys the shell and the lead rely on', () => {
    const required = [
      'app.title',
      'app.version',
      'a11y.skipToContent',
      'common.errorPrefix',
      'ui.button.logout',
      'ui.button.login',
      'nav.open',
      'nav.close',
      'nav.label',
      'nav.countLabel',
      'nav.sections.svn',
      'nav.sections.ae',
      'header.userMenu',
      'header.language',
      ...['noPermission', 'error', 'accessdenied', 'refused', 'notFound'].flatMap((page) =>
        ['title', 'heading', 'text'].map((part) => `pages.${page}.${part}`),
      ),
      'pages.loginLink',
      'pages.refused.link',
      'logout.title',
      'logout.heading',
      'logout.success',
      'logout.loginAgain',
      'toast.dismiss',
      'toast.region',
      'errors.sessionExpired',
      'errors.registerUnavailable',
      'errors.conflict',
      'home.title',
    ]
    expect(required.filter((key) => !flat.de.has(key))).toEqual([])
  })

  // Catches a typo in a literal key (`t('nav.entris.search')`) anywhere in the portal's UI code.
  it('has every literal key the UI code asks for', () => {
    const appDir = fileURLToPath(new URL('..', import.meta.url))
    const missing: string[] = []
    for (const file of sourceFiles(appDir)) {
      const text = readFileSync(file, 'utf8')
      for (const match of text.matchAll(/\bt\(\s*'([a-zA-Z][\w-]*(?:\.[\w-]+)+)'/g)) {
        const key = match[1] ?? ''
        if (!flat.de.has(key)) missing.push(`${relative(appDir, file)}: ${key}`)
      }
    }
    expect(missing).toEqual([])
  })
})

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : []
  })
}
