import os from 'node:os'
import { describe, expect, it } from 'vitest'
import { ConfigError, isLoopbackOrigin, loadConfig } from './config.ts'

const SECRET = 's'.repeat(32)
const KEY = Buffer.alloc(32, 3).toString('base64')

/** The message of the ConfigError loadConfig throws for this environment. */
function refusal(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env)
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return (error as Error).message
  }
  throw new Error('configuration was accepted')
}

describe('production is the default, the demo is opt-in (ADR 700)', () => {
  it('a fresh clone (nothing set, localhost) is the demo with debug pages, served as production', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({ demo: true, debugPages: true, nodeEnv: 'production' })
    for (const origin of ['http://127.0.0.1:3000', 'http://[::1]:3000', 'http://localhost:8080']) {
      expect(loadConfig({ ORIGIN: origin }).demo).toBe(true)
    }
  })

  it('NODE_ENV=production or a public ORIGIN is production: no demo, no debug pages', () => {
    const production = { SESSION_SECRET: SECRET, KEYS_ENCRYPTION_KEY: KEY }
    expect(loadConfig({ ...production, NODE_ENV: 'production' })).toMatchObject({
      demo: false,
      debugPages: false,
    })
    expect(loadConfig({ ...production, ORIGIN: 'https://svn.example.ch' })).toMatchObject({
      demo: false,
      debugPages: false,
    })
    expect(loadConfig({ ...production, ORIGIN: 'http://10.0.0.5:3000' }).demo).toBe(false)
  })

  it('DEMO=true opts in anywhere; DEMO=false opts out on localhost', () => {
    expect(loadConfig({ NODE_ENV: 'production', ORIGIN: 'https://demo.example.ch', DEMO: 'true' }).demo).toBe(
      true,
    )
    expect(refusal({ DEMO: 'false' })).toMatch(/SESSION_SECRET/)
  })

  it('production without SESSION_SECRET refuses with one line naming it', () => {
    const message = refusal({ NODE_ENV: 'production', KEYS_ENCRYPTION_KEY: KEY })
    expect(message).toMatch(/^Refusing to start: SESSION_SECRET must be set/)
    expect(message).not.toContain('\n')
    expect(message).not.toContain('KEYS_ENCRYPTION_KEY must')
    expect(refusal({ ORIGIN: 'https://svn.example.ch', KEYS_ENCRYPTION_KEY: KEY })).toMatch(/SESSION_SECRET/)
  })

  it('production with the embedded IdP without KEYS_ENCRYPTION_KEY refuses; an external IdP needs none', () => {
    expect(refusal({ NODE_ENV: 'production', SESSION_SECRET: SECRET })).toMatch(
      /^Refusing to start: KEYS_ENCRYPTION_KEY must be set/,
    )
    expect(refusal({ NODE_ENV: 'production' })).toMatch(/SESSION_SECRET and KEYS_ENCRYPTION_KEY must be set/)
    expect(
      loadConfig({
        NODE_ENV: 'production',
        SESSION_SECRET: SECRET,
        OIDC_ISSUER: 'https://login.example.ch/realms/svn',
        OIDC_CLIENT_SECRET: 'x',
      }).keysEncryptionKey.current,
    ).toBeUndefined()
  })

  it('KEYS_ENCRYPTION_KEY is 32 bytes, base64 or hex; anything else refuses in one line', () => {
    const hex = 'ab'.repeat(32)
    expect(loadConfig({ KEYS_ENCRYPTION_KEY: hex }).keysEncryptionKey.current).toEqual(
      Buffer.from(hex, 'hex'),
    )
    expect(loadConfig({ KEYS_ENCRYPTION_KEY: KEY }).keysEncryptionKey.current).toEqual(Buffer.alloc(32, 3))
    const message = refusal({ KEYS_ENCRYPTION_KEY: 'too-short' })
    expect(message).toMatch(/KEYS_ENCRYPTION_KEY must be 32 bytes/)
    expect(message).not.toContain('\n')
  })

  it('writes ORIGIN as browsers write the Origin header, and refuses one with a path', () => {
    const production = { SESSION_SECRET: SECRET, KEYS_ENCRYPTION_KEY: KEY }
    const origin = (ORIGIN: string) => loadConfig({ ...production, ORIGIN }).origin
    expect(origin('https://SVN.Example.ch:443/')).toBe('https://svn.example.ch')
    expect(origin('http://svn.example.ch:80//')).toBe('http://svn.example.ch')
    expect(origin('https://svn.example.ch:8443')).toBe('https://svn.example.ch:8443')
    expect(loadConfig({ ...production, ORIGIN: 'https://SVN.example.ch' }).oidc.issuer).toBe(
      'https://svn.example.ch/oidc',
    )
    for (const bad of [
      'https://svn.example.ch/portal',
      'https://svn.example.ch/?a=1',
      'https://svn.example.ch/#top',
      'https://u:p@svn.example.ch',
    ]) {
      expect(refusal({ ...production, ORIGIN: bad })).toMatch(
        /^Invalid configuration: ORIGIN must be only scheme, host/,
      )
    }
    expect(refusal({ ...production, ORIGIN: 'ftp://svn.example.ch' })).toMatch(/ORIGIN must be an http/)
    // Not a URL at all: the same one line, no TypeError from the path check.
    expect(refusal({ ...production, ORIGIN: 'svn.example.ch' })).toMatch(
      /^Invalid configuration: ORIGIN must be an http/,
    )
  })

  it('knows the loopback origins', () => {
    expect(isLoopbackOrigin('http://localhost:3000')).toBe(true)
    expect(isLoopbackOrigin('http://[::1]')).toBe(true)
    expect(isLoopbackOrigin('http://127.0.0.1:1')).toBe(true)
    expect(isLoopbackOrigin('http://localhost.example.ch')).toBe(false)
    expect(isLoopbackOrigin('https://svn.example.ch')).toBe(false)
  })
})

describe('WEB_CONCURRENCY (ADR 522)', () => {
  const PG = 'postgres://127.0.0.1/x'
  const production = { NODE_ENV: 'production', SESSION_SECRET: SECRET, KEYS_ENCRYPTION_KEY: KEY }

  it('defaults to one worker per core in production on PostgreSQL, else one', () => {
    expect(loadConfig({ ...production, DATABASE_URL: PG }).webConcurrency).toBe(os.availableParallelism())
    expect(loadConfig({ NODE_ENV: 'development', DATABASE_URL: PG }).webConcurrency).toBe(1)
    // The demo on a developer's machine, also on PostgreSQL.
    expect(loadConfig({ DATABASE_URL: PG }).webConcurrency).toBe(1)
    expect(loadConfig({}).webConcurrency).toBe(1)
    expect(loadConfig({}).webConcurrencyNote).toBeUndefined()
  })

  it('takes the asked number on PostgreSQL', () => {
    expect(loadConfig({ DATABASE_URL: PG, WEB_CONCURRENCY: '3' }).webConcurrency).toBe(3)
  })

  it('stays at one on PGlite and says why', () => {
    const config = loadConfig({ WEB_CONCURRENCY: '4' })
    expect(config.webConcurrency).toBe(1)
    expect(config.webConcurrencyNote).toMatch(/^WEB_CONCURRENCY=4 ignored: PGlite runs in one process/)
  })

  it('refuses what is not a positive whole number', () => {
    expect(() => loadConfig({ WEB_CONCURRENCY: '0' })).toThrow(/WEB_CONCURRENCY/)
    expect(() => loadConfig({ WEB_CONCURRENCY: 'many' })).toThrow(/WEB_CONCURRENCY/)
  })
})

describe('telemetry (ADR 950)', () => {
  it('serves metrics on 127.0.0.1:9464 by default and traces only with an OTLP endpoint', () => {
    expect(loadConfig({}).telemetry).toEqual({
      enabled: true,
      serviceName: 'svn-portal',
      metricsHost: '127.0.0.1',
      metricsPort: 9464,
      otlpEndpoint: undefined,
    })
    const set = loadConfig({
      METRICS_HOST: '0.0.0.0',
      METRICS_PORT: '9500',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
      OTEL_SERVICE_NAME: 'portal-a',
    }).telemetry
    expect(set).toMatchObject({
      metricsHost: '0.0.0.0',
      metricsPort: 9500,
      otlpEndpoint: 'http://collector:4318',
    })
    expect(set.serviceName).toBe('portal-a')
    expect(loadConfig({ METRICS_PORT: 'off' }).telemetry.metricsPort).toBeUndefined()
    expect(loadConfig({ OTEL_SDK_DISABLED: 'true' }).telemetry.enabled).toBe(false)
    // An empty value (a compose file's `OTEL_EXPORTER_OTLP_ENDPOINT=`) is unset: no traces, no refusal.
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: '' }).telemetry.otlpEndpoint).toBeUndefined()
  })

  it('refuses the metrics endpoint on the public port and bad values, naming the variable', () => {
    expect(refusal({ PORT: '4000', METRICS_PORT: '4000' })).toMatch(
      /METRICS_PORT must not be the public PORT/,
    )
    expect(refusal({ METRICS_PORT: 'many' })).toMatch(/METRICS_PORT/)
    expect(refusal({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector' })).toMatch(/OTEL_EXPORTER_OTLP_ENDPOINT/)
  })
})

describe('API client rate limit (ADR 181)', () => {
  it('is 600 requests a minute by default; both figures can be set', () => {
    expect(loadConfig({}).apiClientRateLimit).toEqual({ requests: 600, windowSeconds: 60 })
    expect(
      loadConfig({ API_CLIENT_RATE_LIMIT: '30', API_CLIENT_RATE_WINDOW: '3' }).apiClientRateLimit,
    ).toEqual({ requests: 30, windowSeconds: 3 })
    expect(refusal({ API_CLIENT_RATE_WINDOW: '0' })).toMatch(/API_CLIENT_RATE_WINDOW/)
  })
})

describe('KEEP_ALIVE_TIMEOUT (ADR 613)', () => {
  it('keeps idle connections 65 s by default, longer than a 60 s proxy; a longer proxy sets it higher', () => {
    expect(loadConfig({}).keepAliveTimeoutMs).toBe(65_000)
    expect(loadConfig({ KEEP_ALIVE_TIMEOUT: '620' }).keepAliveTimeoutMs).toBe(620_000)
    expect(refusal({ KEEP_ALIVE_TIMEOUT: '0' })).toMatch(/KEEP_ALIVE_TIMEOUT/)
    expect(refusal({ KEEP_ALIVE_TIMEOUT: '5s' })).toMatch(/KEEP_ALIVE_TIMEOUT/)
  })
})
