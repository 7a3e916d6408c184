import { eq } from 'drizzle-orm'
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashClientSecret, newClientId, newClientSecret } from '../db/api-client-secrets.ts'
import { apiClients } from '../db/schema/api-clients.ts'
import { insurers } from '../db/schema/register.ts'
import { rolesFromClaims } from '../domain/roles.ts'
import { startHarness, tokenRequest, type Harness } from './testing/harness.ts'

// Issue 19 item 2 (ADR 182): the embedded IdP issues register access tokens to API clients with the
// client-credentials grant, checking the secret against the stored hash.

let h: Harness
const clientId = newClientId()
const secret = newClientSecret()

function basic(id: string, password: string): string {
  return `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(password)}`).toString('base64')}`
}

async function clientCredentials(id: string, password: string, body: Record<string, string> = {}) {
  return fetch(`${h.issuer}/token`, {
    method: 'POST',
    headers: { authorization: basic(id, password), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', ...body }).toString(),
  })
}

beforeAll(async () => {
  h = await startHarness()
  await h.handle.db.insert(insurers).values({ gsCode: '1001', name: 'Alpina Versicherungen' })
  await h.handle.db.insert(apiClients).values({
    clientId,
    gsCode: '1001',
    name: 'Policy system',
    roles: ['SVN_SUCHEN', 'SVN_ERSTELLEN'],
    secretHash: hashClientSecret(secret),
    // A moment ago, so the token's iat is not older than the secret.
    secretRotatedAt: new Date(Date.now() - 5000),
  })
})

afterAll(async () => {
  await h?.close()
})

describe('client-credentials grant for API clients', () => {
  it('issues an at+jwt for the register: portal audience, client as sub, its roles and insurer', async () => {
    const res = await clientCredentials(clientId, secret)
    expect(res.status).toBe(200)
    const body = (await res.json()) as { access_token: string; token_type: string; expires_in: number }
    expect(body.token_type).toBe('Bearer')
    expect(body.expires_in).toBeGreaterThan(0)
    expect(body).not.toHaveProperty('refresh_token')
    expect(body).not.toHaveProperty('id_token')
    expect(decodeProtectedHeader(body.access_token).typ).toBe('at+jwt')
    const { payload } = await jwtVerify(body.access_token, createRemoteJWKSet(new URL(`${h.issuer}/jwks`)), {
      issuer: h.issuer,
      audience: h.clientId,
    })
    expect(payload).toMatchObject({ sub: clientId, client_id: clientId, gs_code: '1001' })
    expect(rolesFromClaims(payload, h.clientId)).toEqual(['SVN_SUCHEN', 'SVN_ERSTELLEN'])
  })

  it('refuses a wrong secret, an unknown client and the secret sent in the body (invalid_client)', async () => {
    const wrong = await clientCredentials(clientId, newClientSecret())
    expect(wrong.status).toBe(401)
    expect(((await wrong.json()) as { error: string }).error).toBe('invalid_client')
    expect((await clientCredentials(newClientId(), secret)).status).toBe(401)
    const posted = await fetch(`${h.issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: clientId,
        client_secret: secret,
      }),
    })
    expect(posted.status).toBe(401)
  })

  it('refuses a revoked client at once', async () => {
    const id = newClientId()
    const revokedSecret = newClientSecret()
    await h.handle.db.insert(apiClients).values({
      clientId: id,
      gsCode: '1001',
      name: 'Old system',
      roles: ['SVN_SUCHEN'],
      secretHash: hashClientSecret(revokedSecret),
    })
    expect((await clientCredentials(id, revokedSecret)).status).toBe(200)
    await h.handle.db.update(apiClients).set({ revokedAt: new Date() }).where(eq(apiClients.clientId, id))
    expect((await clientCredentials(id, revokedSecret)).status).toBe(401)
  })

  it('the portal client keeps its grants and gets no client-credentials token', async () => {
    const res = await tokenRequest(h, { grant_type: 'client_credentials' })
    expect(res.status).toBe(400)
    const { error } = (await res.json()) as { error: string }
    // oidc-provider refuses a grant type the client is not registered for before anything else.
    expect(['unauthorized_client', 'invalid_request']).toContain(error)
  })
})
