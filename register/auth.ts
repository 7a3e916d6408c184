import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { errors, jwtVerify, type JWTHeaderParameters, type JWTPayload, type JWTVerifyGetKey } from 'jose'
import type { Database } from '../db/client.ts'
import { ROLES, hasAnyAuthority, rolesFromClaims, type Role } from '../domain/roles.ts'
import type { RegisterEnv } from './context.ts'
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

/**
 * Verifies the bearer access token of the request: its payload, or the 401/503 response to answer.
 * Shared by `authenticate` (portal users) and the authority (canton) middleware, which has no user.
 */
export async function verifyAccessToken(
  c: Context,
  options: Omit<AuthOptions, 'db'>,
): Promise<(JWTPayload & { sub: string }) | Response> {
  const token = bearerToken(c.req.header('Authorization'))
  if (!token) return unauthorized(c, 'missing bearer token', false)

  let payload: JWTPayload
  try {
    const verified = await jwtVerify(token, options.getKey, {
      issuer: options.issuer,
      audience: options.clientId,
      algorithms: ALGORITHMS,
      clockTolerance: CLOCK_TOLERANCE_S,
      // jose accepts a token without exp unless told otherwise; a bearer token must expire.
      requiredClaims: ['exp', 'sub'],
    })
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
 * or a sub without register user.
 * 403: the user exists but is deactivated. 503: the issuer's keys cannot be fetched.
 */
export function authenticate(options: AuthOptions) {
  const middleware = createMiddleware<RegisterEnv>(async (c, next) => {
    const payload = await verifyAccessToken(c, options)
    if (payload instanceof Response) return payload
    const subject = payload.sub
    const found = await findUserBySubject(options.db, subject)
    if (!found) return unauthorized(c, 'unknown user', true)
    if (!found.user.aktiv) return jsonError(c, 403, 'user deactivated')

    c.set('caller', { subject, roles: rolesFromClaims(payload, options.clientId), ...found })
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
