import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import express, { type Request, type Response, type Router } from 'express'
import { createLocalJWKSet, decodeJwt, errors, jwtVerify, SignJWT, type JWK } from 'jose'
import type { Database } from '../db/client.ts'
import { idpBrokerTokens } from '../db/schema/idp.ts'
import type { IdpKeys } from './keys.ts'

/**
 * Keycloak-style identity brokering, as far as the portal's debug page needs it (spec §7 "Other",
 * ADR 402): `GET {issuer}/broker/{providerId}/token` with a Bearer access token of this issuer
 * answers the tokens the account obtained from that external provider.
 *
 * The embedded IdP brokers no real external provider. The demo seed stores a self-made token pair
 * for provider `demo-idp` (DEMO_BROKER_PROVIDER); `GET {issuer}/broker/{providerId}/userinfo`
 * plays that provider's user-info endpoint, so the debug page's second step can be tried.
 */

export const DEMO_BROKER_PROVIDER = 'demo-idp'

const PROVIDER_ID = /^[A-Za-z0-9._-]{1,64}$/

export interface BrokerDeps {
  db: Database
  issuer: string
  keys: IdpKeys
  /** Access tokens are issued with the client id as audience. */
  audiences: string[]
}

/** The public half of the signing keys (the JWKS on disk holds the private parts). */
export function publicJwks(keys: IdpKeys): { keys: JWK[] } {
  return {
    keys: keys.jwks.keys.map(({ kty, n, e, crv, x, y, kid, alg, use }) => ({
      kty,
      n,
      e,
      crv,
      x,
      y,
      kid,
      alg,
      use,
    })),
  }
}

function bearer(req: Request): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '')
  return match?.[1] ?? null
}

function json(res: Response, status: number, body: unknown, challenge?: string): void {
  res.status(status).set({ 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' })
  if (challenge) res.set('WWW-Authenticate', challenge)
  res.json(body)
}

export function brokerRoutes(deps: BrokerDeps): Router {
  const { db, audiences } = deps
  const issuer = deps.issuer.replace(/\/+$/, '')
  const jwks = createLocalJWKSet(publicJwks(deps.keys))
  const router = express.Router()

  /** The subject of a valid access token of this issuer (signature, iss, aud, exp, typ), or null. */
  async function subjectOf(token: string): Promise<string | null> {
    try {
      const { payload } = await jwtVerify(token, jwks, {
        issuer,
        audience: audiences,
        // ID tokens carry the same iss and aud; only access tokens are typed at+jwt.
        typ: 'at+jwt',
        algorithms: ['RS256', 'PS256', 'ES256', 'EdDSA'],
      })
      return typeof payload.sub === 'string' && payload.sub ? payload.sub : null
    } catch (error) {
      if (!(error instanceof errors.JOSEError)) throw error
      return null
    }
  }

  router.get('/broker/:providerId/token', async (req, res, next) => {
    try {
      const token = bearer(req)
      const subject = token ? await subjectOf(token) : null
      if (!subject) {
        json(
          res,
          401,
          { error: 'invalid_token', error_description: 'A valid access token of this issuer is required.' },
          'Bearer error="invalid_token"',
        )
        return
      }
      const providerId = req.params.providerId ?? ''
      if (!PROVIDER_ID.test(providerId)) {
        json(res, 400, { error: 'invalid_request', error_description: 'Unknown identity provider id.' })
        return
      }
      const [row] = await db
        .select()
        .from(idpBrokerTokens)
        .where(and(eq(idpBrokerTokens.subject, subject), eq(idpBrokerTokens.providerId, providerId)))
      if (!row) {
        json(res, 404, {
          error: 'not_found',
          error_description: `No tokens are stored for identity provider "${providerId}" and this account.`,
        })
        return
      }
      json(res, 200, { access_token: row.accessToken, id_token: row.idToken ?? null })
    } catch (error) {
      next(error)
    }
  })

  // Demo only: the external provider's user-info endpoint, answering for the tokens stored above.
  router.get('/broker/:providerId/userinfo', async (req, res, next) => {
    try {
      const token = bearer(req)
      const providerId = req.params.providerId ?? ''
      const [row] =
        token && PROVIDER_ID.test(providerId)
          ? await db
              .select()
              .from(idpBrokerTokens)
              .where(and(eq(idpBrokerTokens.providerId, providerId), eq(idpBrokerTokens.accessToken, token)))
          : []
      if (!row) {
        json(
          res,
          401,
          { error: 'invalid_token', error_description: 'Unknown external access token.' },
          'Bearer error="invalid_token"',
        )
        return
      }
      json(res, 200, externalClaims(row.idToken ?? row.accessToken, row.subject))
    } catch (error) {
      next(error)
    }
  })

  return router
}

const USERINFO_CLAIMS = [
  'sub',
  'name',
  'given_name',
  'family_name',
  'preferred_username',
  'email',
  'email_verified',
]

function externalClaims(token: string, subject: string): Record<string, unknown> {
  let claims: Record<string, unknown>
  try {
    claims = decodeJwt(token)
  } catch {
    claims = {}
  }
  const out: Record<string, unknown> = {}
  for (const name of USERINFO_CLAIMS) if (claims[name] !== undefined) out[name] = claims[name]
  if (out.sub === undefined) out.sub = `external-${subject}`
  return out
}

export interface DemoExternalUser {
  subject: string
  email: string
  givenName: string
  familyName: string
}

/**
 * Stores a demo token pair from the pretend external provider `demo-idp` for one account. The tokens
 * are JWT-shaped and signed with a throw-away secret: nothing can verify them, only look them up.
 */
export async function seedDemoBrokerTokens(
  db: Database,
  user: DemoExternalUser,
  providerId = DEMO_BROKER_PROVIDER,
): Promise<void> {
  const secret = randomBytes(32)
  const externalIssuer = `https://${providerId}.example/realms/demo`
  const externalSub = `${providerId}-${user.subject.slice(0, 8)}`
  const yearFromNow = Math.floor(Date.now() / 1000) + 365 * 24 * 3600
  const sign = (claims: Record<string, unknown>, typ: string) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ, kid: 'demo' })
      .setIssuer(externalIssuer)
      .setSubject(externalSub)
      .setIssuedAt()
      .setExpirationTime(yearFromNow)
      .sign(secret)
  const accessToken = await sign(
    { aud: 'account', scope: 'openid profile email', azp: 'svn-portal-broker', demo: true },
    'at+jwt',
  )
  const idToken = await sign(
    {
      aud: 'svn-portal-broker',
      name: `${user.givenName} ${user.familyName}`,
      given_name: user.givenName,
      family_name: user.familyName,
      preferred_username: user.email,
      email: user.email,
      email_verified: true,
      demo: true,
    },
    'JWT',
  )
  await db
    .insert(idpBrokerTokens)
    .values({ subject: user.subject, providerId, accessToken, idToken })
    .onConflictDoUpdate({
      target: [idpBrokerTokens.subject, idpBrokerTokens.providerId],
      set: { accessToken, idToken },
    })
}
