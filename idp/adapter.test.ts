import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../db/client.ts'
import { openTestDatabase } from '../db/testing.ts'
import { createAdapterFactory } from './adapter.ts'

let handle: DatabaseHandle

beforeAll(async () => {
  handle = await openTestDatabase()
})
afterAll(async () => {
  await handle?.close()
})

describe('idp_payloads adapter', () => {
  it('upserts, finds, consumes and destroys per model kind', async () => {
    const adapter = createAdapterFactory(handle.db)
    const codes = adapter('AuthorizationCode')
    const tokens = adapter('AccessToken')
    await codes.upsert('c1', { grantId: 'g1', accountId: 'u1', iat: 1 }, 60)
    await tokens.upsert('c1', { grantId: 'g1', accountId: 'other' }, 60)
    expect(await codes.find('c1')).toMatchObject({ accountId: 'u1', grantId: 'g1' })
    expect(await tokens.find('c1')).toMatchObject({ accountId: 'other' })

    await codes.upsert('c1', { grantId: 'g1', accountId: 'u1', iat: 2 }, 60)
    expect(await codes.find('c1')).toMatchObject({ iat: 2 })

    await codes.consume('c1')
    const consumed = await codes.find('c1')
    expect(typeof consumed?.consumed).toBe('number')

    await codes.destroy('c1')
    expect(await codes.find('c1')).toBeUndefined()
    expect(await tokens.find('c1')).toBeDefined()
  })

  it('stores payloads as jsonb objects', async () => {
    const adapter = createAdapterFactory(handle.db)('Grant')
    await adapter.upsert('g-json', { accountId: 'u1', openid: { scope: 'openid' } } as never, 60)
    const result = await handle.db.execute<{ t: string }>(
      sql`select jsonb_typeof(payload) as t from idp_payloads where kind = 'Grant' and id = 'g-json'`,
    )
    const rows = (Array.isArray(result) ? result : (result as { rows: Array<{ t: string }> }).rows) as Array<{
      t: string
    }>
    expect(rows[0]?.t).toBe('object')
  })

  it('finds sessions by uid and device codes by user code', async () => {
    const adapter = createAdapterFactory(handle.db)
    await adapter('Session').upsert('s1', { uid: 'uid-1', accountId: 'u1' }, 60)
    await adapter('DeviceCode').upsert('d1', { userCode: 'ABCD-EFGH' }, 60)
    expect(await adapter('Session').findByUid('uid-1')).toMatchObject({ accountId: 'u1' })
    expect(await adapter('DeviceCode').findByUserCode('ABCD-EFGH')).toBeDefined()
    expect(await adapter('Session').findByUid('nope')).toBeUndefined()
  })

  it('revokes by grant id within the model kind', async () => {
    const adapter = createAdapterFactory(handle.db)
    await adapter('RefreshToken').upsert('r1', { grantId: 'g2' }, 60)
    await adapter('RefreshToken').upsert('r2', { grantId: 'g2' }, 60)
    await adapter('RefreshToken').upsert('r3', { grantId: 'g3' }, 60)
    await adapter('AccessToken').upsert('a1', { grantId: 'g2' }, 60)
    await adapter('RefreshToken').revokeByGrantId('g2')
    expect(await adapter('RefreshToken').find('r1')).toBeUndefined()
    expect(await adapter('RefreshToken').find('r2')).toBeUndefined()
    expect(await adapter('RefreshToken').find('r3')).toBeDefined()
    expect(await adapter('AccessToken').find('a1')).toBeDefined()
  })

  it('treats expired rows as missing and purges them', async () => {
    const adapter = createAdapterFactory(handle.db)('Interaction')
    await adapter.upsert('old', { uid: 'x' }, 60)
    await handle.db.execute(
      sql`update idp_payloads set expires_at = now() - interval '1 second' where id = 'old'`,
    )
    expect(await adapter.find('old')).toBeUndefined()
    const left = await handle.db.execute(sql`select 1 from idp_payloads where id = 'old'`)
    const rows = Array.isArray(left) ? left : (left as { rows: unknown[] }).rows
    expect(rows).toHaveLength(0)
  })
})
