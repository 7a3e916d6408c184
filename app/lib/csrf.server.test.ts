import { RouterContextProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { Database } from '../../db/client.ts'
import { appContext, type PortalConfig } from './context.ts'
import { CSRF_HEADER, csrfMiddleware, csrfToken } from './csrf.server.ts'
import type { Refusal } from './refusal.ts'
import { sessionCookie } from './session.server.ts'

const config = {
  origin: 'https://svn.example.ch',
  secure: true,
  sessionSecret: 'secret-for-tests-secret-for-tests',
} as PortalConfig

/** The Cookie header a browser would send back for this Set-Cookie. */
const asCookie = (setCookie: string) => setCookie.split(';')[0]!

async function sessionCookieFor(id: string): Promise<string> {
  return asCookie(await sessionCookie(config.secure, config.sessionSecret).serialize(id))
}

/** Runs the middleware on a POST; resolves with its answer (200 when it let the request through). */
async function answer(
  cookie: string,
  token: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  const context = new RouterContextProvider()
  context.set(appContext, { cspNonce: 'n', config, db: {} as Database })
  const request = new Request('https://svn.example.ch/svn/search', {
    method: 'POST',
    headers: { Cookie: cookie, [CSRF_HEADER]: token, ...headers },
  })
  try {
    const response = await csrfMiddleware(
      { request, context, params: {}, unstable_pattern: '', pattern: '' } as unknown as Parameters<
        typeof csrfMiddleware
      >[0],
      async () => new Response('ok'),
    )
    return response as Response
  } catch (error) {
    if (error instanceof Response) return error
    throw error
  }
}

const post = async (cookie: string, token: string) => (await answer(cookie, token)).status

describe('the anti-forgery token is bound to the session (ADR 706)', () => {
  it("accepts the session's own token and refuses another session's", async () => {
    const mine = await sessionCookieFor('session-id-of-alice-0123456789')
    const { token: alice } = await csrfToken(
      new Request('https://x/'),
      config,
      'session-id-of-alice-0123456789',
    )
    const { token: bob } = await csrfToken(new Request('https://x/'), config, 'session-id-of-bob-0123456789')
    expect(alice).not.toBe(bob)
    expect(await post(mine, alice)).toBe(200)
    expect(await post(mine, bob)).toBe(403)
    expect(await post(mine, '')).toBe(403)
  })

  it("a pre-login token (CSRF cookie) is no good once logged in, nor with another browser's cookie", async () => {
    const anonymous = await csrfToken(new Request('https://x/'), config, null)
    expect(anonymous.setCookie).toMatch(/^__Host-svn_csrf=/)
    const csrfCookie = asCookie(anonymous.setCookie!)
    expect(await post(csrfCookie, anonymous.token)).toBe(200)
    const other = await csrfToken(new Request('https://x/'), config, null)
    expect(await post(csrfCookie, other.token)).toBe(403)
    const mine = await sessionCookieFor('session-id-of-alice-0123456789')
    expect(await post(`${csrfCookie}; ${mine}`, anonymous.token)).toBe(403)
  })
})

describe('a refused form is told the page it came from (ADR 303)', () => {
  const back = async (headers: Record<string, string>) => {
    const refused = await answer('', 'wrong', headers)
    expect(refused.status).toBe(403)
    return ((await refused.json()) as Refusal).back
  }

  it("answers the Referer's path and query, so the page can link back to the form", async () => {
    expect(await back({ Referer: 'https://svn.example.ch/user/administration/7?tab=roles' })).toBe(
      '/user/administration/7?tab=roles',
    )
  })

  it('answers the home page without a Referer of ours, or with one no redirect may go to', async () => {
    expect(await back({})).toBe('/')
    expect(await back({ Referer: 'not a url' })).toBe('/')
    expect(await back({ Referer: 'https://evil.example/svn/search' })).toBe('/')
    expect(await back({ Referer: 'https://svn.example.ch/%2F%2Fevil.example/' })).toBe('/')
    expect(await back({ Referer: 'https://svn.example.ch/logout' })).toBe('/')
  })

  it("answers the refusal page's own way back for a form on that page", async () => {
    expect(await back({ Referer: 'https://svn.example.ch/refused?back=%2Fsvn%2Fimport' })).toBe('/svn/import')
    expect(await back({ Referer: 'https://svn.example.ch/refused?back=%2F%2Fevil.example' })).toBe('/')
  })

  it('sends a page load to the refusal page, with the way back in its query', async () => {
    const refused = await answer('', 'wrong', {
      'Sec-Fetch-Mode': 'navigate',
      Referer: 'https://svn.example.ch/svn/create?new=1',
    })
    expect(refused.status).toBe(303)
    expect(refused.headers.get('Location')).toBe('/refused?back=%2Fsvn%2Fcreate%3Fnew%3D1')
  })

  it('tells a page load without Fetch Metadata by what it accepts', async () => {
    const html = { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' }
    expect((await answer('', 'wrong', html)).status).toBe(303)
    expect((await answer('', 'wrong', { ...html, 'Sec-Fetch-Mode': 'cors' })).status).toBe(403)
    expect((await answer('', 'wrong', { Accept: '*/*' })).status).toBe(403)
  })
})
