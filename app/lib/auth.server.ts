import { setTimeout as sleep } from 'node:timers/promises'
import { decodeJwt } from 'jose'
import {
  createContext,
  createCookie,
  redirect,
  redirectDocument,
  type MiddlewareFunction,
  type RouterContextProvider,
} from 'react-router'
import { authoritiesFor, canAccess, defaultPage, landingAfterLogin } from '../../domain/access.ts'
import { logEvent } from '../../domain/log.ts'
import { rolesFromClaims } from '../../domain/roles.ts'
import { safeRedirectTarget } from '../../domain/safe-redirect.ts'
import { appContext, type PortalConfig } from './context.ts'
import { cookieName } from './cookie-name.server.ts'
import { languageFromCookie } from './i18n.server.ts'
import {
  needsRefresh,
  oidcMetadata,
  refreshTokens,
  revokeToken,
  STATE_COOKIE,
  type TokenSet,
} from './oidc.server.ts'
import { RegisterError, registerFetch, registerJson, type SelfUser } from './register.server.ts'
import { isServiceUnavailable } from './unavailable.server.ts'
import {
  claimTokenRefresh,
  createSession,
  destroySession,
  readSession,
  releaseTokenRefresh,
  saveRefreshedTokens,
  sessionContext,
  sessionCookie,
  type Session,
  type SessionData,
} from './session.server.ts'

type Context = Readonly<RouterContextProvider>

/** The wanted URL, remembered across the trip to the identity provider. */
function returnToCookie(secure: boolean, secret: string) {
  return createCookie(cookieName('svn_return_to', secure), {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: 600,
    secrets: [secret],
  })
}

/** Marker of a logout just performed (the spec's session-storage logout marker). */
function loggedOutCookie(secure: boolean) {
  return createCookie(cookieName('svn_logged_out', secure), {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: 600,
  })
}

export class LoginRejected extends Error {}

export function sessionFromTokens(
  config: PortalConfig,
  tokens: TokenSet,
  self: SelfUser,
  now = Date.now(),
): SessionData {
  const claims = decodeJwt(tokens.accessToken)
  const roles = rolesFromClaims(claims, config.oidc.clientId)
  return {
    sub: String(claims.sub ?? ''),
    ...tokens,
    user: {
      id: self.id,
      vorname: self.vorname,
      nachname: self.nachname,
      email: self.email,
      gsCode: self.versicherungsgesellschaft.gsCode,
      insurerName: self.versicherungsgesellschaft.name,
      logoVersion: self.versicherungsgesellschaft.logoVersion,
      maklerNummer: self.maklerNummer,
    },
    roles,
    // Spec §2: at login the menu opens only when the user can reach a default page.
    navOpen: defaultPage(roles) === '/no-permission' ? false : null,
    createdAt: now,
  }
}

/** Spec §4: at login the current user is fetched; a 401 means the login does not count. */
export async function fetchSelf(config: PortalConfig, accessToken: string): Promise<SelfUser> {
  try {
    return await registerJson<SelfUser>(config, accessToken, '/users/self')
  } catch (error) {
    if (error instanceof RegisterError && (error.status === 401 || error.status === 403))
      throw new LoginRejected()
    throw error
  }
}

/** The callback: code → tokens → current user → session; then to the wanted page or the default page. */
export async function completeLogin(context: Context, request: Request, tokens: TokenSet): Promise<Response> {
  const { config, db } = context.get(appContext)
  const self = await fetchSelf(config, tokens.accessToken)
  const data = sessionFromTokens(config, tokens, self)
  const id = await createSession(db, data)
  noteUser(context, data.sub)
  logEvent('info', 'login.success', { side: 'portal', requestId: requestIdOf(context), user: data.sub })
  const returnTo = returnToCookie(config.secure, config.sessionSecret)
  const wanted: unknown = await returnTo.parse(request.headers.get('Cookie'))
  const headers = new Headers()
  headers.append('Set-Cookie', await sessionCookie(config.secure, config.sessionSecret).serialize(id))
  headers.append('Set-Cookie', await returnTo.serialize('', { maxAge: 0 }))
  for (const name of stateCookieNames(request, config.secure)) {
    headers.append(
      'Set-Cookie',
      `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${config.secure ? '; Secure' : ''}`,
    )
  }
  return redirect(landingAfterLogin(wanted, data.roles), { headers })
}

function stateCookieNames(request: Request, secure: boolean): string[] {
  return (request.headers.get('Cookie') ?? '')
    .split(';')
    .map((part) => part.trim().split('=')[0] ?? '')
    .filter((name) => name.startsWith(`${cookieName(STATE_COOKIE, secure)}:`))
}

export async function rememberWanted(config: PortalConfig, wanted: string | null): Promise<string | null> {
  const target = safeRedirectTarget(wanted)
  return target ? returnToCookie(config.secure, config.sessionSecret).serialize(target) : null
}

/** Below this much life left, a request waits for another's refresh instead of using the old token. */
const STILL_VALID_MS = 10_000
/** Refreshes under way in this worker, by session id: concurrent requests share one (ADR 533). */
const refreshing = new Map<string, Promise<Session | null>>()

/**
 * Keeps the session's tokens fresh: refresh after 75 % of the access token's life; a failed refresh
 * ends the session. One request refreshes a session at a time, across workers (ADR 533): the IdP
 * rotates refresh tokens and revokes the whole grant when one is used twice.
 */
export async function freshSession(context: Context, session: Session): Promise<Session | null> {
  const { data } = session
  if (!needsRefresh(data.accessIssuedAt, data.accessExpiresAt, Date.now())) return session
  const { refreshToken } = data
  if (!refreshToken) {
    return data.accessExpiresAt > Date.now() ? session : endLocally(context.get(appContext).db, session)
  }
  let shared = refreshing.get(session.id)
  if (!shared) {
    shared = refreshOnce(context, session, refreshToken).finally(() => refreshing.delete(session.id))
    refreshing.set(session.id, shared)
  }
  return shared
}

/**
 * Refreshes when this request wins the claim; otherwise takes the tokens another request saved, or
 * goes on with the current ones while they have life left, or waits for them (or for the claim to lapse).
 */
async function refreshOnce(
  context: Context,
  session: Session,
  refreshToken: string,
): Promise<Session | null> {
  const { db } = context.get(appContext)
  for (;;) {
    if (await claimTokenRefresh(db, session.id, session.data.accessToken))
      return refresh(context, session, refreshToken)
    const current = await readSession(db, session.id)
    if (!current || current.data.accessToken !== session.data.accessToken) return current
    if (session.data.accessExpiresAt - Date.now() > STILL_VALID_MS) return session
    await sleep(100)
  }
}

async function refresh(context: Context, session: Session, refreshToken: string): Promise<Session | null> {
  const { config, db } = context.get(appContext)
  const { data } = session
  try {
    const tokens = await refreshTokens(config, refreshToken)
    const claims = decodeJwt(tokens.accessToken)
    const stored = await saveRefreshedTokens(db, session.id, data.accessToken, {
      ...tokens,
      idToken: tokens.idToken ?? data.idToken,
      roles: rolesFromClaims(claims, config.oidc.clientId),
    })
    // Null: logged out, or refreshed by another, meanwhile; the session as it now is decides.
    return stored ? { ...session, data: stored } : readSession(db, session.id)
  } catch (error) {
    const reread = await readSession(db, session.id)
    if (reread && reread.data.accessToken !== data.accessToken) return reread
    // The identity provider is unreachable for the moment: keep the session, answer 503 (ADR 602),
    // and give the claim back so that the next request tries again instead of waiting for it to lapse.
    if (isServiceUnavailable(error)) {
      await releaseTokenRefresh(db, session.id, data.accessToken)
      throw error
    }
    console.warn('Token refresh failed; the session ends.', error instanceof Error ? error.message : error)
    return endLocally(db, session)
  }
}

async function endLocally(db: Parameters<typeof destroySession>[0], session: Session): Promise<null> {
  await destroySession(db, session.id)
  return null
}

export const userContext = createContext<Session | null>(null)

/** Runs after the session middleware: refreshes tokens and exposes the logged-in session. */
export const authMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  const session = context.get(sessionContext)
  const fresh = session ? await freshSession(context, session) : null
  context.set(userContext, fresh)
  if (fresh) noteUser(context, fresh.data.sub)
  return next()
}

/** Tells the server's request log who is calling (the IdP subject: pseudonymous, ADR 611). */
function noteUser(context: Context, subject: string) {
  const log = context.get(appContext).requestLog
  if (log && subject) log.user = subject
}

export function requestIdOf(context: Context): string | undefined {
  return context.get(appContext).requestLog?.requestId
}

export function currentSession(context: Context): Session | null {
  return context.get(userContext)
}

/**
 * Route guard for loaders and actions: not logged in → login (the wanted URL remembered);
 * logged in without one of the path's authorities → no-permission.
 */
export async function requireAccess(context: Context, request: Request): Promise<Session> {
  const session = currentSession(context)
  const url = new URL(request.url)
  // Every guarded screen is in the route table with authorities; a path under the guard without any
  // (e.g. /svn/abc, which only the loose `svn/:svnId` pattern caught) is an unknown path.
  if (authoritiesFor(url.pathname).length === 0) throw redirect('/404')
  if (!session) {
    const { config } = context.get(appContext)
    const setCookie = await rememberWanted(config, url.pathname + url.search)
    throw redirect('/login', setCookie ? { headers: { 'Set-Cookie': setCookie } } : undefined)
  }
  if (!canAccess(url.pathname, session.data.roles)) {
    logEvent('warn', 'authz.denied', {
      side: 'portal',
      requestId: requestIdOf(context),
      method: request.method,
      path: url.pathname,
      reason: 'missing authority',
      user: session.data.sub,
    })
    throw redirect('/no-permission')
  }
  return session
}

export const guardMiddleware: MiddlewareFunction<Response> = async ({ context, request }, next) => {
  await requireAccess(context, request)
  return next()
}

/**
 * POST /logout: register logout (a failure is only logged), session destroyed, refresh token revoked,
 * then the identity provider's end-session, which returns to /logout.
 */
export async function logout(context: Context, request: Request): Promise<Response> {
  const { config, db } = context.get(appContext)
  const session = currentSession(context) ?? context.get(sessionContext)
  const headers = new Headers()
  headers.append(
    'Set-Cookie',
    await sessionCookie(config.secure, config.sessionSecret).serialize('', { maxAge: 0 }),
  )
  headers.append('Set-Cookie', await loggedOutCookie(config.secure).serialize('1'))
  if (!session) return redirect('/logout', { headers })
  await registerFetch(config, session.data.accessToken, '/users/logout', { method: 'POST' }).catch(
    (error: unknown) =>
      console.warn('Register logout failed:', error instanceof Error ? error.message : error),
  )
  await destroySession(db, session.id)
  if (session.data.refreshToken) {
    await revokeToken(config, session.data.refreshToken).catch((error: unknown) =>
      console.warn('Token revocation failed:', error instanceof Error ? error.message : error),
    )
  }
  const meta = await oidcMetadata(config.oidc.issuer).catch(() => null)
  if (!meta?.end_session_endpoint) return redirect('/logout', { headers })
  const endSession = new URL(meta.end_session_endpoint)
  if (session.data.idToken) endSession.searchParams.set('id_token_hint', session.data.idToken)
  endSession.searchParams.set('client_id', config.oidc.clientId)
  endSession.searchParams.set('post_logout_redirect_uri', `${config.origin}/logout`)
  const lng = languageFromCookie(request.headers.get('Cookie'))
  if (lng) endSession.searchParams.set('ui_locales', lng)
  // The IdP's pages are not portal routes: a full document load even when JS submitted the form.
  return redirectDocument(endSession.toString(), { headers })
}

/** GET /logout: consumes the marker. true → show the success page; false → not a fresh logout. */
export async function consumeLogoutMarker(
  config: PortalConfig,
  request: Request,
): Promise<{ loggedOut: boolean; setCookie: string | null }> {
  const cookie = loggedOutCookie(config.secure)
  const marker: unknown = await cookie.parse(request.headers.get('Cookie'))
  if (marker !== '1') return { loggedOut: false, setCookie: null }
  return { loggedOut: true, setCookie: await cookie.serialize('', { maxAge: 0 }) }
}
