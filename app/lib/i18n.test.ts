import { createInstance } from 'i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { configureMissingText } from '../../domain/missing-text.ts'
import { i18nOptions } from './i18n.ts'
import { resources } from './i18n.server.ts'

async function instance(lng: 'de' | 'fr') {
  const i18n = createInstance({ ...i18nOptions, resources })
  await i18n.init({ lng })
  return i18n
}

describe('i18next options (issue 20: no raw key or placeholder on a page)', () => {
  let restore: ReturnType<typeof configureMissingText> | null = null
  afterEach(() => {
    if (restore) configureMissingText(restore)
    restore = null
  })

  it('translates known keys with their values', async () => {
    const i18n = await instance('de')
    expect(i18n.t('admin.users.count', { total: 3 })).toBe('Benutzer: 3')
  })

  it('throws on a missing key in tests and development', async () => {
    const i18n = await instance('fr')
    // A dynamic key that is not in the catalogue (what the create form's hints did).
    const key: string = ['svnCreate', 'hints', 'kontakt', 'plz'].join('.')
    expect(() => i18n.t(key as 'common.ok')).toThrow(/Missing translation key "svnCreate.hints.kontakt.plz"/)
  })

  it('throws on a placeholder without its value', async () => {
    const i18n = await instance('de')
    expect(() => i18n.t('admin.users.count', { count: 3 })).toThrow(/Missing value for \{\{total\}\}/)
  })

  it('in production logs and shows neither the key nor the placeholder', async () => {
    const log = vi.fn()
    restore = configureMissingText({ mode: 'log', log })
    const i18n = await instance('de')
    const key: string = 'svnCreate.hints.kontakt.plz'
    expect(i18n.t(key as 'common.ok')).toBe('')
    expect(i18n.t('admin.users.count')).toBe('Benutzer: ')
    expect(log).toHaveBeenCalledTimes(2)
  })
})
