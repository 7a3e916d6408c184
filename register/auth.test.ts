import { eq } from 'drizzle-orm'
import { UnsecuredJWT, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { DatabaseHandle } from '../db/client.ts'
import { insurers, users } from '../db/schema/register.ts'
import { openTestDatabase } from '../db/testing.ts'
import type { createRegisterApp } from './app.ts'
import { seedRegisterDemo } from './seed/demo.ts'
import {
  TEST_CLIENT_ID,
  TEST_ISSUER,
  addUser,
  bearer,
  createCheckedRegisterApp,
  createTestIdp,
  foreignKey,
  type TestIdp,
  type TokenOptions,
} from './testing.ts'

/** Every endpoint of the register so far, and whether it needs a role in the token. */
const ENDPOINTS = [
  { method: 'GET', path: '/users/self', needsRole: false },
  { method: 'POST', path: '/users/logout', needsRole: false },
  { method: 'GET', path: '/versicherung', needsRole: true },
  { method: 'GET', path: '/versicherung/logo', needsRole: false },
  { method: 'GET', path: '/codes/category/Land', needsRole: true },
] as const

let handle: DatabaseHandle
let idp: TestIdp
let app: ReturnType<typeof createRegisterApp>
const ACTIVE = 'sub-active-clerk'
const INACTIVE = 'sub-deactivated'

beforeAll(async () => {
  handle = await openTestDatabase()
  await seedRegisterDemo(handle.db)
  // A logo, so that the logo endpoint's happy path answers 200.
  await handle.db
    .update(insurers)
    .set({ logo: Buffer.from([0x89, 0x50, 0x4e, 0x47]), logoMimeType: 'image/png', logoVersion: 1 })
    .where(eq(insurers.gsCode, '1001'))
  await addUser(handle.db, {
    gsCode: '1001',
    email: 'active@test.example',
    subject: ACTIVE,
    roles: ['SVN_SUCHEN'],
  })
  await addUser(handle.db, {
    gsCode: '1001',
    email: 'gone@test.example',
    subject: INACTIVE,
    roles: ['SVN_SUCHEN'],
    aktiv: false,
  })
  idp = await createTestIdp()
  app = createCheckedRegisterApp({
    db: handle.db,
    issuer: TEST_ISSUER,
    clientId: TEST_CLIENT_ID,
    getKey: idp.getKey,
  })
})

afterAll(async () => {
  await handle?.close()
})

function call(method: string, path: string, authorization?: string) {
  return app.request(path, { method, headers: authorization ? { Authorization: authorization } : {} })
}

async function callWith(method: string, path: string, options: TokenOptions) {
  return call(method, path, `Bearer ${await idp.token({ sub: ACTIVE, roles: ['SVN_SUCHEN'], ...options })}`)
}

async function expectError(res: Response, status: number): Promise<unknown> {
  expect(res.status).toBe(status)
  expect(res.headers.get('content-type')).toMatch(/^application\/json/)
  const body = (await res.json()) as { error: unknown }
  expect(typeof body.error).toBe('string')
  return body
}

describe.each(ENDPOINTS)('$method $path', ({ method, path, needsRole }) => {
  it('answers 401 without a token', async () => {
    const res = await call(method, path)
    await expectError(res, 401)
    expect(res.headers.get('www-authenticate')).toBe('Bearer')
  })

  it('answers 401 for a malformed token or another scheme', async () => {
    await expectError(await call(method, path, 'Bearer not.a.jwt'), 401)
    await expectError(await call(method, path, 'Bearer abc'), 401)
    await expectError(await call(method, path, 'Basic dXNlcjpwYXNz'), 401)
    await expectError(await call(method, path, 'Bearer '), 401)
  })

  it('answers 401 for a token signed with another key', async () => {
    const res = await callWith(method, path, { key: await foreignKey() })
    await expectError(res, 401)
    expect(res.headers.get('www-authenticate')).toContain('invalid_token')
  })

  it('answers 401 for an unsigned (alg none) or HMAC-signed token', async () => {
    const unsecured = new UnsecuredJWT({ resource_access: { [TEST_CLIENT_ID]: { roles: ['SVN_SUCHEN'] } } })
      .setIssuer(TEST_ISSUER)
      .setAudience(TEST_CLIENT_ID)
      .setSubject(ACTIVE)
      .setExpirationTime('5m')
      .encode()
    await expectError(await call(method, path, `Bearer ${unsecured}`), 401)
    const hmac = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(TEST_ISSUER)
      .setAudience(TEST_CLIENT_ID)
      .setSubject(ACTIVE)
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('a-shared-secret-that-is-long-enough'))
    await expectError(await call(method, path, `Bearer ${hmac}`), 401)
  })

  it('answers 401 for an expired token, beyond the clock tolerance', async () => {
    const res = await callWith(method, path, { expiresIn: -120 })
    expect(await expectError(res, 401)).toEqual({ error: 'token expired' })
  })

  it('answers 401 for a token without exp', async () => {
    await expectError(await callWith(method, path, { noExp: true }), 401)
  })

  it('answers 401 for a token of another issuer', async () => {
    await expectError(await callWith(method, path, { iss: 'http://evil.test/oidc' }), 401)
  })

  it('answers 401 for a token for another audience', async () => {
    await expectError(await callWith(method, path, { aud: 'another-client' }), 401)
  })

  it('answers 401 for a token that is not an access token (ADR 721)', async () => {
    // An ID token of the same issuer and audience: no at+jwt header (oidc-provider), or Keycloak's typ ID.
    await expectError(await callWith(method, path, { typ: null }), 401)
    await expectError(await callWith(method, path, { typ: 'JWT' }), 401)
    await expectError(await callWith(method, path, { typ: 'JWT', claims: { typ: 'ID' } }), 401)
    await expectError(await callWith(method, path, { typ: null, claims: { typ: 'Refresh' } }), 401)
    // A Bearer claim does not turn another header type into an access token.
    await expectError(await callWith(method, path, { typ: 'dpop+jwt', claims: { typ: 'Bearer' } }), 401)
  })

  it("accepts Keycloak's access token (header JWT, claim typ Bearer) and application/at+jwt", async () => {
    expect((await callWith(method, path, { typ: 'JWT', claims: { typ: 'Bearer' } })).status).toBeLessThan(300)
    expect((await callWith(method, path, { typ: 'application/at+jwt' })).status).toBeLessThan(300)
  })

  it('answers 401 for a subject without register user', async () => {
    const res = await callWith(method, path, { sub: 'no-such-subject' })
    await expectError(res, 401)
  })

  it('answers 403 for a deactivated user', async () => {
    await expectError(await callWith(method, path, { sub: INACTIVE }), 403)
  })

  if (needsRole) {
    it('answers 403 for a token without roles, even if the register lists roles', async () => {
      await expectError(await callWith(method, path, { roles: [] }), 403)
    })
    it('ignores role names it does not know', async () => {
      await expectError(await callWith(method, path, { roles: ['SUPERUSER', 'admin'] }), 403)
    })
  }

  it('accepts a valid token (also one expired within the clock tolerance)', async () => {
    expect((await callWith(method, path, {})).status).toBeLessThan(300)
    expect((await callWith(method, path, { expiresIn: -10 })).status).toBeLessThan(300)
  })

  it('accepts a token whose audience list includes the client id', async () => {
    expect((await callWith(method, path, { aud: ['account', TEST_CLIENT_ID] })).status).toBeLessThan(300)
  })
})

describe('roles come from the token', () => {
  it("takes the roles of the configured client only, not another client's", async () => {
    const t = await idp.token({ sub: ACTIVE, resourceAccess: { 'other-client': { roles: ['SVN_SUCHEN'] } } })
    await expectError(await app.request('/versicherung', bearer(t)), 403)
  })

  it('treats a malformed resource_access claim as no roles', async () => {
    const t = await idp.token({ sub: ACTIVE, resourceAccess: { [TEST_CLIENT_ID]: { roles: 'SVN_SUCHEN' } } })
    await expectError(await app.request('/versicherung', bearer(t)), 403)
  })
})

describe('routing', () => {
  it('answers 404 JSON for an unknown path, with or without token', async () => {
    const res = await app.request('/nope')
    await expectError(res, 404)
    const t = await idp.token({ sub: ACTIVE, roles: ['SVN_SUCHEN'] })
    await expectError(await app.request('/users/nope', bearer(t)), 404)
  })
})

describe('key source failure', () => {
  it('answers 503, not 401, when the issuer keys cannot be read', async () => {
    const broken = createCheckedRegisterApp({
      db: handle.db,
      issuer: TEST_ISSUER,
      clientId: TEST_CLIENT_ID,
      getKey: async () => {
        throw new TypeError('fetch failed')
      },
    })
    const t = await idp.token({ sub: ACTIVE, roles: ['SVN_SUCHEN'] })
    const spy = console.error
    console.error = () => {}
    try {
      await expectError(await broken.request('/users/self', bearer(t)), 503)
    } finally {
      console.error = spy
    }
  })
})

describe('verified tokens are remembered only while they stay valid (ADR 523)', () => {
  /** A register app whose key source can be switched to another key set between calls. */
  async function switchableApp() {
    const first = await createTestIdp('rotating')
    const second = await createTestIdp('rotating')
    let current = first
    const rotating = createCheckedRegisterApp({
      db: handle.db,
      issuer: TEST_ISSUER,
      clientId: TEST_CLIENT_ID,
      getKey: (header, input) => current.getKey(header, input),
    })
    return {
      first,
      rotate: () => (current = second),
      get: (token: string) =>
        rotating.request('/users/self', { headers: { Authorization: `Bearer ${token}` } }),
    }
  }

  it('checks the signature again when the key source gives another key (a rotated key set)', async () => {
    const { first, rotate, get } = await switchableApp()
    const token = await first.token({ sub: ACTIVE, roles: ['SVN_SUCHEN'] })
    expect((await get(token)).status).toBe(200)
    expect((await get(token)).status).toBe(200)
    rotate()
    await expectError(await get(token), 401)
  })

  it('answers 401 once a remembered token has expired', async () => {
    const { first, get } = await switchableApp()
    const token = await first.token({ sub: ACTIVE, roles: ['SVN_SUCHEN'], expiresIn: 60 })
    expect((await get(token)).status).toBe(200)
    vi.useFakeTimers({ now: Date.now() + 120_000, toFake: ['Date'] })
    try {
      const res = await get(token)
      expect(await expectError(res, 401)).toMatchObject({ error: 'token expired' })
    } finally {
      vi.useRealTimers()
    }
  })

  it('still reads the user on every call: a user deactivated meanwhile gets 403', async () => {
    const subject = 'sub-deactivated-later'
    await addUser(handle.db, {
      gsCode: '1001',
      email: 'later@test.example',
      subject,
      roles: ['SVN_SUCHEN'],
    })
    const token = await idp.token({ sub: subject, roles: ['SVN_SUCHEN'] })
    expect((await call('GET', '/users/self', `Bearer ${token}`)).status).toBe(200)
    await handle.db.update(users).set({ aktiv: false }).where(eq(users.idpSubject, subject))
    await expectError(await call('GET', '/users/self', `Bearer ${token}`), 403)
  })
})
