import express, { type ErrorRequestHandler, type Router } from 'express'
import type Provider from 'oidc-provider'
import type { Database } from '../db/client.ts'
import type { KeyRing } from '../db/key-encryption.ts'
import { apiClientCredentials } from './api-clients.ts'
import { bodyLimit, bodyLimitErrors } from './body-limit.ts'
import { brokerRoutes } from './broker.ts'
import { pickLanguage } from './i18n.ts'
import { interactionRoutes } from './interactions.ts'
import { loadOrCreateKeys } from './keys.ts'
import {
  createProvider,
  formActionOrigins,
  pageContext,
  type IdpClient,
  type UserClaims,
} from './provider.ts'
import { createRateLimiter, defaultRateLimit, type RateLimitOptions } from './rate-limit.ts'
import { redactSecrets } from '../domain/log.ts'
import { setupRoutes } from './setup-routes.ts'
import { contentSecurityPolicy } from './views/layout.ts'
import { errorPage } from './views/messages.ts'
import { sendHtml } from './views/send.ts'

export { createAccount } from './accounts.ts'
export { DEMO_BROKER_PROVIDER, seedDemoBrokerTokens } from './broker.ts'
export { hashPassword } from './password.ts'
export { createSetupLink } from './setup-links.ts'
export type { IdpClient, UserClaims } from './provider.ts'
export type { RateLimitOptions } from './rate-limit.ts'

export interface IdpDeps {
  db: Database
  /** e.g. http://localhost:3000/oidc; the router is mounted at this URL's path. */
  issuer: string
  /** Seals the signing and cookie keys in the database (db/key-encryption.ts, ADR 702). */
  keyRing: KeyRing
  /** DATA_DIR of installations that kept the signing and cookie keys in files: imported once (ADR 601). */
  dataDir?: string
  /** https origin: cookies become secure and provider.proxy trusts X-Forwarded-*. */
  secure: boolean
  clients: IdpClient[]
  /** Roles and names of a subject, read at token time; null = unknown or deactivated (login fails). */
  claimsFor(subject: string): Promise<UserClaims | null>
  /** Lifetime of JWT access tokens; default 300. */
  accessTokenTtlSeconds?: number
  /** Failed-login limits; defaults: 5 per login, 50 per address, in 15 minutes, blocked 15 minutes. */
  rateLimit?: Partial<RateLimitOptions>
}

/**
 * The embedded OpenID Connect provider: `app.use(new URL(issuer).pathname, router)`.
 * The router serves our login page and assets and hands every other request to oidc-provider.
 */
export async function createIdp(deps: IdpDeps): Promise<{ router: Router; provider: Provider }> {
  const keys = await loadOrCreateKeys(deps.db, deps.keyRing, deps.dataDir)
  const provider = createProvider({
    db: deps.db,
    issuer: deps.issuer.replace(/\/+$/, ''),
    keys,
    secure: deps.secure,
    clients: deps.clients,
    claimsFor: deps.claimsFor,
    accessTokenTtlSeconds: deps.accessTokenTtlSeconds ?? 300,
  })
  const rateLimiter = createRateLimiter(deps.db, { ...defaultRateLimit, ...deps.rateLimit })

  const csp = contentSecurityPolicy(formActionOrigins(deps.clients))
  const router = express.Router()
  router.use(bodyLimit({ issuer: deps.issuer, csp }))
  router.use(
    interactionRoutes({
      db: deps.db,
      issuer: deps.issuer,
      provider,
      clients: deps.clients,
      rateLimiter,
      claimsFor: deps.claimsFor,
    }),
  )
  // Keycloak-style brokered tokens for the portal's debug page (ADR 402).
  router.use(
    brokerRoutes({
      db: deps.db,
      issuer: deps.issuer,
      keys,
      audiences: deps.clients.map((c) => c.clientId),
    }),
  )
  // One-time password-setup links of migrated users (createSetupLink).
  router.use(setupRoutes({ db: deps.db, issuer: deps.issuer, csp }))
  // Koa app inside Express: it derives its mount path from req.originalUrl vs. req.url.
  const callback = provider.callback()
  router.use(apiClientCredentials())
  router.use((req, res) => callback(req, res))

  const onError: ErrorRequestHandler = (err: unknown, req, res, next) => {
    if (res.headersSent) return next(err)
    console.error('idp: interaction failed:', redactSecrets(err instanceof Error ? err.message : String(err)))
    sendHtml(res, csp, 500, errorPage(pageContext(deps.issuer, pickLanguage(undefined, req.get('cookie')))))
  }
  router.use(bodyLimitErrors({ issuer: deps.issuer, csp }))
  router.use(onError)

  return { router, provider }
}
