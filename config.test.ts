import os from 'node:os'
import { describe, expect, it } from 'vitest'
import { loadConfig } from './config.ts'

const PG = 'postgres://127.0.0.1/x'

describe('WEB_CONCURRENCY (ADR 522)', () => {
  it('defaults to one worker per core in production on PostgreSQL, else one', () => {
    expect(loadConfig({ DATABASE_URL: PG, SESSION_SECRET: 's'.repeat(32) }).webConcurrency).toBe(
      os.availableParallelism(),
    )
    expect(loadConfig({ NODE_ENV: 'development', DATABASE_URL: PG }).webConcurrency).toBe(1)
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
