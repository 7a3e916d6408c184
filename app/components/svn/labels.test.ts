import { createInstance } from 'i18next'
import { describe, expect, it } from 'vitest'
import { i18nOptions } from '../../lib/i18n.ts'
import { resources } from '../../lib/i18n.server.ts'
import { enumLabel } from './labels.ts'

describe('enumLabel', () => {
  it('translates the codes the domain lists and shows any other code as the register sent it', async () => {
    const i18n = createInstance({ ...i18nOptions, resources })
    await i18n.init({ lng: 'de' })
    const t = i18n.t
    expect(enumLabel(t, 'status', 'OPEN')).toBe(resources.de.translation.svn.status.OPEN)
    expect(enumLabel(t, 'schiffsart', 3)).toBe(resources.de.translation.svn.schiffsart['3'])
    expect(enumLabel(t, 'grund', '52')).toBe(resources.de.translation.svn.grund['52'])
    expect(enumLabel(t, 'personenTyp', 'JURISTISCH')).toBe(
      resources.de.translation.svn.personenTyp.JURISTISCH,
    )
    expect(enumLabel(t, 'besVerwendung', 0)).toBe(resources.de.translation.svn.besVerwendung['0'])
    // Unknown: data, not a missing text (no throw, no key on the page).
    expect(enumLabel(t, 'status', 'ARCHIVED')).toBe('ARCHIVED')
    expect(enumLabel(t, 'schiffsart', 99)).toBe('99')
    expect(enumLabel(t, 'grund', null)).toBe('')
    expect(enumLabel(t, 'grund', '')).toBe('')
  })
})
