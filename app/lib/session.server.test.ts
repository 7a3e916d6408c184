import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../db/client.ts'
import { openTestDatabase } from '../../db/testing.ts'
import {
  ABSOLUTE_TIMEOUT_MS,
  claimTokenRefresh,
  createSession,
  destroySession,
  IDLE_TIMEOUT_MS,
  patchSessionData,
  readSession,
  REFRESH_CLAIM_MS,
  saveRefreshedTokens,
  type SessionData,
} from './session.server.ts'
import { saveShortcutsEnabled } from './user-settings.server.ts'

let handle: DatabaseHandle
beforeAll(async () => {
  handle = await openTestDatabase()
})
afterAll(async () => {
  await handle.close()
})

function sessionData(createdAt: number): SessionData {
  return {
    sub: 'subject-1',
    accessToken: 'access',
    refreshToken: 'refresh',
    idToken: 'id',
    accessIssuedAt: createdAt,
    accessExpiresAt: createdAt + 300_000,
    user: {
      id: 1,
      vorname: 'Anna',
      nachname: 'Muster',
      email: 'anna@example.ch',
      gsCode: '1001',
      insurerName: 'Alpina',
      logoVersion: 0,
      maklerNummer: null,
    },
    roles: ['SVN_SUCHEN'],
    navOpen: null,
    createdAt,
  }
}

describe('portal sessions', () => {
  it('stores the data under an opaque id and reads it back', async () => {
    const now = Date.now()
    const id = await createSession(handle.db, sessionData(now), now)
    expect(id).toMatch(/^[\w-]{43}$/)
    const session = await readSession(handle.db, id, now + 1000)
    expect(session?.data.user.nachname).toBe('Muster')
    expect(await readSession(handle.db, `${id}x`, now)).toBeNull()
  })

  it("reads the user's settings with the session: the default, then each saved change at once", async () => {
    const now = Date.now()
    const data = { ...sessionData(now), sub: 'subject-settings' }
    const id = await createSession(handle.db, data, now)
    expect((await readSession(handle.db, id, now))?.settings).toEqual({ shortcutsEnabled: true })
    await saveShortcutsEnabled(handle.db, data.sub, false)
    expect((await readSession(handle.db, id, now))?.settings).toEqual({ shortcutsEnabled: false })
    await saveShortcutsEnabled(handle.db, data.sub, true)
    expect((await readSession(handle.db, id, now))?.settings).toEqual({ shortcutsEnabled: true })
    // Another user's setting is not this session's.
    await saveShortcutsEnabled(handle.db, 'subject-other', false)
    expect((await readSession(handle.db, id, now))?.settings).toEqual({ shortcutsEnabled: true })
  })

  it('keeps the id out of the table (only its hash is stored)', async () => {
    const now = Date.now()
    const id = await createSession(handle.db, sessionData(now), now)
    const rows = await handle.db.query.portalSessions.findMany()
    expect(rows.some((r) => r.idHash === id)).toBe(false)
  })

  it('ends after 30 idle minutes, and activity pushes the limit', async () => {
    const now = Date.now()
    const id = await createSession(handle.db, sessionData(now), now)
    expect(await readSession(handle.db, id, now + IDLE_TIMEOUT_MS - 120_000)).not.toBeNull()
    // That read counted as activity: another 29 minutes later it is still alive.
    expect(await readSession(handle.db, id, now + 2 * IDLE_TIMEOUT_MS - 240_000)).not.toBeNull()
    const idle = await createSession(handle.db, sessionData(now), now)
    expect(await readSession(handle.db, idle, now + IDLE_TIMEOUT_MS + 1)).toBeNull()
  })

  it('ends after 10 hours however active', async () => {
    const now = Date.now()
    const id = await createSession(handle.db, sessionData(now), now)
    let t = now
    while (t < now + ABSOLUTE_TIMEOUT_MS - IDLE_TIMEOUT_MS) {
      t += IDLE_TIMEOUT_MS - 60_000
      expect(await readSession(handle.db, id, t)).not.toBeNull()
    }
    expect(await readSession(handle.db, id, now + ABSOLUTE_TIMEOUT_MS + 1)).toBeNull()
  })

  it('saves changes and destroys on logout', async () => {
    const now = Date.now()
    const id = await createSession(handle.db, sessionData(now), now)
    await patchSessionData(handle.db, id, 'navOpen', false)
    expect((await readSession(handle.db, id, now))?.data.navOpen).toBe(false)
    await destroySession(handle.db, id)
    expect(await readSession(handle.db, id, now)).toBeNull()
  })

  it('patches one cached key in place without touching what others saved', async () => {
    const now = Date.now()
    const id = await createSession(handle.db, sessionData(now), now)
    // Another request stores a preference meanwhile; the cache write must not undo it.
    await patchSessionData(handle.db, id, 'navOpen', true)
    await patchSessionData(handle.db, id, 'navCounts', { at: now, values: { svn: 3, ae: 0 } })
    const read = await readSession(handle.db, id, now)
    expect(read?.data.navOpen).toBe(true)
    expect(read?.data.navCounts).toEqual({ at: now, values: { svn: 3, ae: 0 } })
    await patchSessionData(handle.db, id, 'navCounts', null)
    const cleared = await readSession(handle.db, id, now)
    expect(cleared?.data.navCounts).toBeUndefined()
    expect(cleared?.data.navOpen).toBe(true)
  })

  it('lets one request at a time claim the token refresh, until its claim lapses (ADR 533)', async () => {
    const now = Date.now()
    const id = await createSession(handle.db, sessionData(now), now)
    expect(await claimTokenRefresh(handle.db, id, 'access', now)).toBe(true)
    expect(await claimTokenRefresh(handle.db, id, 'access', now + 1)).toBe(false)
    // Lapsed: the claimer died or hangs; another may try.
    expect(await claimTokenRefresh(handle.db, id, 'access', now + REFRESH_CLAIM_MS)).toBe(true)
    // Tokens already refreshed by someone: nothing to claim with the old one.
    await saveRefreshedTokens(handle.db, id, 'access', { ...sessionData(now), accessToken: 'access-2' })
    expect(await claimTokenRefresh(handle.db, id, 'access', now + 3 * REFRESH_CLAIM_MS)).toBe(false)
    expect(await claimTokenRefresh(handle.db, id, 'access-2', now)).toBe(true)
    expect(await claimTokenRefresh(handle.db, `${id}x`, 'access-2', now + 3 * REFRESH_CLAIM_MS)).toBe(false)
  })

  it('stores the menu state and the logo version without writing back tokens refreshed meanwhile', async () => {
    const now = Date.now()
    const id = await createSession(handle.db, sessionData(now), now)
    const stale = await readSession(handle.db, id, now)
    if (!stale) throw new Error('session missing')
    await saveRefreshedTokens(handle.db, id, 'access', {
      ...sessionData(now),
      accessToken: 'access-2',
      refreshToken: 'refresh-2',
    })
    await patchSessionData(handle.db, id, 'navOpen', false)
    await patchSessionData(handle.db, id, 'user', { ...stale.data.user, logoVersion: 4 })
    const read = await readSession(handle.db, id, now)
    expect(read?.data).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2', navOpen: false })
    expect(read?.data.user.logoVersion).toBe(4)
  })

  it('stores refreshed tokens beside what was saved during the refresh, and ends the claim (ADR 533)', async () => {
    const now = Date.now()
    const id = await createSession(handle.db, sessionData(now), now)
    expect(await claimTokenRefresh(handle.db, id, 'access', now)).toBe(true)
    // While the IdP answers, the clerk folds the menu in another tab.
    await patchSessionData(handle.db, id, 'navOpen', false)
    // The refreshing request holds the data as read before (menu unfolded): only its tokens count.
    const stored = await saveRefreshedTokens(handle.db, id, 'access', {
      ...sessionData(now),
      accessToken: 'access-2',
      refreshToken: 'refresh-2',
      roles: ['SVN_SUCHEN', 'SVN_ERSTELLEN'],
    })
    expect(stored).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2', navOpen: false })
    expect(stored?.roles).toEqual(['SVN_SUCHEN', 'SVN_ERSTELLEN'])
    expect(stored?.refreshClaimUntil).toBeUndefined()
    expect((await readSession(handle.db, id, now))?.data).toEqual(stored)
    // The next refresh may be claimed at once, with the new token only.
    expect(await claimTokenRefresh(handle.db, id, 'access', now)).toBe(false)
    expect(await claimTokenRefresh(handle.db, id, 'access-2', now)).toBe(true)
  })

  it('stores no refreshed tokens over a session ended or refreshed by another meanwhile', async () => {
    const now = Date.now()
    const id = await createSession(handle.db, sessionData(now), now)
    await saveRefreshedTokens(handle.db, id, 'access', { ...sessionData(now), accessToken: 'access-2' })
    expect(
      await saveRefreshedTokens(handle.db, id, 'access', { ...sessionData(now), accessToken: 'access-3' }),
    ).toBeNull()
    expect((await readSession(handle.db, id, now))?.data.accessToken).toBe('access-2')
    await destroySession(handle.db, id)
    expect(await saveRefreshedTokens(handle.db, id, 'access-2', sessionData(now))).toBeNull()
    expect(await readSession(handle.db, id, now)).toBeNull()
  })
})
