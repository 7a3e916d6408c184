import { decodeJwt, SignJWT, generateKeyPair } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAccount } from './index.ts'
import { DEMO_BROKER_PROVIDER, seedDemoBrokerTokens } from './broker.ts'
import { CookieJar, signIn, startHarness, type Harness } from './testing/harness.ts'

let h: Harness
let accessToken: string
let idToken: string
let otherAccessToken: string

beforeAll(async () => {
  h = await startHarness()
  await createAccount(h.handle.db, {
    subject: 'u-admin',
    login: 'admin@alpina.example',
    password: 'pw-admin',
  })
  await createAccount(h.handle.db, {
    subject: 'u-clerk',
    login: 'clerk@alpina.example',
    password: 'pw-clerk',
  })
  h.roles.set('u-admin', ['ADMIN'])
  h.roles.set('u-clerk', ['SACHBEARBEITER'])
  await seedDemoBrokerTokens(h.handle.db, {
    subject: 'u-admin',
    email: 'admin@alpina.example',
    givenName: 'Katharina',
    familyName: 'Meier',
  })
  const admin = await signIn(h, new CookieJar(), 'admin@alpina.example', 'pw-admin')
  accessToken = admin.access_token
  idToken = admin.id_token
  otherAccessToken = (await signIn(h, new CookieJar(), 'clerk@alpina.example', 'pw-clerk')).access_token
})

afterAll(async () => {
  await h?.close()
})

function brokerToken(token: string | null, providerId = DEMO_BROKER_PROVIDER) {
  return fetch(`${h.issuer}/broker/${providerId}/token`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
}

describe('GET {issuer}/broker/{providerId}/token', () => {
  it('answers the stored external tokens for the access token’s subject', async () => {
    const res = await brokerToken(accessToken)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const body = (await res.json()) as { access_token: string; id_token: string }
    expect(decodeJwt(body.access_token)).toMatchObject({ iss: 'https://demo-idp.example/realms/demo' })
    expect(decodeJwt(body.id_token)).toMatchObject({ email: 'admin@alpina.example', given_name: 'Katharina' })
  })

  it('answers 404 with a clear message when nothing is stored', async () => {
    const other = await brokerToken(otherAccessToken)
    expect(other.status).toBe(404)
    expect(((await other.json()) as { error_description: string }).error_description).toMatch(
      /No tokens are stored for identity provider "demo-idp"/,
    )
    const unknown = await brokerToken(accessToken, 'keycloak-azure')
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toMatchObject({ error: 'not_found' })
  })

  it('answers 401 without a token, with a garbage token, or with an ID token', async () => {
    for (const token of [null, 'not-a-jwt', idToken]) {
      const res = await brokerToken(token)
      expect(res.status, String(token).slice(0, 10)).toBe(401)
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/)
    }
  })

  it('answers 401 for a token signed by another key, even with the right claims', async () => {
    const { privateKey } = await generateKeyPair('RS256')
    const claims = decodeJwt(accessToken)
    const forged = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt' })
      .sign(privateKey)
    expect((await brokerToken(forged)).status).toBe(401)
  })

  it('answers 401 for an expired access token', async () => {
    const short = await startHarness({ accessTokenTtlSeconds: 1 })
    try {
      await createAccount(short.handle.db, { subject: 'u-x', login: 'x@alpina.example', password: 'pw-x' })
      short.roles.set('u-x', ['ADMIN'])
      const { access_token } = await signIn(short, new CookieJar(), 'x@alpina.example', 'pw-x')
      await new Promise((resolve) => setTimeout(resolve, 2100))
      const expired = await fetch(`${short.issuer}/broker/${DEMO_BROKER_PROVIDER}/token`, {
        headers: { authorization: `Bearer ${access_token}` },
      })
      expect(expired.status).toBe(401)
    } finally {
      await short.close()
    }
  })

  it('refuses malformed provider ids', async () => {
    const res = await brokerToken(accessToken, 'a%20b')
    expect(res.status).toBe(400)
  })
})

describe('GET {issuer}/broker/{providerId}/userinfo (demo external provider)', () => {
  it('answers the claims for a stored external access token', async () => {
    const { access_token } = (await (await brokerToken(accessToken)).json()) as { access_token: string }
    const res = await fetch(`${h.issuer}/broker/${DEMO_BROKER_PROVIDER}/userinfo`, {
      headers: { authorization: `Bearer ${access_token}` },
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({
      email: 'admin@alpina.example',
      name: 'Katharina Meier',
      sub: expect.stringMatching(/^demo-idp-/) as unknown,
    })
  })

  it('answers 401 for any other token', async () => {
    const res = await fetch(`${h.issuer}/broker/${DEMO_BROKER_PROVIDER}/userinfo`, {
      headers: { authorization: `Bearer ${accessToken}` },
    })
    expect(res.status).toBe(401)
    expect((await fetch(`${h.issuer}/broker/${DEMO_BROKER_PROVIDER}/userinfo`)).status).toBe(401)
  })
})
