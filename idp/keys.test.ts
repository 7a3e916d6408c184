import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../db/client.ts'
import { queryRows } from '../db/rows.ts'
import { openTestDatabase } from '../db/testing.ts'
import { loadOrCreateKeys } from './keys.ts'

let handle: DatabaseHandle
const ring = { current: Buffer.alloc(32, 1) }
let dir: string

beforeAll(async () => {
  handle = await openTestDatabase()
  dir = await mkdtemp(path.join(tmpdir(), 'idp-keys-'))
})
afterAll(async () => {
  await handle?.close()
  await rm(dir, { recursive: true, force: true })
})

describe('IdP keys in the database', () => {
  it('imports the key files of an existing DATA_DIR once, then every instance reads the stored keys', async () => {
    const jwks = { keys: [{ kty: 'RSA', kid: 'legacy-kid', n: 'n', e: 'AQAB', d: 'd' }] }
    await writeFile(path.join(dir, 'idp-jwks.json'), JSON.stringify(jwks))
    await writeFile(path.join(dir, 'idp-cookie-keys.json'), JSON.stringify(['legacy-cookie-key']))

    const first = await loadOrCreateKeys(handle.db, ring, dir)
    expect(first).toEqual({ jwks, cookieKeys: ['legacy-cookie-key'] })

    // another instance without the files (own DATA_DIR) gets the same keys
    const second = await loadOrCreateKeys(handle.db, ring, path.join(dir, 'empty'))
    expect(second).toEqual(first)
  })

  it('stores the generated signing and cookie keys encrypted: no private key in the table (ADR 702)', async () => {
    const { sql } = await import('drizzle-orm')
    const { idpKeys } = await import('../db/schema/idp.ts')
    await handle.db.delete(idpKeys)
    const keys = await loadOrCreateKeys(handle.db, ring)
    const text = (
      await queryRows<{ value: string }>(handle.db, sql`select value::text as value from idp_keys`)
    )
      .map((r) => r.value)
      .join('\n')
    expect(String(keys.jwks.keys[0]!.d).length).toBeGreaterThan(100)
    expect(text).not.toContain(String(keys.jwks.keys[0]!.d).slice(0, 32))
    expect(text).not.toContain(keys.cookieKeys[0])
    expect(await loadOrCreateKeys(handle.db, { current: Buffer.alloc(32, 1) })).toEqual(keys)
  })

  it('instances starting at the same moment agree on one generated value', async () => {
    const { sharedValue } = await import('../db/shared-keys.ts')
    let n = 0
    const values = await Promise.all(
      Array.from({ length: 4 }, () => sharedValue(handle.db, ring, 'race-test', () => `value-${++n}`)),
    )
    expect(new Set(values).size).toBe(1)
    expect(n).toBeGreaterThan(0)
  })
})
