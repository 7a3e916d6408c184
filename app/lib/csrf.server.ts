import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { createCookie, redirect, type MiddlewareFunction } from 'react-router'
import { logEvent } from '../../domain/log.ts'
import { safeRedirectOrHome } from '../../domain/safe-redirect.ts'
import { limitedRequestBody } from './body-limit.server.ts'
import { appContext, type PortalConfig } from './context.ts'
import { cookieName } from './cookie-name.server.ts'
import { sessionCookie } from './session.server.ts'
import { refusalPage, type Refusal } from './refusal.ts'
import { parseSigned } from './signed-cookie.server.ts'

export const CSRF_FIELD = 'csrf'
export const CSRF_HEADER = 'X-CSRF-Token'

function csrfCookie(secure: boolean, secret: string) {
  return createCookie(cookieName('svn_csrf', secure), {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    secrets: [secret],
  })
}

/** The portal session id in the request's (signed) session cookie, if any; not checked against the database. */
async function sessionIdOf(request: Request, secure: boolean, secret: string): Promise<string | null> {
  const id: unknown = await sessionCookie(secure, secret).parse(request.headers.get('Cookie'))
  return typeof id === 'string' && id.length > 0 ? id : null
}

/**
 * The anti-forgery token, bound to the login (ADR 706): with a session it is an HMAC of the session id,
 * so a token read from another session (another user's page, a stolen form) is refused; without one
 * (before login) the random token of the signed CSRF cookie. Returns a Set-Cookie header when a
 * pre-login token was just made.
 */
export async function csrfToken(
  request: Request,
  config: Pick<PortalConfig, 'secure' | 'sessionSecret'>,
  /** The live session's id (a stale session cookie is being cleared: the pre-login token then). */
  sessionId: string | null,
): Promise<{ token: string; setCookie: string | null }> {
  if (sessionId) return { token: sessionBoundToken(config.sessionSecret, sessionId), setCookie: null }
  const cookie = csrfCookie(config.secure, config.sessionSecret)
  const existing: unknown = await parseSigned(cookie, request.headers.get('Cookie'), config.sessionSecret)
  if (typeof existing === 'string' && existing.length >= 32) return { token: existing, setCookie: null }
  const token = randomBytes(32).toString('base64url')
  return { token, setCookie: await cookie.serialize(token) }
}

function sessionBoundToken(secret: string, sessionId: string): string {
  return createHmac('sha256', secret).update(`csrf:${sessionId}`).digest('base64url')
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/**
 * The page the refused form was sent from, to open it again with a fresh token: the path of the
 * Referer (sent for our own pages, Referrer-Policy same-origin), checked as every redirect target is.
 * A form on the refusal page itself leads back to where that page leads.
 */
function refusedFrom(request: Request, origin: string): string {
  const referer = request.headers.get('Referer')
  if (!referer) return '/'
  try {
    const url = new URL(referer)
    if (url.origin !== origin) return '/'
    if (url.pathname === '/refused') return safeRedirectOrHome(url.searchParams.get('back'))
    return safeRedirectOrHome(url.pathname + url.search)
  } catch {
    return '/'
  }
}

/**
 * Whether the browser sent the request as a page load. Browsers without Fetch Metadata (Safari before
 * 16.4) are told by what they accept; the router's own fetches go to `.data` URLs.
 */
function isPageLoad(request: Request): boolean {
  const mode = request.headers.get('Sec-Fetch-Mode')
  if (mode) return mode === 'navigate'
  const accept = request.headers.get('Accept') ?? ''
  return accept.includes('text/html') && !new URL(request.url).pathname.endsWith('.data')
}

/**
 * The refusal (ADR 303). A form the browser sent as a page load goes to the refusal page, which shows
 * the shell of whoever is logged in now, whether the form was a screen's or a resource route's
 * (language, navigation, shortcuts). Any other request gets 403 with the same `back`: the router
 * shows a submission's through the nearest error boundary, the upload scripts go to the refusal page,
 * and the background posts (the draft's automatic save, the navigation toggle) leave the page as it is.
 */
function refusal(request: Request, origin: string): Response {
  const back = refusedFrom(request, origin)
  if (isPageLoad(request)) return redirect(refusalPage(back), 303)
  return Response.json({ back } satisfies Refusal, { status: 403 })
}

/**
 * Every non-GET request to the portal must carry the token of its session (or, before login, of its
 * CSRF cookie), as form field or header (the Origin check of server/security.ts comes first). A
 * mismatch is refused.
 */
export const csrfMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (request.method === 'GET' || request.method === 'HEAD') return next()
  const { config } = context.get(appContext)
  const sessionId = await sessionIdOf(request, config.secure, config.sessionSecret)
  const expected: unknown = sessionId
    ? sessionBoundToken(config.sessionSecret, sessionId)
    : await csrfCookie(config.secure, config.sessionSecret).parse(request.headers.get('Cookie'))
  // Every body is read here first, as a stream up to the route's limit (413 beyond it, ADR 711). The form
  // is parsed even when the token comes as header, so a body that does not parse as the form it claims
  // to be is refused here (400) before any action reads it (a 500 found by the fuzz tests, ADR 610).
  const bytes = await limitedRequestBody(context, request)
  const type = request.headers.get('Content-Type') ?? ''
  let form: FormData | null = null
  if (type.includes('form')) {
    try {
      form = await new Response(bytes, { headers: { 'Content-Type': type } }).formData()
    } catch {
      throw new Response('Bad Request: malformed form body', { status: 400 })
    }
  }
  const field = form?.get(CSRF_FIELD)
  const sent = request.headers.get(CSRF_HEADER) || (typeof field === 'string' ? field : null)
  if (typeof expected !== 'string' || !sent || !same(expected, sent)) {
    logEvent('warn', 'authz.denied', {
      side: 'portal',
      requestId: context.get(appContext).requestLog?.requestId,
      method: request.method,
      path: new URL(request.url).pathname,
      reason: sent ? 'csrf token wrong' : 'csrf token missing',
    })
    // Most often a form of an earlier login (signed in again in another tab).
    throw refusal(request, config.origin)
  }
  return next()
}
