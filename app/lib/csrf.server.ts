import { randomBytes, timingSafeEqual } from 'node:crypto'
import { createCookie, type MiddlewareFunction } from 'react-router'
import { appContext } from './context.ts'

export const CSRF_FIELD = 'csrf'
export const CSRF_HEADER = 'X-CSRF-Token'

function csrfCookie(secure: boolean, secret: string) {
  return createCookie(secure ? '__Host-svn_csrf' : 'svn_csrf', {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    secrets: [secret],
  })
}

/** The anti-forgery token of this browser session, and a Set-Cookie header when it was just made. */
export async function csrfToken(
  request: Request,
  secure: boolean,
  secret: string,
): Promise<{ token: string; setCookie: string | null }> {
  const cookie = csrfCookie(secure, secret)
  const existing: unknown = await cookie.parse(request.headers.get('Cookie'))
  if (typeof existing === 'string' && existing.length >= 32) return { token: existing, setCookie: null }
  const token = randomBytes(32).toString('base64url')
  return { token, setCookie: await cookie.serialize(token) }
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/**
 * Every non-GET request to the portal must carry the token from its cookie, as form field or header
 * (the Origin check in server.ts comes first). A mismatch answers 403.
 */
export const csrfMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (request.method === 'GET' || request.method === 'HEAD') return next()
  const { config } = context.get(appContext)
  const expected: unknown = await csrfCookie(config.secure, config.sessionSecret).parse(
    request.headers.get('Cookie'),
  )
  let sent = request.headers.get(CSRF_HEADER)
  if (!sent) {
    const type = request.headers.get('Content-Type') ?? ''
    if (type.includes('form')) {
      const form = await request.clone().formData()
      const value = form.get(CSRF_FIELD)
      sent = typeof value === 'string' ? value : null
    }
  }
  if (typeof expected !== 'string' || !sent || !same(expected, sent)) {
    throw new Response('Forbidden: anti-forgery token missing or wrong', { status: 403 })
  }
  return next()
}
