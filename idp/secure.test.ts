import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, type Harness } from './testing/harness.ts'

let h: Harness

beforeAll(async () => {
  h = await startHarness({ secure: true })
})
afterAll(async () => {
  await h?.close()
})

describe('behind a TLS proxy (secure: true)', () => {
  it('sets Secure cookies when the proxy says https', async () => {
    const params = new URLSearchParams({
      client_id: h.clientId,
      response_type: 'code',
      redirect_uri: h.redirectUri,
      scope: 'openid',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    })
    const res = await fetch(`${h.issuer}/auth?${params}`, {
      redirect: 'manual',
      headers: { 'x-forwarded-proto': 'https' },
    })
    expect(res.status).toBe(303)
    const cookies = res.headers.getSetCookie()
    expect(cookies.length).toBeGreaterThan(0)
    for (const cookie of cookies) {
      expect(cookie).toMatch(/; secure/i)
      expect(cookie).toMatch(/; httponly/i)
      expect(cookie).toMatch(/; samesite=lax/i)
    }
  })
})
