import { decodeJwt, decodeProtectedHeader } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// Test only: real tokens from the embedded IdP; register code never imports idp/.
import { createAccount } from '../idp/index.ts'
import { CookieJar, signIn, startHarness, type Harness } from '../idp/testing/harness.ts'
import { createRegisterApp } from './app.ts'
import { discoverJwks } from './jwks.ts'
import { seedRegisterDemo } from './seed/demo.ts'
import { bearer } from './testing.ts'

// Issue 17 item 8 (ADR 721): the register takes the embedded IdP's access token, never its ID token
// (same issuer, same audience, same key), nor an access token meant for another audience.

let h: Harness
let tokens: { access_token: string; id_token: string }

beforeAll(async () => {
  h = await startHarness()
  const seeded = await seedRegisterDemo(h.handle.db)
  const clerk = seeded.find((u) => u.email === 'clerk@alpina.example')
  if (!clerk) throw new Error('not seeded')
  await createAccount(h.handle.db, { subject: clerk.subject, login: clerk.email, password: 'Kl4rer-Himmel' })
  h.roles.set(clerk.subject, ['SACHBEARBEITER', 'SVN_SUCHEN'])
  tokens = await signIn(h, new CookieJar(), clerk.email, 'Kl4rer-Himmel')
  // Password hashing on a busy 2-core machine.
}, 180_000)

afterAll(async () => {
  await h?.close()
})

const registerFor = (clientId: string) =>
  createRegisterApp({ db: h.handle.db, issuer: h.issuer, clientId, getKey: discoverJwks(h.issuer) })

describe('tokens of the embedded IdP at the register', () => {
  it('the access token is an RFC 9068 at+jwt and opens the register', async () => {
    expect(decodeProtectedHeader(tokens.access_token).typ).toBe('at+jwt')
    const res = await registerFor(h.clientId).request('/users/self', bearer(tokens.access_token))
    expect(res.status).toBe(200)
    expect(((await res.json()) as { email: string }).email).toBe('clerk@alpina.example')
  })

  it('the ID token of the same login answers 401', async () => {
    // Same issuer, audience (the client id) and signing key as the access token: only its type differs.
    expect(decodeJwt(tokens.id_token)).toMatchObject({ iss: h.issuer, aud: h.clientId })
    expect(decodeProtectedHeader(tokens.id_token).typ).not.toBe('at+jwt')
    const app = registerFor(h.clientId)
    for (const path of ['/users/self', '/versicherung/logo']) {
      const res = await app.request(path, bearer(tokens.id_token))
      expect(res.status).toBe(401)
      expect(res.headers.get('WWW-Authenticate')).toBe('Bearer error="invalid_token"')
    }
  })

  it('an access token for another audience answers 401', async () => {
    const res = await registerFor('another-api').request('/users/self', bearer(tokens.access_token))
    expect(res.status).toBe(401)
  })
})
