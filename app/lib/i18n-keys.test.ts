import { createInstance } from 'i18next'
import { describe, expect, expectTypeOf, it } from 'vitest'
import { i18nOptions } from './i18n.ts'
import { resources } from './i18n.server.ts'
import { isTranslationKey, isValidationKey, type TranslationKey } from './i18n-keys.ts'

describe('typed translation keys (issue 20 item 1, ADR 800)', () => {
  it('a wrong key fails tsc', async () => {
    const i18n = createInstance({ ...i18nOptions, resources })
    await i18n.init({ lng: 'de' })
    expect(i18n.t('common.ok')).toBeTruthy()
    // If the CustomTypeOptions typing (app/i18next.d.ts) were switched off, this directive would be
    // unused and `tsc --noEmit` (npm test's typecheck) would fail.
    // @ts-expect-error 'no.such.key' is not in de.json
    expect(() => i18n.t('no.such.key')).toThrow(/Missing translation key "no.such.key"/)
    expectTypeOf<'common.ok'>().toExtend<TranslationKey>()
    expectTypeOf<'no.such.key'>().not.toExtend<TranslationKey>()
  })

  it('checks keys that arrive as data against the catalogue', () => {
    expect(isTranslationKey('common.ok')).toBe(true)
    expect(isTranslationKey('validation.required')).toBe(true)
    expect(isTranslationKey('no.such.key')).toBe(false)
    // A group is no text.
    expect(isTranslationKey('validation')).toBe(false)
    expect(isTranslationKey(42)).toBe(false)
    expect(isValidationKey('validation.maxLength')).toBe(true)
    expect(isValidationKey('common.ok')).toBe(false)
    expect(isValidationKey('validation.nope')).toBe(false)
  })
})
