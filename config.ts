import os from 'node:os'
import path from 'node:path'
import { z } from 'zod'
import { LOG_LEVELS, type LogLevel } from './domain/log.ts'

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes')

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    ORIGIN: z.url().optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.string().min(1).optional(),
    OIDC_ISSUER: z.url().optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    REGISTER_URL: z.url().optional(),
    SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
    DEMO: flag.optional(),
    ENABLE_DEBUG_PAGES: flag.optional(),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
  })
  .superRefine((env, ctx) => {
    if (env.OIDC_ISSUER && !env.OIDC_CLIENT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['OIDC_CLIENT_SECRET'], message: 'required with OIDC_ISSUER' })
    }
    if (env.NODE_ENV === 'production' && env.DEMO === false && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: 'must be set in production (outside the demo)',
      })
    }
  })

export interface Config {
  nodeEnv: 'development' | 'production' | 'test'
  port: number
  /** Public base URL, no trailing slash. */
  origin: string
  secure: boolean
  dataDir: string
  databaseUrl: string | undefined
  /** Embedded IdP runs in this process when true. */
  embeddedIdp: boolean
  /** clientSecret unset: generated once and shared through the database (server/secrets.ts, ADR 601). */
  oidc: { issuer: string; clientId: string; clientSecret: string | undefined }
  /** Embedded register runs in this process when true. */
  embeddedRegister: boolean
  /** Base URL the portal calls the register at (no trailing slash). */
  registerUrl: string
  /** Unset: generated once and shared through the database (server/secrets.ts, ADR 601). */
  sessionSecret: string | undefined
  demo: boolean
  debugPages: boolean
  /** Structured stdout log (domain/log.ts): the least severe level written. */
  logLevel: LogLevel
  /** Worker processes on the one port (node:cluster, ADR 522); always 1 on PGlite. */
  webConcurrency: number
  /** Set when WEB_CONCURRENCY asked for more workers than can run (PGlite): the line to log. */
  webConcurrencyNote: string | undefined
}

/** The one place process.env is read for the composed server. Throws a readable error when invalid. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  const origin = (e.ORIGIN ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '')
  const dataDir = path.resolve(e.DATA_DIR)
  const embeddedIdp = !e.OIDC_ISSUER
  const embeddedRegister = !e.REGISTER_URL
  const demo = e.DEMO ?? (embeddedIdp && embeddedRegister)
  const clientId = e.OIDC_CLIENT_ID ?? 'svn-portal'
  // One worker per core in production on PostgreSQL; PGlite is one process per data directory.
  const askedWorkers =
    e.WEB_CONCURRENCY ?? (e.NODE_ENV === 'production' && e.DATABASE_URL ? os.availableParallelism() : 1)
  const webConcurrency = e.DATABASE_URL ? askedWorkers : 1
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    origin,
    secure: origin.startsWith('https://'),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    embeddedIdp,
    oidc: {
      issuer: (e.OIDC_ISSUER ?? `${origin}/oidc`).replace(/\/+$/, ''),
      clientId,
      clientSecret: e.OIDC_CLIENT_SECRET,
    },
    embeddedRegister,
    // In-process register: talk over loopback so a TLS proxy in front of ORIGIN is not involved.
    registerUrl: (e.REGISTER_URL ?? `http://127.0.0.1:${e.PORT}/svnwebaccess`).replace(/\/+$/, ''),
    sessionSecret: e.SESSION_SECRET,
    demo,
    debugPages: e.ENABLE_DEBUG_PAGES ?? demo,
    logLevel: e.LOG_LEVEL,
    webConcurrency,
    webConcurrencyNote:
      askedWorkers > 1 && webConcurrency === 1
        ? `WEB_CONCURRENCY=${askedWorkers} ignored: PGlite runs in one process (one per data directory); set DATABASE_URL for more workers`
        : undefined,
  }
}
