import { createInstance } from 'i18next'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LANGUAGES } from '../../domain/languages.ts'
import { configureMissingText } from '../../domain/missing-text.ts'
import { i18nOptions } from './i18n.ts'
import { pageTexts, resources } from './i18n.server.ts'
import type { TranslationKey } from './i18n-keys.ts'
import { PageTexts, TextsProvider, useTranslation } from './texts.tsx'
import { flatten, scriptJson } from './translate.ts'

const key = (k: string) => k as TranslationKey

describe('the portal t (ADR 530)', () => {
  let restore: ReturnType<typeof configureMissingText> | null = null
  afterEach(() => {
    if (restore) configureMissingText(restore)
    restore = null
  })

  it.each(LANGUAGES)('gives what i18next gives for every key of %s, placeholders filled', async (lng) => {
    const i18n = createInstance({ ...i18nOptions, resources })
    await i18n.init({ lng })
    const t = pageTexts(lng).translate()
    const [own, de] = [flatten(resources[lng].translation), flatten(resources.de.translation)]
    const keys = Object.keys(de)
    expect(keys.length).toBeGreaterThan(400)
    for (const k of keys) {
      const text = (own[k] ?? '') + (de[k] ?? '')
      const values = Object.fromEntries(
        [...text.matchAll(/\{\{(.+?)\}\}/g)].map((m, i) => [m[1]!.trim(), i % 2 ? 7 : `v${i}`]),
      )
      expect(t(key(k), values), k).toBe(i18n.t(key(k), values))
    }
  })

  it('reports a missing key and a placeholder without its value (throws in tests)', () => {
    const t = pageTexts('fr').translate()
    expect(() => t(key('svnCreate.hints.kontakt.plz'))).toThrow(
      /Missing translation key "svnCreate.hints.kontakt.plz"/,
    )
    expect(() => t('admin.users.count', { count: 3 })).toThrow(/Missing value for \{\{total\}\}/)
  })

  it('in production shows the default value or nothing, never the key or the placeholder', () => {
    const log = vi.fn()
    restore = configureMissingText({ mode: 'log', log })
    const t = pageTexts('de').translate()
    expect(t(key('no.such.key'))).toBe('')
    expect(t(key('admin.userTypes.X'), { defaultValue: 'X' })).toBe('X')
    expect(t('admin.users.count', {})).toBe('Benutzer: ')
    expect(log).toHaveBeenCalledTimes(3)
  })

  it('writes into the page exactly the texts it used, and a missing key as null', () => {
    restore = configureMissingText({ mode: 'log', log: () => {} })
    const texts = pageTexts('it')
    function Screen() {
      const { t, i18n } = useTranslation()
      return (
        <p lang={i18n.language}>
          {t('common.ok')} {t('admin.users.count', { total: 2 })} {t(key('no.such.key'))}
        </p>
      )
    }
    const html = renderToString(
      <TextsProvider value={texts}>
        <Screen />
        <PageTexts />
      </TextsProvider>,
    )
    const json = /<script id="page-texts" type="application\/json">(.*?)<\/script>/.exec(html)?.[1]
    const it = flatten(resources.it.translation)
    expect(JSON.parse(json!)).toEqual({
      'common.ok': it['common.ok'],
      'admin.users.count': it['admin.users.count'],
      'no.such.key': null,
    })
  })

  it('keeps a text from closing its script element', () => {
    expect(scriptJson({ a: '</script><!-- \u2028' })).toBe('{"a":"\\u003c/script>\\u003c!-- \\u2028"}')
    expect(JSON.parse(scriptJson({ a: '</script>' }))).toEqual({ a: '</script>' })
  })
})
