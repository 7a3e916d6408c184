import path from 'node:path'
import { getRequestListener } from '@hono/node-server'
import { createRequestHandler } from '@react-router/express'
import express from 'express'
import { count, gt } from 'drizzle-orm'
import { every } from 'hono/combine'
import { RouterContextProvider, type RouterContext, type ServerBuild } from 'react-router'
import type { AppLoadContext, PortalConfig } from '../app/lib/context.ts'
import type { Config } from '../config.ts'
import { openDatabase, schema } from '../db/client.ts'
import { createIdp, createSetupLink } from '../idp/index.ts'
import { createRegisterApp } from '../register/app.ts'
import { rolesForSubject } from '../register/roles.ts'
import { startSweep } from '../register/svn/schedule.ts'
import { configureLog, logEvent } from '../domain/log.ts'
import { configureMissingText } from '../domain/missing-text.ts'
import { root } from '../root.ts'
import { finalErrorHandler } from './errors.ts'
import { healthRoutes } from './health.ts'
import { precompressedAssets } from './precompressed-assets.ts'
import { registerLog } from './register-log.ts'
import { gitCommit, packageVersion } from './release.ts'
import { requestLog, requestLogNotes } from './request-log.ts'
import { resolveSecrets } from './secrets.ts'
import { originCheck, securityHeaders } from './security.ts'
import { seedDemo } from './seed.ts'
import { httpTelemetry, reactRouterRoutes, registerTelemetry, setRoute } from './telemetry/http.ts'
import { observeOpenSessions } from './telemetry/metrics.ts'

/**
 * Composes the whole system on one Express app: embedded IdP (/oidc), register API (/svnwebaccess),
 * static assets and the React Router portal. Returns the app and a close function.
 */
export async function createServer(config: Config) {
  const dev = config.nodeEnv === 'development'
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  const { db } = handle
  const seeded = config.demo ? await seedDemo(db, { idpAccounts: config.embeddedIdp }) : []
  const { sessionSecret, oidc, keyRing } = await resolveSecrets(db, config)
  const stopSweep = config.embeddedRegister ? startSweep(db) : () => {}

  const app = express()
  app.disable('x-powered-by')
  // Express' own mode follows ours, not a NODE_ENV that was left unset (ADR 700).
  app.set('env', dev ? 'development' : 'production')
  if (config.secure) app.set('trust proxy', 1)
  configureLog({ level: config.logLevel })
  // A missing translation or placeholder value fails in tests and development, is logged in production.
  configureMissingText({
    mode: config.missingText,
    log: (message) => logEvent('warn', 'translation.missing', { message }),
  })
  // First: every answer, also the security middleware's refusals, gets its line and request id.
  app.use(requestLog({ trustProxyId: config.secure }))
  // The request's span and duration (ADR 950); a no-op unless server.ts started the telemetry.
  app.use(httpTelemetry({ prefixes: ['/assets', new URL(config.oidc.issuer).pathname, '/svnwebaccess'] }))
  observeOpenSessions(async () => {
    const [row] = await db
      .select({ open: count() })
      .from(schema.portalSessions)
      .where(gt(schema.portalSessions.expiresAt, new Date()))
    return row?.open ?? 0
  })

  const issuerOrigin = new URL(config.oidc.issuer).origin
  app.use(
    securityHeaders({
      secure: config.secure,
      formOrigins: issuerOrigin === config.origin ? [] : [issuerOrigin],
      dev,
    }),
  )

  app.use(healthRoutes(db))

  let registerTransport: PortalConfig['registerTransport']
  if (config.embeddedRegister) {
    const issuer = config.oidc.issuer.replace(/\/+$/, '')
    const register = createRegisterApp({
      db,
      issuer: config.oidc.issuer,
      clientId: config.oidc.clientId,
      observe: every(registerLog, registerTelemetry),
      // API clients get their tokens from the embedded IdP; with Keycloak they are service accounts (501).
      apiClients: config.embeddedIdp,
      apiClientRateLimit: config.apiClientRateLimit,
      // Migration creates accounts at the embedded IdP; an external IdP manages its own (501).
      createIdpAccount: config.embeddedIdp
        ? async (input) => ({ setupUrl: `${issuer}/setup/${await createSetupLink(db, input)}` })
        : undefined,
    })
    app.use('/svnwebaccess', getRequestListener(register.fetch))
    // The portal's own register calls skip the loopback socket and HTTP parsing (ADR 513).
    const base = config.registerUrl
    registerTransport = async (url, init) =>
      register.request(url.startsWith(base) ? url.slice(base.length) : url, init)
  }

  app.use(originCheck(config.origin))

  if (config.embeddedIdp) {
    if (!keyRing) throw new Error('the embedded IdP needs KEYS_ENCRYPTION_KEY') // config.ts refuses earlier
    const idp = await createIdp({
      db,
      issuer: config.oidc.issuer,
      dataDir: config.dataDir,
      keyRing,
      secure: config.secure,
      clients: [
        {
          clientId: config.oidc.clientId,
          clientSecret: oidc.clientSecret,
          redirectUris: [`${config.origin}/auth/callback`],
          postLogoutRedirectUris: [`${config.origin}/logout`],
        },
      ],
      claimsFor: (subject) => rolesForSubject(db, subject),
    })
    app.use(new URL(config.oidc.issuer).pathname, idp.router)
  }

  const portal: PortalConfig = {
    origin: config.origin,
    secure: config.secure,
    oidc,
    registerUrl: config.registerUrl,
    registerTransport,
    sessionSecret,
    debugPages: config.debugPages,
    missingText: config.missingText,
    version: packageVersion(),
    commit: gitCommit(),
  }

  let loadBuild: () => Promise<ServerBuild>
  // Production hands React Router the module itself: given a function, it rebuilds its route tree and
  // static handler on every request (ADR 512).
  let build: ServerBuild | undefined
  let closeVite = async () => {}
  if (dev) {
    const vite = await import('vite').then((m) =>
      m.createServer({ server: { middlewareMode: true }, appType: 'custom', root }),
    )
    app.use(vite.middlewares)
    loadBuild = () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>
    closeVite = () => vite.close()
  } else {
    const clientDir = path.join(root, 'build/client')
    app.use('/assets', precompressedAssets(clientDir))
    // Files at the top of build/client (favicon, robots.txt): only paths that name a file there, as
    // written there (no escapes), are looked up, so a page request does not cost a stat of the disk (ADR 521).
    const topFiles = express.static(clientDir, { maxAge: '1h', index: false })
    app.use((req, res, next) => (/^\/[^/%]+\.[a-z0-9]+$/i.test(req.path) ? topFiles(req, res, next) : next()))
    const buildModule = (await import(path.join(root, 'build/server/index.js'))) as ServerBuild
    build = buildModule
    loadBuild = async () => buildModule
  }

  // Route patterns per build (development rebuilds it), for the metrics' http.route.
  const patterns = new WeakMap<ServerBuild, (pathname: string) => string>()
  const routePattern = (current: ServerBuild, pathname: string) => {
    let match = patterns.get(current)
    if (!match) patterns.set(current, (match = reactRouterRoutes(current)))
    return match(pathname)
  }
  app.all(
    '/{*splat}',
    createRequestHandler({
      build: build ?? loadBuild,
      getLoadContext: async (req, res) => {
        const current = await loadBuild()
        setRoute(res, routePattern(current, req.path))
        // The context key must be the build's own instance; entry.server re-exports it.
        const { appContext } = current.entry.module as unknown as {
          appContext: RouterContext<AppLoadContext>
        }
        const context = new RouterContextProvider()
        context.set(appContext, {
          cspNonce: res.locals.cspNonce as string,
          config: portal,
          db,
          requestLog: requestLogNotes(res),
        } satisfies AppLoadContext)
        return context
      },
    }),
  )

  app.use(finalErrorHandler({ dev }))

  return {
    app,
    seeded,
    async close() {
      stopSweep()
      await closeVite()
      await handle.close()
    },
  }
}
