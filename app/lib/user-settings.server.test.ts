import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../db/client.ts'
import { portalUserSettings } from '../../db/schema/portal.ts'
import { openTestDatabase } from '../../db/testing.ts'
import { saveShortcutsEnabled, userSettingsOf } from './user-settings.server.ts'

let handle: DatabaseHandle

beforeAll(async () => {
  handle = await openTestDatabase()
})

afterAll(async () => {
  await handle?.close()
})

// Reading them happens with the session (session.server.test.ts); here the row and its mapping.
const stored = async () =>
  Object.fromEntries(
    (await handle.db.select().from(portalUserSettings)).map((r) => [r.subject, r.shortcutsEnabled]),
  )

describe('user settings', () => {
  it('has shortcuts on by default: no row, or a null column', () => {
    expect(userSettingsOf(undefined)).toEqual({ shortcutsEnabled: true })
    expect(userSettingsOf(null)).toEqual({ shortcutsEnabled: true })
    expect(userSettingsOf(false)).toEqual({ shortcutsEnabled: false })
  })

  it('stores the shortcut switch per subject and changes it again', async () => {
    await saveShortcutsEnabled(handle.db, 'sub-a', false)
    expect(await stored()).toEqual({ 'sub-a': false })
    await saveShortcutsEnabled(handle.db, 'sub-a', true)
    await saveShortcutsEnabled(handle.db, 'sub-b', false)
    expect(await stored()).toEqual({ 'sub-a': true, 'sub-b': false })
  })

  it('ignores an empty subject', async () => {
    await saveShortcutsEnabled(handle.db, '', false)
    expect(Object.keys(await stored())).not.toContain('')
  })
})
