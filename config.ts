import os from 'node:os'
import path from 'node:path'
import { z } from 'zod'
import { LOG_LEVELS, type LogLevel } from './domain/log.ts'
import type { MissingTextMode } from './domain/missing-text.ts'

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes')

/** A 256-bit key for AES-256-GCM: base64 (`openssl rand -base64 32`) or 64 hex digits. */
const aesKey = z
  .string()
  .transform((v) => (/^[0-9a-f]{64}$/i.test(v) ? Buffer.from(v, 'hex') : Buffer.from(v, 'base64')))
  .refine((b) => b.length === 32, 'must be 32 bytes, base64 (openssl rand -base64 32) or 64 hex digits')

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * The public origin, written as browsers write the Origin header (lower-case host, no default port,
 * no trailing slash): the anti-forgery check compares the two as strings (ADR 303), so
 * `https://SVN.example.ch:443/` must not refuse every form. A path is refused: the portal, its IdP and
 * its redirect URIs are served at the root.
 */
const originUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
  .refine((v) => {
    // Zod runs this check after a failed URL check too; that one already names the problem.
    if (!URL.canParse(v)) return true
    const url = new URL(v)
    return /^\/*$/.test(url.pathname) && !url.search && !url.hash && !url.username && !url.password
  }, 'must be only scheme, host and port (e.g. https://svn.example.ch): the portal is served at the root')
  .transform((v) => new URL(v).origin)

const EnvSchema = z
  .object({
    // Unset is not "production" for the demo rule below (ADR 700); the server still runs as production.
    NODE_ENV: z.enum(['development', 'production', 'test']).optional(),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    ORIGIN: originUrl.optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.string().min(1).optional(),
    OIDC_ISSUER: z.url().optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    REGISTER_URL: z.url().optional(),
    SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
    KEYS_ENCRYPTION_KEY: aesKey.optional(),
    KEYS_ENCRYPTION_KEY_PREVIOUS: aesKey.optional(),
    DEMO: flag.optional(),
    ENABLE_DEBUG_PAGES: flag.optional(),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    MISSING_TEXT: z.enum(['throw', 'log']).optional(),
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
    // Telemetry (ADR 950). OTEL_* are OpenTelemetry's own names; the SDK reads the other OTEL_EXPORTER_* too.
    OTEL_SDK_DISABLED: flag.optional(),
    OTEL_SERVICE_NAME: z.string().min(1).default('svn-portal'),
    // Empty (e.g. `OTEL_EXPORTER_OTLP_ENDPOINT=` in a compose file) means unset: no traces.
    OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    // 0: any free port (tests); `off`: no metrics endpoint.
    METRICS_PORT: z.union([z.literal('off'), z.coerce.number().int().min(0).max(65535)]).default(9464),
    API_CLIENT_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(600),
    API_CLIENT_RATE_WINDOW: z.coerce.number().int().min(1).max(3600).default(60),
    KEEP_ALIVE_TIMEOUT: z.coerce.number().int().min(1).max(3600).default(65),
  })
  .superRefine((env, ctx) => {
    if (env.METRICS_PORT !== 'off' && env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: 'must not be the public PORT' })
    }
    if (env.OIDC_ISSUER && !env.OIDC_CLIENT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['OIDC_CLIENT_SECRET'], message: 'required with OIDC_ISSUER' })
    }
  })

export class ConfigError extends Error {
  override name = 'ConfigError'
}

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
  /** Unset (demo only): generated once and shared through the database (server/secrets.ts, ADR 601). */
  sessionSecret: string | undefined
  /**
   * AES-256-GCM key of the secrets in `idp_keys` (db/key-encryption.ts, ADR 702); unset (demo only): a
   * key generated into DATA_DIR. `previous`: the key being rotated away from, read only.
   */
  keysEncryptionKey: { current: Buffer | undefined; previous: Buffer | undefined }
  demo: boolean
  debugPages: boolean
  /** Structured stdout log (domain/log.ts): the least severe level written. */
  logLevel: LogLevel
  /** A missing translation key or placeholder value (ADR 800): throw (tests, development) or log. */
  missingText: MissingTextMode
  /** Worker processes on the one port (node:cluster, ADR 522); always 1 on PGlite. */
  webConcurrency: number
  /** Register requests per API client and window; beyond, 429 with Retry-After (ADR 181). */
  apiClientRateLimit: { requests: number; windowSeconds: number }
  /** Set when WEB_CONCURRENCY asked for more workers than can run (PGlite): the line to log. */
  webConcurrencyNote: string | undefined
  /** How long an idle keep-alive connection stays open: longer than the proxy's in front (ADR 613). */
  keepAliveTimeoutMs: number
  /** OpenTelemetry (ADR 950): metrics endpoint, traces over OTLP when an endpoint is set. */
  telemetry: TelemetryConfig
}

export interface TelemetryConfig {
  /** False with OTEL_SDK_DISABLED=true: no metrics, no traces. */
  enabled: boolean
  serviceName: string
  /** Prometheus endpoint `http://host:port/metrics`; port undefined: none (METRICS_PORT=off). */
  metricsHost: string
  metricsPort: number | undefined
  /** Traces go over OTLP only when set. */
  otlpEndpoint: string | undefined
}

/** `localhost`, `127.0.0.1` or `[::1]`: a developer's own machine. */
export function isLoopbackOrigin(origin: string): boolean {
  return LOOPBACK_HOSTS.has(new URL(origin).hostname)
}

/**
 * The one place process.env is read for the composed server. Throws a ConfigError with a one-line
 * message naming each bad or missing variable (server.ts prints just that line).
 *
 * Production is the default (ADR 700): the demo (demo logins and data, debug pages, generated secrets)
 * comes up only with DEMO=true, or on a loopback ORIGIN when NODE_ENV is not explicitly `production`.
 * Outside the demo SESSION_SECRET, and with the embedded IdP KEYS_ENCRYPTION_KEY, must be set.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env)
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`)
    throw new ConfigError(`Invalid configuration: ${issues.join('; ')}`)
  }
  const e = parsed.data
  const origin = e.ORIGIN ?? `http://localhost:${e.PORT}`
  const dataDir = path.resolve(e.DATA_DIR)
  const embeddedIdp = !e.OIDC_ISSUER
  const embeddedRegister = !e.REGISTER_URL
  const demo =
    e.DEMO ?? (isLoopbackOrigin(origin) && e.NODE_ENV !== 'production' && embeddedIdp && embeddedRegister)
  if (!demo) {
    const missing = [
      ...(e.SESSION_SECRET ? [] : ['SESSION_SECRET']),
      ...(embeddedIdp && !e.KEYS_ENCRYPTION_KEY ? ['KEYS_ENCRYPTION_KEY'] : []),
    ]
    if (missing.length > 0) {
      throw new ConfigError(
        `Refusing to start: ${missing.join(' and ')} must be set (production: NODE_ENV=production or ` +
          `ORIGIN ${origin} is not loopback, and DEMO is not true; see docs/deployment.md)`,
      )
    }
  }
  const clientId = e.OIDC_CLIENT_ID ?? 'svn-portal'
  // One worker per core in production on PostgreSQL (not in the demo, not under Vite in development);
  // PGlite is one process per data directory.
  const production = !demo && e.NODE_ENV !== 'development'
  const askedWorkers = e.WEB_CONCURRENCY ?? (production && e.DATABASE_URL ? os.availableParallelism() : 1)
  const webConcurrency = e.DATABASE_URL ? askedWorkers : 1
  return {
    nodeEnv: e.NODE_ENV ?? 'production',
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
    keysEncryptionKey: { current: e.KEYS_ENCRYPTION_KEY, previous: e.KEYS_ENCRYPTION_KEY_PREVIOUS },
    demo,
    debugPages: e.ENABLE_DEBUG_PAGES ?? demo,
    logLevel: e.LOG_LEVEL,
    // Unset NODE_ENV is served as production (ADR 700): only development and tests throw (ADR 800).
    missingText: e.MISSING_TEXT ?? (e.NODE_ENV === 'development' || e.NODE_ENV === 'test' ? 'throw' : 'log'),
    webConcurrency,
    apiClientRateLimit: { requests: e.API_CLIENT_RATE_LIMIT, windowSeconds: e.API_CLIENT_RATE_WINDOW },
    webConcurrencyNote:
      askedWorkers > 1 && webConcurrency === 1
        ? `WEB_CONCURRENCY=${askedWorkers} ignored: PGlite runs in one process (one per data directory); set DATABASE_URL for more workers`
        : undefined,
    keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT * 1000,
    telemetry: {
      enabled: !e.OTEL_SDK_DISABLED,
      serviceName: e.OTEL_SERVICE_NAME,
      metricsHost: e.METRICS_HOST,
      metricsPort: e.METRICS_PORT === 'off' ? undefined : e.METRICS_PORT,
      otlpEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT,
    },
  }
}

/**
 * Makes the runtime mode the libraries see (Express, React) the configured one before they load:
 * production unless NODE_ENV=development was asked for (ADR 700). server.ts calls it before it imports
 * the server, so no error page shows a stack trace just because NODE_ENV was unset.
 */
export function applyNodeEnv(config: Pick<Config, 'nodeEnv'>): void {
  process.env.NODE_ENV = config.nodeEnv
}
