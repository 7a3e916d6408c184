import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../db/client.ts'
import { openTestDatabase } from '../../db/testing.ts'
import { readUserSettings, saveShortcutsEnabled } from './user-settings.server.ts'

let handle: DatabaseHandle

beforeAll(async () => {
  handle = await openTestDatabase()
})

afterAll(async () => {
  await handle?.close()
})

describe('user settings', () => {
  it('has shortcuts on by default', async () => {
    expect(await readUserSettings(handle.db, 'nobody')).toEqual({ shortcutsEnabled: true })
  })

  it('stores the shortcut switch per subject and changes it again', async () => {
    await saveShortcutsEnabled(handle.db, 'sub-a', false)
    expect(await readUserSettings(handle.db, 'sub-a')).toEqual({ shortcutsEnabled: false })
    expect(await readUserSettings(handle.db, 'sub-b')).toEqual({ shortcutsEnabled: true })
    await saveShortcutsEnabled(handle.db, 'sub-a', true)
    expect(await readUserSettings(handle.db, 'sub-a')).toEqual({ shortcutsEnabled: true })
  })

  it('ignores an empty subject', async () => {
    await saveShortcutsEnabled(handle.db, '', false)
    expect(await readUserSettings(handle.db, '')).toEqual({ shortcutsEnabled: true })
  })
})
