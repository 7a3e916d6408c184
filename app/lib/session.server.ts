import { createHash, randomBytes } from 'node:crypto'
import { and, eq, lt, sql } from 'drizzle-orm'
import { createContext, createCookie, type MiddlewareFunction } from 'react-router'
import type { Role } from '../../domain/roles.ts'
import { portalSessions, portalUserSettings } from '../../db/schema/portal.ts'
import type { Database } from '../../db/client.ts'
import { preparedFor } from '../../db/prepared.ts'
import { appContext } from './context.ts'
import { cookieName } from './cookie-name.server.ts'
import { parseSigned } from './signed-cookie.server.ts'
import { userSettingsOf, type UserSettings } from './user-settings.server.ts'

export const IDLE_TIMEOUT_MS = 30 * 60 * 1000
export const ABSOLUTE_TIMEOUT_MS = 10 * 60 * 60 * 1000
/** lastSeen is written at most this often, so reads do not all become writes. */
const TOUCH_INTERVAL_MS = 60 * 1000

export interface SessionUser {
  id: number
  vorname: string | null
  nachname: string
  email: string
  gsCode: string
  insurerName: string
  logoVersion: number
  maklerNummer: string | null
}

/** Everything the portal keeps about a login. Lives only in the database, never in the browser. */
export interface SessionData {
  sub: string
  accessToken: string
  refreshToken: string | null
  idToken: string | null
  accessIssuedAt: number
  accessExpiresAt: number
  user: SessionUser
  roles: Role[]
  navOpen: boolean | null
  createdAt: number
  /** The menu's not-downloaded counts, cached briefly (app/lib/nav-counts.server.ts, ADR 155). */
  navCounts?: CachedNavCounts
  /** Until when (ms since the epoch) one request refreshes the tokens (`claimTokenRefresh`, ADR 533). */
  refreshClaimUntil?: number
}

export interface CachedNavCounts {
  /** When they were fetched (ms since the epoch). */
  at: number
  values: { svn?: number; ivav?: number; ae?: number }
}

export interface Session {
  id: string
  data: SessionData
  /** The user's preferences, read with the session in one query (ADR 525). */
  settings: UserSettings
}

const hashId = (id: string) => createHash('sha256').update(id).digest('base64url')

export function sessionExpiry(createdAt: number, lastSeenAt: number): number {
  return Math.min(createdAt + ABSOLUTE_TIMEOUT_MS, lastSeenAt + IDLE_TIMEOUT_MS)
}

export async function createSession(db: Database, data: SessionData, now = Date.now()): Promise<string> {
  // Logins are rare next to page views: a good moment to drop sessions nobody can use any more.
  await purgeExpiredSessions(db, now)
  const id = randomBytes(32).toString('base64url')
  await db.insert(portalSessions).values({
    idHash: hashId(id),
    data,
    createdAt: new Date(data.createdAt),
    lastSeenAt: new Date(now),
    expiresAt: new Date(sessionExpiry(data.createdAt, now)),
  })
  return id
}

/**
 * Read on every page: built once (ADR 523), and with the user's settings joined in, so a page needs one
 * query for both (ADR 525). A changed setting is in the very next read: nothing to invalidate.
 */
const sessionById = preparedFor((db) =>
  db
    .select({
      data: portalSessions.data,
      createdAt: portalSessions.createdAt,
      lastSeenAt: portalSessions.lastSeenAt,
      expiresAt: portalSessions.expiresAt,
      shortcutsEnabled: portalUserSettings.shortcutsEnabled,
    })
    .from(portalSessions)
    .leftJoin(portalUserSettings, eq(portalUserSettings.subject, sql`${portalSessions.data} ->> 'sub'`))
    .where(eq(portalSessions.idHash, sql.placeholder('idHash')))
    .prepare('portal_session_by_id'),
)

/** The live session for this id, or null (unknown, idle too long, or past its absolute limit). */
export async function readSession(db: Database, id: string, now = Date.now()): Promise<Session | null> {
  const [row] = await sessionById(db).execute({ idHash: hashId(id) })
  if (!row) return null
  if (row.expiresAt.getTime() <= now) {
    await destroySession(db, id)
    return null
  }
  if (now - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db
      .update(portalSessions)
      .set({ lastSeenAt: new Date(now), expiresAt: new Date(sessionExpiry(row.createdAt.getTime(), now)) })
      .where(eq(portalSessions.idHash, hashId(id)))
  }
  return { id, data: row.data as SessionData, settings: userSettingsOf(row.shortcutsEnabled) }
}

/**
 * Sets (or with null removes) one top-level key of a session's data in place, leaving every other key
 * as it is in the database — for what requests write beside the tokens (a cache, the menu's state, the
 * logo version), so none writes back tokens another request has refreshed meanwhile (ADR 533).
 */
export async function patchSessionData(
  db: Database,
  id: string,
  key: 'navCounts' | 'navOpen' | 'user',
  value: unknown,
): Promise<void> {
  const data =
    value === null
      ? sql`${portalSessions.data} - ${key}::text`
      : sql`jsonb_set(${portalSessions.data}, ${`{${key}}`}::text[], ${JSON.stringify(value)}::jsonb, true)`
  await db
    .update(portalSessions)
    .set({ data })
    .where(eq(portalSessions.idHash, hashId(id)))
}

/**
 * How long one request may take to refresh a session's tokens before another may try (ADR 533): far
 * beyond an answering IdP, since a second refresh with the same token revokes the grant; a failed
 * refresh gives the claim back at once.
 */
export const REFRESH_CLAIM_MS = 60_000

/** The session's row while it still holds this access token (nobody has refreshed it meanwhile). */
const holdingToken = (id: string, accessToken: string) =>
  and(eq(portalSessions.idHash, hashId(id)), sql`${portalSessions.data} ->> 'accessToken' = ${accessToken}`)

/**
 * Claims the refresh of a session's tokens for one request, across requests and workers (ADR 533):
 * true for the one whose single UPDATE finds the session still holding `accessToken` and no live claim.
 * The claim lives in the session's data; `saveRefreshedTokens` takes it out.
 */
export async function claimTokenRefresh(
  db: Database,
  id: string,
  accessToken: string,
  now = Date.now(),
): Promise<boolean> {
  const claimed = await db
    .update(portalSessions)
    .set({
      data: sql`jsonb_set(${portalSessions.data}, '{refreshClaimUntil}', to_jsonb(${now + REFRESH_CLAIM_MS}::bigint))`,
    })
    .where(
      and(
        holdingToken(id, accessToken),
        sql`coalesce((${portalSessions.data} ->> 'refreshClaimUntil')::bigint, 0) <= ${now}`,
      ),
    )
    .returning({ idHash: portalSessions.idHash })
  return claimed.length > 0
}

/** What a token refresh changes in a session's data: only these keys are ever written by it. */
const REFRESHED_KEYS = [
  'accessToken',
  'refreshToken',
  'idToken',
  'accessIssuedAt',
  'accessExpiresAt',
  'roles',
] as const satisfies readonly (keyof SessionData)[]
export type RefreshedTokens = Pick<SessionData, (typeof REFRESHED_KEYS)[number]>

/**
 * Stores refreshed tokens in place of `replaced` (ADR 533): only their keys, merged into the data as it
 * is in the database, so what other requests saved during the refresh (the menu's state, a cache)
 * stays; the claim goes. The data as stored, or null when the session no longer holds `replaced`
 * (ended by a logout meanwhile, or refreshed by a request that took over a lapsed claim).
 */
export async function saveRefreshedTokens(
  db: Database,
  id: string,
  replaced: string,
  tokens: RefreshedTokens,
): Promise<SessionData | null> {
  // Picked, not spread: a caller holding the whole session data cannot write the rest back stale.
  const patch = Object.fromEntries(REFRESHED_KEYS.map((key) => [key, tokens[key]]))
  const [row] = await db
    .update(portalSessions)
    .set({ data: sql`(${portalSessions.data} - 'refreshClaimUntil') || ${JSON.stringify(patch)}::jsonb` })
    .where(holdingToken(id, replaced))
    .returning({ data: portalSessions.data })
  return (row?.data as SessionData | undefined) ?? null
}

/** Gives a claim back after a refresh that could not reach the IdP, so the next request tries at once. */
export async function releaseTokenRefresh(db: Database, id: string, accessToken: string): Promise<void> {
  await db
    .update(portalSessions)
    .set({ data: sql`${portalSessions.data} - 'refreshClaimUntil'` })
    .where(holdingToken(id, accessToken))
}

export async function destroySession(db: Database, id: string): Promise<void> {
  await db.delete(portalSessions).where(eq(portalSessions.idHash, hashId(id)))
}

export async function purgeExpiredSessions(db: Database, now = Date.now()): Promise<void> {
  await db.delete(portalSessions).where(lt(portalSessions.expiresAt, new Date(now)))
}

/** The opaque session-id cookie: signed, HttpOnly, Lax (the OIDC callback is a cross-site navigation). */
export function sessionCookie(secure: boolean, secret: string) {
  return createCookie(cookieName('svn_session', secure), {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    secrets: [secret],
  })
}

export const sessionContext = createContext<Session | null>(null)

/** Loads the session for every request; a stale cookie is cleared. Token refresh happens in auth. */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { db, config } = context.get(appContext)
  const cookie = sessionCookie(config.secure, config.sessionSecret)
  const id: unknown = await parseSigned(cookie, request.headers.get('Cookie'), config.sessionSecret)
  const session = typeof id === 'string' ? await readSession(db, id) : null
  context.set(sessionContext, session)
  const response = await next()
  const setsSession = response.headers.getSetCookie().some((c) => c.startsWith(`${cookie.name}=`))
  if (typeof id === 'string' && !session && !setsSession) {
    response.headers.append('Set-Cookie', await cookie.serialize('', { maxAge: 0 }))
  }
  return response
}
