import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../db/client.ts'
import { openTestDatabase } from '../db/testing.ts'
import { createRateLimiter } from './rate-limit.ts'

let handle: DatabaseHandle

beforeAll(async () => {
  handle = await openTestDatabase()
})
afterAll(async () => {
  await handle?.close()
})

const options = { maxFailuresPerLogin: 3, maxFailuresPerIp: 5, windowSeconds: 900, blockSeconds: 900 }

describe('login rate limit', () => {
  it('blocks a login after its limit, case-insensitively, and a success resets it', async () => {
    const limiter = createRateLimiter(handle.db, options)
    const t0 = new Date('2026-01-01T10:00:00Z')
    expect(await limiter.recordFailure({ login: 'a@x.ch', ip: '10.0.0.1' }, t0)).toBe(0)
    expect(await limiter.recordFailure({ login: 'A@X.ch', ip: '10.0.0.2' }, t0)).toBe(0)
    expect(await limiter.recordFailure({ login: 'a@x.ch', ip: '10.0.0.3' }, t0)).toBe(900)
    expect(await limiter.blockedFor({ login: 'a@x.ch', ip: '10.9.9.9' }, t0)).toBe(900)
    // the block ends after blockSeconds, and the stale window starts over
    const later = new Date(t0.getTime() + 901_000)
    expect(await limiter.blockedFor({ login: 'a@x.ch', ip: '10.9.9.9' }, later)).toBe(0)
    expect(await limiter.recordFailure({ login: 'a@x.ch', ip: '10.0.0.4' }, later)).toBe(0)
    await limiter.recordSuccess({ login: 'a@x.ch', ip: '10.0.0.4' })
    expect(await limiter.recordFailure({ login: 'a@x.ch', ip: '10.0.0.5' }, later)).toBe(0)
    expect(await limiter.recordFailure({ login: 'a@x.ch', ip: '10.0.0.6' }, later)).toBe(0)
  })

  it('blocks an address trying many logins', async () => {
    const limiter = createRateLimiter(handle.db, options)
    const now = new Date('2026-01-02T10:00:00Z')
    for (let i = 0; i < 4; i++)
      expect(await limiter.recordFailure({ login: `u${i}`, ip: '192.0.2.7' }, now)).toBe(0)
    expect(await limiter.recordFailure({ login: 'u9', ip: '192.0.2.7' }, now)).toBe(900)
    expect(await limiter.blockedFor({ login: 'fresh', ip: '192.0.2.7' }, now)).toBe(900)
    expect(await limiter.blockedFor({ login: 'fresh', ip: '192.0.2.8' }, now)).toBe(0)
  })

  it('counts concurrent failures exactly (atomic upsert)', async () => {
    const limiter = createRateLimiter(handle.db, { ...options, maxFailuresPerLogin: 10 })
    const now = new Date('2026-01-03T10:00:00Z')
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        limiter.recordFailure({ login: 'race', ip: `198.51.100.${i}` }, now),
      ),
    )
    expect(await limiter.blockedFor({ login: 'race', ip: '203.0.113.1' }, now)).toBe(900)
  })
})
