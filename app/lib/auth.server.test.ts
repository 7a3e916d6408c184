import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { RouterContextProvider } from 'react-router'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../db/client.ts'
import { openTestDatabase } from '../../db/testing.ts'
import { freshSession } from './auth.server.ts'
import { appContext, type PortalConfig } from './context.ts'
import {
  claimTokenRefresh,
  createSession,
  destroySession,
  patchSessionData,
  readSession,
  REFRESH_CLAIM_MS,
  saveRefreshedTokens,
  type Session,
  type SessionData,
} from './session.server.ts'
import { freePort } from '../../server/testing/process.ts'
import { DEFAULT_USER_SETTINGS } from './user-settings.server.ts'

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
const jwt = (claims: object) => `${b64({ alg: 'RS256', typ: 'at+jwt' })}.${b64(claims)}.c2ln`

/** A stand-in token endpoint: answers refresh grants as told, counting calls. */
let server: Server
let issuer: string
let answer: { status: number; roles: string[] } = { status: 200, roles: ['SVN_SUCHEN'] }
let calls = 0
/** What happens elsewhere while the endpoint is answering a refresh. */
let duringRefresh: (() => Promise<void>) | undefined

let handle: DatabaseHandle
let context: RouterContextProvider

beforeAll(async () => {
  server = createServer(async (req, res) => {
    if (req.url?.endsWith('/.well-known/openid-configuration')) {
      res.setHeader('Content-Type', 'application/json')
      res.end(JSON.stringify({ authorization_endpoint: `${issuer}/auth`, token_endpoint: `${issuer}/token` }))
      return
    }
    calls += 1
    await duringRefresh?.()
    res.setHeader('Content-Type', 'application/json')
    if (answer.status !== 200) {
      res.statusCode = answer.status
      res.end(JSON.stringify({ error: 'invalid_grant' }))
      return
    }
    const iat = Math.floor(Date.now() / 1000)
    res.end(
      JSON.stringify({
        access_token: jwt({
          sub: 's1',
          iat,
          exp: iat + 300,
          resource_access: { portal: { roles: answer.roles } },
        }),
        token_type: 'Bearer',
        expires_in: 300,
        refresh_token: `refresh-${calls}`,
      }),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/oidc`
  handle = await openTestDatabase()
  const config: PortalConfig = {
    origin: 'http://localhost:3000',
    secure: false,
    oidc: { issuer, clientId: 'portal', clientSecret: 'secret' },
    registerUrl: 'http://127.0.0.1:9/svnwebaccess',
    sessionSecret: 'x'.repeat(32),
    debugPages: false,
    version: '5.1.5',
    commit: 'test',
  }
  context = new RouterContextProvider()
  context.set(appContext, { cspNonce: 'n', config, db: handle.db })
})

afterAll(async () => {
  await handle.close()
  await new Promise((resolve) => server.close(resolve))
})

beforeEach(() => {
  calls = 0
  answer = { status: 200, roles: ['SVN_SUCHEN'] }
  duringRefresh = undefined
})

async function loggedIn(issuedAgoMs: number): Promise<Session> {
  const now = Date.now()
  const data: SessionData = {
    sub: 's1',
    accessToken: jwt({ sub: 's1' }),
    refreshToken: 'refresh-0',
    idToken: null,
    accessIssuedAt: now - issuedAgoMs,
    accessExpiresAt: now - issuedAgoMs + 300_000,
    user: {
      id: 1,
      vorname: null,
      nachname: 'Muster',
      email: 'm@example.ch',
      gsCode: '1001',
      insurerName: 'Alpina',
      logoVersion: 0,
      maklerNummer: null,
    },
    roles: ['ADMIN'],
    navOpen: null,
    createdAt: now,
  }
  const id = await createSession(handle.db, data, now)
  return { id, data, settings: DEFAULT_USER_SETTINGS }
}

describe('freshSession', () => {
  it('leaves a young access token alone', async () => {
    const session = await loggedIn(60_000)
    expect(await freshSession(context, session)).toBe(session)
    expect(calls).toBe(0)
  })

  it('refreshes after 75 % of the lifetime, storing new tokens and roles', async () => {
    answer.roles = ['SVN_SUCHEN', 'SVN_ERSTELLEN']
    const session = { ...(await loggedIn(230_000)), settings: { shortcutsEnabled: false } }
    const next = await freshSession(context, session)
    expect(calls).toBe(1)
    // The settings read with the session stay with it (the page needs no second query, ADR 525).
    expect(next?.settings).toEqual({ shortcutsEnabled: false })
    expect(next?.data.refreshToken).toBe('refresh-1')
    expect(next?.data.roles).toEqual(['SVN_SUCHEN', 'SVN_ERSTELLEN'])
    expect((await readSession(handle.db, session.id))?.data.refreshToken).toBe('refresh-1')
  })

  it('logs out when the refresh fails', async () => {
    answer.status = 400
    const session = await loggedIn(290_000)
    expect(await freshSession(context, session)).toBeNull()
    expect(await readSession(handle.db, session.id)).toBeNull()
  })

  it('takes the tokens of a parallel request that refreshed first', async () => {
    answer.status = 400
    const session = await loggedIn(290_000)
    const winner = jwt({ sub: 's1', n: 2 })
    await saveRefreshedTokens(handle.db, session.id, session.data.accessToken, {
      ...session.data,
      accessToken: winner,
    })
    const next = await freshSession(context, session)
    expect(next?.data.accessToken).toBe(winner)
  })

  it('refreshes once for requests that come together, and gives each the new tokens (ADR 533)', async () => {
    const session = await loggedIn(230_000)
    // Each request read the session itself: equal data, distinct objects.
    const results = await Promise.all(
      Array.from({ length: 5 }, () => freshSession(context, { ...session, data: { ...session.data } })),
    )
    expect(calls).toBe(1)
    expect(results.map((r) => r?.data.refreshToken)).toEqual(Array(5).fill('refresh-1'))
    expect((await readSession(handle.db, session.id))?.data.refreshClaimUntil).toBeUndefined()
  })

  it('keeps the menu state the clerk saved while the IdP answered (ADR 533)', async () => {
    const session = await loggedIn(230_000)
    duringRefresh = () => patchSessionData(handle.db, session.id, 'navOpen', false)
    const next = await freshSession(context, session)
    expect(calls).toBe(1)
    expect(next?.data).toMatchObject({ navOpen: false, refreshToken: 'refresh-1' })
    expect((await readSession(handle.db, session.id))?.data).toEqual(next?.data)
  })

  it('stays signed out when the clerk logged out while the IdP answered', async () => {
    const session = await loggedIn(230_000)
    duringRefresh = () => destroySession(handle.db, session.id)
    expect(await freshSession(context, session)).toBeNull()
    expect(await readSession(handle.db, session.id)).toBeNull()
  })

  it('takes the tokens another request stored while the IdP answered (a lapsed claim taken over)', async () => {
    const session = await loggedIn(230_000)
    const other = jwt({ sub: 's1', n: 4 })
    duringRefresh = async () => {
      await saveRefreshedTokens(handle.db, session.id, session.data.accessToken, {
        ...session.data,
        accessToken: other,
      })
    }
    expect((await freshSession(context, session))?.data.accessToken).toBe(other)
    expect((await readSession(handle.db, session.id))?.data.accessToken).toBe(other)
  })

  it('goes on with a token that still has life while another worker refreshes', async () => {
    const session = await loggedIn(230_000)
    expect(await claimTokenRefresh(handle.db, session.id, session.data.accessToken)).toBe(true)
    expect(await freshSession(context, session)).toBe(session)
    expect(calls).toBe(0)
  })

  it("waits for another worker's tokens when its own is about to expire", async () => {
    const session = await loggedIn(295_000)
    expect(await claimTokenRefresh(handle.db, session.id, session.data.accessToken)).toBe(true)
    const winner = jwt({ sub: 's1', n: 3 })
    const { accessToken } = session.data
    setTimeout(
      () =>
        void saveRefreshedTokens(handle.db, session.id, accessToken, {
          ...session.data,
          accessToken: winner,
        }),
      300,
    )
    const next = await freshSession(context, session)
    expect(calls).toBe(0)
    expect(next?.data.accessToken).toBe(winner)
  })

  it('refreshes itself once the other claim has lapsed', async () => {
    const session = await loggedIn(295_000)
    const lapsed = Date.now() - REFRESH_CLAIM_MS
    expect(await claimTokenRefresh(handle.db, session.id, session.data.accessToken, lapsed)).toBe(true)
    const next = await freshSession(context, session)
    expect(calls).toBe(1)
    expect(next?.data.refreshToken).toBe('refresh-1')
  })

  it('gives the claim back when the IdP cannot be reached, so the next request tries at once', async () => {
    const session = await loggedIn(295_000)
    const { config, ...rest } = context.get(appContext)
    // A port that was just free: nothing listens, the connection is refused.
    const issuer = `http://127.0.0.1:${await freePort()}/oidc`
    const offline = new RouterContextProvider()
    offline.set(appContext, { ...rest, config: { ...config, oidc: { ...config.oidc, issuer } } })
    await expect(freshSession(offline, session)).rejects.toThrow()
    expect(await readSession(handle.db, session.id)).not.toBeNull()
    expect(await claimTokenRefresh(handle.db, session.id, session.data.accessToken)).toBe(true)
  })
})
