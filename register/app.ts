import { Hono, type MiddlewareHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { JWTVerifyGetKey } from 'jose'
import type { Database } from '../db/client.ts'
import { apiClientRoutes } from './api-clients/routes.ts'
import { defaultApiClientRateLimit, type ApiClientRateLimit } from './api-clients/rate-limit.ts'
import { authenticate } from './auth.ts'
import { authenticateAuthority } from './authority/auth.ts'
import { authorityRoutes } from './authority/routes.ts'
import { errorText } from '../domain/log.ts'
import { bodyLimitMiddleware } from './body-limit.ts'
import { RETRY_AFTER_SECONDS, isUnavailable, unavailableReason } from '../domain/unavailable.ts'
import { jsonError } from './errors.ts'
import { requestLanguage } from './i18n.ts'
import { OPENAPI_VERSION, buildOpenApiDocument } from './openapi/document.ts'
import { documentOf } from './openapi/conformance.ts'
import { REFERENCE_CSS, renderReferencePage } from './openapi/reference-page.ts'
import { filesRoutes } from './files/routes.ts'
import { discoverJwks } from './jwks.ts'
import { codesRoutes } from './routes/codes.ts'
import { usersRoutes } from './routes/users.ts'
import { versicherungRoutes } from './routes/versicherung.ts'
import type { CreateIdpAccount } from './users/migrate.ts'
import { svnRoutes } from './svn/routes.ts'

export interface RegisterAppDeps {
  db: Database
  /** Expected `iss` of access tokens, exactly as the IdP writes it. */
  issuer: string
  /** The portal's client id: tokens must name it in `aud`; roles come from `resource_access.<clientId>`. */
  clientId: string
  /** Key resolver for token signatures; default: the issuer's JWKS found by lazy OpenID discovery. */
  getKey?: JWTVerifyGetKey
  /**
   * Creates an account at the embedded IdP with a one-time password-setup link (user migration).
   * Absent with an external IdP: POST /users/migrate answers 501. Injected so register/ never imports idp/.
   */
  createIdpAccount?: CreateIdpAccount
  /**
   * The IdP issues client-credentials tokens to the register's API clients (the embedded IdP).
   * Absent or false with an external IdP: /api-clients answers 501 (Keycloak's service accounts instead).
   */
  apiClients?: boolean
  /** Requests per API client and window; default 600 a minute. */
  apiClientRateLimit?: ApiClientRateLimit
  /** Runs before every route (the composition's request log and authorization-failure log). */
  observe?: MiddlewareHandler
}

/**
 * The register API ("/svnwebaccess"), routes relative to its mount point.
 * Each resource router authenticates its own requests, so an unknown path answers 404 without a token
 * and later routers (e.g. canton clients without a register user) can authenticate differently.
 */
export function createRegisterApp(deps: RegisterAppDeps): Hono {
  const { db, issuer, clientId } = deps
  const getKey = deps.getKey ?? discoverJwks(issuer)
  const apiClientRateLimit = deps.apiClientRateLimit ?? defaultApiClientRateLimit
  const auth = authenticate({ db, issuer, clientId, getKey, apiClientRateLimit })

  const app = new Hono()
  if (deps.observe) app.use(deps.observe)
  app.use(bodyLimitMiddleware())
  // Every answer holds personal data or depends on the caller: no cache keeps it, unless a route says
  // otherwise (the insurer's logo, immutable per version). Also 401/404/500 answers (ADR 704).
  app.use(async (c, next) => {
    await next()
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store')
  })
  // The API's own description (ADR 190): no token, built once from the routes below on first request.
  const document = documentOf(app, (routes) => buildOpenApiDocument(routes, { version: OPENAPI_VERSION }))
  app.get('/openapi.json', (c) => c.json(document()))
  app.get('/docs', (c) =>
    c.html(
      renderReferencePage(document(), requestLanguage(c.req.query('lng'), c.req.header('Accept-Language'))),
    ),
  )
  app.get('/docs/reference.css', (c) =>
    c.body(REFERENCE_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8' }),
  )
  app.route('/users', usersRoutes(db, auth, { createIdpAccount: deps.createIdpAccount }))
  app.route('/api-clients', apiClientRoutes(db, auth, { enabled: deps.apiClients ?? false }))
  app.route('/versicherung', versicherungRoutes(db, auth))
  app.route('/codes', codesRoutes(db, auth))
  app.route('/svn', svnRoutes(db, auth))
  app.route('/files', filesRoutes(db, auth))
  app.route('/authority', authorityRoutes(db, authenticateAuthority({ issuer, clientId, getKey })))

  app.notFound((c) => jsonError(c, 404, 'not found'))
  app.onError((error, c) => {
    if (error instanceof HTTPException) return jsonError(c, error.status, error.message || 'error')
    if (isUnavailable(error)) {
      // The database is restarting or unreachable: retry later, nothing to log as a bug (ADR 602).
      console.warn('register: database unavailable:', unavailableReason(error))
      c.header('Retry-After', String(RETRY_AFTER_SECONDS))
      return jsonError(c, 503, 'temporarily unavailable')
    }
    console.error('register: unhandled error', errorText(error))
    return jsonError(c, 500, 'internal error')
  })
  return app
}
