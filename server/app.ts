import { execSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { getRequestListener } from '@hono/node-server'
import { createRequestHandler } from '@react-router/express'
import express from 'express'
import { RouterContextProvider, type RouterContext, type ServerBuild } from 'react-router'
import type { AppLoadContext, PortalConfig } from '../app/lib/context.ts'
import type { Config } from '../config.ts'
import { openDatabase } from '../db/client.ts'
import { createIdp, createSetupLink } from '../idp/index.ts'
import { createRegisterApp } from '../register/app.ts'
import { rolesForSubject } from '../register/roles.ts'
import { startSweep } from '../register/svn/schedule.ts'
import { originCheck, securityHeaders } from './security.ts'
import { seedDemo } from './seed.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

function packageVersion(): string {
  return (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version
}

function gitCommit(): string {
  if (process.env.COMMIT) return process.env.COMMIT
  try {
    return execSync('git rev-parse --short HEAD', { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim()
  } catch {
    return 'unknown'
  }
}

/**
 * Composes the whole system on one Express app: embedded IdP (/oidc), register API (/svnwebaccess),
 * static assets and the React Router portal. Returns the app and a close function.
 */
export async function createServer(config: Config) {
  const dev = config.nodeEnv === 'development'
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  const { db } = handle
  const seeded = config.demo ? await seedDemo(db, { idpAccounts: config.embeddedIdp }) : []
  const stopSweep = config.embeddedRegister ? startSweep(db) : () => {}

  const app = express()
  app.disable('x-powered-by')
  if (config.secure) app.set('trust proxy', 1)

  const issuerOrigin = new URL(config.oidc.issuer).origin
  app.use(
    securityHeaders({
      secure: config.secure,
      formOrigins: issuerOrigin === config.origin ? [] : [issuerOrigin],
      dev,
    }),
  )

  app.get('/healthz', async (_req, res) => {
    try {
      await db.execute('select 1')
      res.type('text/plain').send('ok')
    } catch {
      res.status(503).type('text/plain').send('database unreachable')
    }
  })

  if (config.embeddedRegister) {
    const issuer = config.oidc.issuer.replace(/\/+$/, '')
    const register = createRegisterApp({
      db,
      issuer: config.oidc.issuer,
      clientId: config.oidc.clientId,
      // Migration creates accounts at the embedded IdP; an external IdP manages its own (501).
      createIdpAccount: config.embeddedIdp
        ? async (input) => ({ setupUrl: `${issuer}/setup/${await createSetupLink(db, input)}` })
        : undefined,
    })
    app.use('/svnwebaccess', getRequestListener(register.fetch))
  }

  app.use(originCheck(config.origin))

  if (config.embeddedIdp) {
    const idp = await createIdp({
      db,
      issuer: config.oidc.issuer,
      dataDir: config.dataDir,
      secure: config.secure,
      clients: [
        {
          clientId: config.oidc.clientId,
          clientSecret: config.oidc.clientSecret,
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
    oidc: config.oidc,
    registerUrl: config.registerUrl,
    sessionSecret: config.sessionSecret,
    debugPages: config.debugPages,
    version: packageVersion(),
    commit: gitCommit(),
  }

  let loadBuild: () => Promise<ServerBuild>
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
    app.use(
      '/assets',
      express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: '1y', index: false }),
    )
    app.use(express.static(clientDir, { maxAge: '1h', index: false }))
    const buildModule = (await import(path.join(root, 'build/server/index.js'))) as ServerBuild
    loadBuild = async () => buildModule
  }

  app.all(
    '/{*splat}',
    createRequestHandler({
      build: loadBuild,
      getLoadContext: async (_req, res) => {
        // The context key must be the build's own instance; entry.server re-exports it.
        const { appContext } = (await loadBuild()).entry.module as unknown as {
          appContext: RouterContext<AppLoadContext>
        }
        const context = new RouterContextProvider()
        context.set(appContext, {
          cspNonce: res.locals.cspNonce as string,
          config: portal,
          db,
        } satisfies AppLoadContext)
        return context
      },
    }),
  )

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
