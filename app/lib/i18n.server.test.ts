import { createInstance, type TFunction } from 'i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LANGUAGES } from '../../domain/languages.ts'
import { configureMissingText } from '../../domain/missing-text.ts'
import { i18nOptions } from './i18n.ts'
import { instanceForLanguage, resources } from './i18n.server.ts'

/** Every leaf key of a catalogue with its text. */
function leaves(tree: unknown, prefix = ''): Array<[string, string]> {
  if (typeof tree === 'string') return [[prefix, tree]]
  return Object.entries(tree as Record<string, unknown>).flatMap(([k, v]) =>
    leaves(v, prefix ? `${prefix}.${k}` : k),
  )
}

const call = (t: TFunction, key: string, options?: object) =>
  (t as unknown as (k: string, o?: object) => string)(key, options)

describe('the server render’s i18next view (ADR 523)', () => {
  let restore: ReturnType<typeof configureMissingText> | null = null
  afterEach(() => {
    if (restore) configureMissingText(restore)
    restore = null
  })

  it.each(LANGUAGES)('gives exactly what i18next gives for every key of %s', async (lng) => {
    const plain = createInstance({ ...i18nOptions, resources })
    await plain.init({ lng })
    const view = await instanceForLanguage(lng)
    const fast = view.getFixedT(lng, 'translation')
    const slow = plain.getFixedT(lng, 'translation')
    let compared = 0
    for (const [key, text] of leaves(resources[lng].translation)) {
      const names = [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!)
      const strings = Object.fromEntries(names.map((n) => [n, `<${n} & "x">`]))
      const numbers = Object.fromEntries(names.map((n) => [n, 7]))
      if (names.length === 0) expect(call(fast, key), key).toBe(call(slow, key))
      for (const values of [strings, numbers]) {
        if (names.length === 0) continue
        expect(call(fast, key, values), key).toBe(call(slow, key, values))
      }
      compared++
    }
    expect(compared).toBeGreaterThan(500)
    // Plural and i18next options still go to i18next.
    expect(call(fast, 'pagination.titleSuffix', { page: 2, count: 7 })).toBe(
      call(slow, 'pagination.titleSuffix', { page: 2, count: 7 }),
    )
  })

  it('answers the same text twice from memory, and still reports a missing value each time', async () => {
    const log = vi.fn()
    restore = configureMissingText({ mode: 'log', log })
    const t = (await instanceForLanguage('de')).getFixedT('de', 'translation')
    expect(call(t, 'admin.users.count', { total: 3 })).toBe('Benutzer: 3')
    expect(call(t, 'admin.users.count', { total: 4 })).toBe('Benutzer: 4')
    expect(call(t, 'admin.users.count', {})).toBe('Benutzer: ')
    expect(call(t, 'admin.users.count', {})).toBe('Benutzer: ')
    expect(log).toHaveBeenCalledTimes(2)
    const key: string = ['svnCreate', 'hints', 'nope'].join('.')
    expect(call(t, key)).toBe('')
    expect(call(t, key)).toBe('')
    expect(log).toHaveBeenCalledTimes(4)
  })

  it('throws on a missing key in tests, as i18next does', async () => {
    const t = (await instanceForLanguage('fr')).getFixedT('fr', 'translation')
    expect(() => call(t, ['svnCreate', 'hints', 'x'].join('.'))).toThrow(/Missing translation key/)
  })

  it('has no own properties for react-i18next to copy besides t and getFixedT', async () => {
    const view = await instanceForLanguage('it')
    expect(Object.getOwnPropertyNames(view).filter((n) => n !== 'reportNamespaces')).toEqual([
      't',
      'getFixedT',
    ])
    expect(view.language).toBe('it')
    expect(view.getFixedT('it', 'translation')).toBe(view.t)
  })
})
