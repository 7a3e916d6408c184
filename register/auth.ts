import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import {
  errors,
  jwtVerify,
  type FlattenedJWSInput,
  type JWTHeaderParameters,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose'
import type { Database } from '../db/client.ts'
import { ROLES, hasAnyAuthority, rolesFromClaims, type Role } from '../domain/roles.ts'
import type { RegisterEnv } from './context.ts'
import { clientAsUser, findApiClientBySubject } from './api-clients/callers.ts'
import { countClientRequest, type ApiClientRateLimit } from './api-clients/rate-limit.ts'
import { findUserBySubject } from './db/callers.ts'
import { jsonError } from './errors.ts'
import { withMeta } from './openapi/meta.ts'

/** Asymmetric algorithms only: the register holds public keys and never a shared secret. */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA']
/** Small tolerance for clock drift between the IdP and this host. */
const CLOCK_TOLERANCE_S = 30

export interface AuthOptions {
  db: Database
  issuer: string
  clientId: string
  getKey: JWTVerifyGetKey
  /** Requests per API client and window (429 beyond). */
  apiClientRateLimit: ApiClientRateLimit
}

/** Errors that say the token itself is bad (answer 401), as opposed to our key source failing (503). */
const TOKEN_ERRORS = [
  errors.JWTExpired,
  errors.JWTClaimValidationFailed,
  errors.JWTInvalid,
  errors.JWSInvalid,
  errors.JWSSignatureVerificationFailed,
  errors.JWKSNoMatchingKey,
  errors.JWKSMultipleMatchingKeys,
  errors.JOSEAlgNotAllowed,
  errors.JOSENotSupported,
]

/**
 * Only access tokens open the register (ADR 721): RFC 9068's header `typ: at+jwt` (the embedded IdP),
 * or Keycloak's access token, which says `typ: Bearer` in its claims instead. An ID token (header
 * without at+jwt, Keycloak claim `typ: ID`) carries the same issuer and audience and must not pass.
 */
export function isAccessToken(header: JWTHeaderParameters, payload: JWTPayload): boolean {
  const typ = typeof header.typ === 'string' ? header.typ.toLowerCase() : ''
  if (typ === 'at+jwt' || typ === 'application/at+jwt') return true
  return (typ === '' || typ === 'jwt') && payload.typ === 'Bearer'
}

function unauthorized(c: Context, error: string, tokenPresent: boolean): Response {
  // RFC 6750 §3: tell the client it needs a (new) bearer token.
  c.header('WWW-Authenticate', tokenPresent ? 'Bearer error="invalid_token"' : 'Bearer')
  return jsonError(c, 401, error)
}

function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer +([A-Za-z0-9._~+/=-]+) *$/i.exec(header ?? '')
  return match?.[1] ?? null
}

interface VerifiedToken {
  payload: JWTPayload
  protectedHeader: JWTHeaderParameters
  /** The key the signature was checked with, as the key source gave it. */
  key: unknown
}

/**
 * Tokens whose signature checked out, per key source (ADR 523). A clerk's pages carry the same access
 * token for minutes, and the RS256 check was about 6 % of the search page's CPU. A remembered token
 * still has its expiry and not-before checked on every call, and counts only while the key source
 * gives the very key it was checked with (a rotated or withdrawn key, or a reloaded key set, checks
 * the signature again). Only verified tokens are kept: a forged one is checked every time. The user
 * row (deactivation) is read on every call as before.
 */
const verifiedTokens = new WeakMap<JWTVerifyGetKey, Map<string, VerifiedToken>>()
const MAX_VERIFIED_TOKENS = 10_000

function jwsInput(token: string): FlattenedJWSInput {
  const [protectedHeader = '', payload = '', signature = ''] = token.split('.')
  return { protected: protectedHeader, payload, signature }
}

async function rememberedToken(
  token: string,
  options: Omit<AuthOptions, 'db' | 'apiClientRateLimit'>,
  cacheKey: string,
): Promise<VerifiedToken | null> {
  const entry = verifiedTokens.get(options.getKey)?.get(cacheKey)
  if (!entry) return null
  const now = Date.now() / 1000
  const { exp, nbf } = entry.payload
  if (typeof exp !== 'number' || exp + CLOCK_TOLERANCE_S <= now) return null
  if (typeof nbf === 'number' && nbf - CLOCK_TOLERANCE_S > now) return null
  // The key source failing now: check the token in full, which answers 503 as before.
  const key: unknown = await Promise.resolve()
    .then(() => options.getKey(entry.protectedHeader, jwsInput(token)))
    .catch(() => null)
  return key === entry.key ? entry : null
}

async function verifySignature(
  token: string,
  options: Omit<AuthOptions, 'db' | 'apiClientRateLimit'>,
): Promise<VerifiedToken> {
  const cacheKey = `${options.issuer}\u0000${options.clientId}\u0000${token}`
  const remembered = await rememberedToken(token, options, cacheKey)
  if (remembered) return remembered
  let key: unknown
  const verified = await jwtVerify(
    token,
    async (header, input) => {
      key = await options.getKey(header, input)
      return key as Awaited<ReturnType<JWTVerifyGetKey>>
    },
    {
      issuer: options.issuer,
      audience: options.clientId,
      algorithms: ALGORITHMS,
      clockTolerance: CLOCK_TOLERANCE_S,
      // jose accepts a token without exp unless told otherwise; a bearer token must expire.
      requiredClaims: ['exp', 'sub'],
    },
  )
  const entry = { payload: verified.payload, protectedHeader: verified.protectedHeader, key }
  let cache = verifiedTokens.get(options.getKey)
  if (!cache) verifiedTokens.set(options.getKey, (cache = new Map()))
  cache.delete(cacheKey)
  if (cache.size >= MAX_VERIFIED_TOKENS) cache.delete(cache.keys().next().value as string)
  cache.set(cacheKey, entry)
  return entry
}

/**
 * Verifies the bearer access token of the request: its payload, or the 401/503 response to answer.
 * Shared by `authenticate` (portal users) and the authority (canton) middleware, which has no user.
 */
export async function verifyAccessToken(
  c: Context,
  options: Omit<AuthOptions, 'db' | 'apiClientRateLimit'>,
): Promise<(JWTPayload & { sub: string }) | Response> {
  const token = bearerToken(c.req.header('Authorization'))
  if (!token) return unauthorized(c, 'missing bearer token', false)

  let payload: JWTPayload
  try {
    const verified = await verifySignature(token, options)
    payload = verified.payload
    if (!isAccessToken(verified.protectedHeader, payload)) return unauthorized(c, 'not an access token', true)
  } catch (error) {
    if (error instanceof errors.JWTExpired) return unauthorized(c, 'token expired', true)
    if (TOKEN_ERRORS.some((type) => error instanceof type)) return unauthorized(c, 'invalid token', true)
    console.error('register: cannot verify tokens, key source failed:', error)
    return jsonError(c, 503, 'identity provider unavailable')
  }

  const subject = payload.sub
  if (typeof subject !== 'string' || subject.length === 0) return unauthorized(c, 'invalid token', true)
  return { ...payload, sub: subject }
}

/**
 * Verifies the bearer access token and loads the register user behind its `sub`.
 * 401: no, malformed, badly signed, expired, foreign (iss/aud) token, not an access token (an ID token),
 * or a sub without register user or API client; a revoked client, a token older than the client's secret.
 * 403: the user exists but is deactivated. 429: the API client's rate limit is used up. 503: the issuer's keys cannot be fetched.
 */
export function authenticate(options: AuthOptions) {
  const middleware = createMiddleware<RegisterEnv>(async (c, next) => {
    const payload = await verifyAccessToken(c, options)
    if (payload instanceof Response) return payload
    const subject = payload.sub
    const found = await findUserBySubject(options.db, subject)
    if (found) {
      if (!found.user.aktiv) return jsonError(c, 403, 'user deactivated')
      c.set('caller', { subject, roles: rolesFromClaims(payload, options.clientId), ...found })
      return next()
    }
    // A client-credentials token names the client in both `sub` and `client_id` (ADR 181).
    if (payload.client_id !== subject) return unauthorized(c, 'unknown user', true)
    const api = await findApiClientBySubject(options.db, subject)
    if (!api) return unauthorized(c, 'unknown user', true)
    // Checked on every request, not only when the token was issued: revoking or rotating takes effect now.
    if (api.client.revokedAt !== null) return unauthorized(c, 'client revoked', true)
    const rotatedAt = Math.floor(api.client.secretRotatedAt.getTime() / 1000)
    if (typeof payload.iat !== 'number' || payload.iat < rotatedAt)
      return unauthorized(c, 'token predates secret', true)
    const wait = await countClientRequest(options.db, subject, options.apiClientRateLimit)
    if (wait > 0) {
      c.header('Retry-After', String(wait))
      return jsonError(c, 429, 'too many requests')
    }
    // The token's roles, but never more than the client holds now.
    const roles = rolesFromClaims(payload, options.clientId).filter((r) => api.client.roles.includes(r))
    c.set('caller', {
      subject,
      roles,
      user: clientAsUser(api.client),
      insurer: api.insurer,
      apiClient: { id: api.client.id, clientId: api.client.clientId, name: api.client.name },
    })
    await next()
  })
  return withMeta(middleware, { auth: 'user' })
}

/** 403 unless the token carries at least one of `roles` (spec §6; an empty list lets everyone pass). */
export function requireRole(...roles: Role[]) {
  const middleware = createMiddleware<RegisterEnv>(async (c, next) => {
    if (!hasAnyAuthority(c.get('caller').roles, roles)) return jsonError(c, 403, 'forbidden')
    await next()
  })
  return withMeta(middleware, { roles })
}

/** 403 for a token that carries no register role at all. */
export function requireAnyRole() {
  return requireRole(...ROLES)
}

/**
 * 403 for an API client on the portal's per-person features (the create form's draft, the mass import's
 * error workbook): they are keyed by a person, and a system sends JSON to svn/create instead.
 */
export function refuseApiClients() {
  return createMiddleware<RegisterEnv>(async (c, next) => {
    if (c.get('caller').apiClient) return jsonError(c, 403, 'not for api clients')
    await next()
  })
}
