import { RouterContextProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { Database } from '../../db/client.ts'
import { appContext, type PortalConfig } from '../lib/context.ts'
import { TEST_CONFIG } from '../../tests/portal-context.ts'
import {
  checkExternalForm,
  checkUserInfoUrl,
  loadExternal,
  type ExternalRequest,
} from '../lib/token-info.server.ts'
import { loader, meta } from './token-info.tsx'

const config: PortalConfig = { ...TEST_CONFIG, debugPages: true }

function callLoader(debugPages: boolean, url = 'http://localhost:3000/token-info') {
  const context = new RouterContextProvider()
  context.set(appContext, { cspNonce: 'n', config: { ...config, debugPages }, db: {} as Database })
  return loader({ request: new Request(url), context, params: {} } as unknown as Parameters<typeof loader>[0])
}

/** The request the form's check lets through (it must let it through). */
function checked(providerId: string, userInfoUrl: string): ExternalRequest {
  const outcome = checkExternalForm(config, providerId, userInfoUrl)
  if (!('request' in outcome)) throw new Error(`refused: ${JSON.stringify(outcome.errors)}`)
  return outcome.request
}

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected the loader to throw')
}

describe('token-info loader', () => {
  it('answers 404 when debug pages are disabled', async () => {
    const error = (await thrown(callLoader(false))) as { init?: ResponseInit | null }
    expect(error.init?.status).toBe(404)
  })

  it('leaves the 404 page its own title (one <title>), and titles the page itself', () => {
    type MetaArgs = Parameters<typeof meta>[0]
    expect(meta({ data: undefined, error: new Error('Not Found') } as unknown as MetaArgs)).toEqual([])
    expect(meta({ data: { title: 'Token-Info' }, error: undefined } as unknown as MetaArgs)).toEqual([
      { title: 'Token-Info – SVN Portal' },
    ])
  })

  it('sends a visitor who is not logged in to login, remembering the page', async () => {
    const error = await thrown(callLoader(true, 'http://localhost:3000/token-info?providerId=demo-idp'))
    expect(error).toBeInstanceOf(Response)
    const response = error as Response
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/login')
    expect(response.headers.get('Set-Cookie')).toMatch(/^svn_return_to=/)
  })
})

describe('user-info URL check (no SSRF)', () => {
  it('allows the issuer’s and the portal’s origin only', () => {
    expect(checkUserInfoUrl(config, 'http://localhost:3000/oidc/broker/demo-idp/userinfo')).toHaveProperty(
      'url',
    )
    expect(checkUserInfoUrl(config, 'http://localhost:3001/x')).toMatchObject({
      error: { key: 'debug.errors.userInfoUrlRefused' },
    })
    expect(checkUserInfoUrl(config, 'http://169.254.169.254/latest/meta-data')).toMatchObject({
      error: { key: 'debug.errors.userInfoUrlRefused' },
    })
    expect(checkUserInfoUrl(config, 'file:///etc/passwd')).toMatchObject({
      error: { key: 'debug.errors.userInfoUrlInvalid' },
    })
    expect(checkUserInfoUrl(config, 'http://user:pw@localhost:3000/')).toMatchObject({
      error: { key: 'debug.errors.userInfoUrlInvalid' },
    })
    expect(checkUserInfoUrl(config, 'not a url')).toMatchObject({
      error: { key: 'debug.errors.userInfoUrlInvalid' },
    })
  })

  it('names each field that is wrong, both at once, before anything is loaded', () => {
    expect(checkExternalForm(config, '', '')).toEqual({
      errors: { providerId: { key: 'validation.required' } },
    })
    expect(checkExternalForm(config, '../x', 'https://evil.example/')).toEqual({
      errors: {
        providerId: { key: 'debug.errors.providerIdInvalid' },
        userInfoUrl: {
          key: 'debug.errors.userInfoUrlRefused',
          values: { origins: 'http://localhost:3000' },
        },
      },
    })
    expect(checkExternalForm(config, 'demo-idp', 'not a url')).toEqual({
      errors: { userInfoUrl: { key: 'debug.errors.userInfoUrlInvalid' } },
    })
  })

  it('lets a good form through as the request to load, its URL parsed', () => {
    expect(checkExternalForm(config, 'demo-idp', '')).toEqual({
      request: { providerId: 'demo-idp', userInfoUrl: null },
    })
    expect(
      checkExternalForm(config, 'demo-idp', 'http://localhost:3000/oidc/broker/demo-idp/userinfo'),
    ).toEqual({
      request: {
        providerId: 'demo-idp',
        userInfoUrl: new URL('http://localhost:3000/oidc/broker/demo-idp/userinfo'),
      },
    })
  })

  it('gives loadExternal only what the check let through (a hand-made request does not type-check)', () => {
    // @ts-expect-error: an ExternalRequest comes from checkExternalForm alone.
    const handMade: ExternalRequest = { providerId: '../x', userInfoUrl: new URL('https://evil.example/') }
    expect(handMade.providerId).toBe('../x')
  })

  it('maps the broker’s 404 to a clear message and decodes what it answers', async () => {
    const notFound = (async () =>
      new Response(JSON.stringify({ error: 'not_found' }), { status: 404 })) as unknown as typeof fetch
    expect(await loadExternal(config, 'at', checked('other', ''), notFound)).toEqual({
      error: { key: 'debug.errors.brokerNotFound', values: { providerId: 'other' } },
    })
    const jwt = (payload: object) =>
      `${Buffer.from(JSON.stringify({ alg: 'HS256' })).toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.sig`
    const calls: Array<{ url: string; auth: string | null }> = []
    const ok = (async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(input), auth: new Headers(init?.headers).get('authorization') })
      if (String(input).endsWith('/token'))
        return new Response(
          JSON.stringify({ access_token: jwt({ sub: 'ext' }), id_token: jwt({ email: 'a@b' }) }),
        )
      return new Response(JSON.stringify({ sub: 'ext', email: 'a@b' }))
    }) as typeof fetch
    const result = await loadExternal(
      config,
      'session-at',
      checked('demo-idp', 'http://localhost:3000/oidc/u'),
      ok,
    )
    expect(result).toMatchObject({
      accessToken: { header: { alg: 'HS256' }, payload: { sub: 'ext' } },
      idToken: { payload: { email: 'a@b' } },
      userInfo: { status: 200, body: { sub: 'ext', email: 'a@b' } },
    })
    expect(calls).toEqual([
      { url: 'http://localhost:3000/oidc/broker/demo-idp/token', auth: 'Bearer session-at' },
      { url: 'http://localhost:3000/oidc/u', auth: `Bearer ${jwt({ sub: 'ext' })}` },
    ])
  })
})
