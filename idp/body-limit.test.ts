import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IDP_BODY_LIMIT } from '../domain/body-limit.ts'
import { createAccount } from './accounts.ts'
import {
  basicAuth,
  beginAuthorization,
  CookieJar,
  followToCallback,
  startHarness,
  type Harness,
} from './testing/harness.ts'

/**
 * The IdP's body limit over real HTTP (issue 17 item 4, ADR 711): 413 for the protocol endpoints as
 * an OAuth error and for the login form as the translated page, also without Content-Length; bodies
 * within the limit still work when they come chunked.
 */

let h: Harness

beforeAll(async () => {
  h = await startHarness()
  await createAccount(h.handle.db, { subject: 'u-body', login: 'body@alpina.example', password: 'right-one' })
  h.roles.set('u-body', ['SACHBEARBEITER'])
})

afterAll(async () => {
  await h?.close()
})

/** A body without Content-Length (fetch sends a stream chunked). */
function chunked(text: string, repeat = 1): RequestInit {
  const bytes = new TextEncoder().encode(text)
  let left = repeat
  return {
    body: new ReadableStream<Uint8Array>({
      pull(controller) {
        if (left-- <= 0) return controller.close()
        controller.enqueue(bytes)
      },
    }),
    duplex: 'half',
  } as RequestInit
}

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
const big = (bytes: number) => `grant_type=authorization_code&x=${'a'.repeat(bytes)}`

describe('IdP body limit', () => {
  it('refuses a token request over 64 KiB with 413 invalid_request, announced or chunked', async () => {
    const announced = await fetch(`${h.issuer}/token`, {
      method: 'POST',
      headers: { ...FORM, authorization: basicAuth(h) },
      body: big(IDP_BODY_LIMIT),
    })
    const streamed = await fetch(`${h.issuer}/token`, {
      method: 'POST',
      headers: { ...FORM, authorization: basicAuth(h) },
      ...chunked('a'.repeat(64 * 1024), 32),
    })
    for (const res of [announced, streamed]) {
      expect(res.status).toBe(413)
      expect(res.headers.get('content-type')).toMatch(/^application\/json/)
      expect(await res.json()).toEqual({
        error: 'invalid_request',
        error_description: 'request body too large',
      })
    }
  })

  it('reads a chunked token request within the limit as the provider would', async () => {
    const res = await fetch(`${h.issuer}/token`, {
      method: 'POST',
      headers: { ...FORM, authorization: basicAuth(h) },
      ...chunked('grant_type=authorization_code&code=nope&redirect_uri=x&code_verifier=y'),
    })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error: string }).error).toBe('invalid_grant')
  })

  it('answers an oversized login form with the translated page, not a 500', async () => {
    for (const size of [20 * 1024, IDP_BODY_LIMIT + 1]) {
      const jar = new CookieJar()
      const { loginUrl } = await beginAuthorization(h, jar)
      const res = await jar.fetch(`${loginUrl}/login`, {
        method: 'POST',
        headers: { ...FORM, accept: 'text/html', 'accept-language': 'fr' },
        body: `login=body%40alpina.example&password=${'a'.repeat(size)}`,
      })
      expect(res.status, `${size} bytes`).toBe(413)
      expect(res.headers.get('content-type')).toMatch(/^text\/html/)
      expect(await res.text()).toContain(
        'Les données envoyées sont trop volumineuses (64\u00a0ko au maximum).',
      )
    }
  })

  it('signs in with a login form sent chunked', async () => {
    const jar = new CookieJar()
    const { loginUrl } = await beginAuthorization(h, jar)
    const res = await jar.fetch(`${loginUrl}/login`, {
      method: 'POST',
      headers: FORM,
      ...chunked('login=body%40alpina.example&password=right-one'),
    })
    const callback = await followToCallback(h, jar, res)
    expect(callback.searchParams.get('code')).toBeTruthy()
  })
})
