import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { queryRows } from '../../db/rows.ts'
import { openTestDatabase } from '../../db/testing.ts'
import { createSvnSchema } from '../../domain/svn/create.ts'
import { isValidStemNumber } from '../../domain/svn/stem-number.ts'
import { SVN_STATUSES } from '../../domain/svn/statuses.ts'
import {
  BULK_INSURERS,
  BULK_STATUS_SHARES,
  bulkSvnRecords,
  bulkSvnRows,
  inBatches,
  seedBulkSvn,
} from './bulk-svn.ts'
import { seedRegisterDemo } from './demo.ts'

const TODAY = '2026-11-21'

describe('bulk SVN generator', () => {
  it('makes records the create schema accepts on the day they were created', () => {
    for (const { input, createdDay } of bulkSvnRecords(2_000, { today: TODAY })) {
      const parsed = createSvnSchema({ today: createdDay, canWikC: true }).safeParse(input)
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true)
    }
  })

  it('spreads records over insurers, brokers, statuses, cantons and both kinds of holder', () => {
    const rows = [...bulkSvnRows(20_000, { today: TODAY })]
    const share = (test: (r: (typeof rows)[number]) => boolean) => rows.filter(test).length / rows.length
    for (const insurer of BULK_INSURERS)
      expect(share((r) => r.gsCode === insurer.gsCode)).toBeCloseTo(insurer.share, 1)
    expect(share((r) => r.maklerNr === '4711')).toBeCloseTo(0.22 * 0.6, 1)
    for (const status of SVN_STATUSES) {
      expect(share((r) => r.status === status)).toBeCloseTo(BULK_STATUS_SHARES[status], 1)
      expect(share((r) => r.status === status)).toBeGreaterThan(0.01)
    }
    expect(new Set(rows.map((r) => r.canton)).size).toBeGreaterThanOrEqual(25)
    expect(share((r) => r.personenTyp === 'JURISTISCH')).toBeGreaterThan(0.03)
    // Long tail of names: no surname on more than 2 % of the holders.
    const names = new Map<string, number>()
    for (const r of rows) names.set(r.name ?? '', (names.get(r.name ?? '') ?? 0) + 1)
    expect(names.size).toBeGreaterThan(500)
    expect(Math.max(...names.values()) / rows.length).toBeLessThan(0.02)
    for (const r of rows)
      if (r.stammNr !== null) expect(isValidStemNumber(String(r.stammNr).padStart(9, '0'))).toBe(true)
    // Dates follow the status: registered boats carry an IV date, AV an AV date, nothing in the future.
    for (const r of rows) {
      expect(r.ivDatum !== undefined).toBe(['IV', 'AE', 'AV'].includes(r.status))
      expect(r.avDatum !== undefined).toBe(r.status === 'AV')
      expect((r.statusChangedAt as Date).getTime()).toBeGreaterThanOrEqual((r.createdAt as Date).getTime())
      expect((r.statusChangedAt as Date).toISOString().slice(0, 10) <= TODAY).toBe(true)
    }
  })

  it('is deterministic for a seed and differs between seeds', () => {
    const first = JSON.stringify([...bulkSvnRows(200, { today: TODAY })])
    expect(JSON.stringify([...bulkSvnRows(200, { today: TODAY })])).toBe(first)
    expect(JSON.stringify([...bulkSvnRows(200, { today: TODAY, seed: 7 })])).not.toBe(first)
  })

  it('cuts the stream into batches of at most the given size', () => {
    expect([...inBatches([1, 2, 3, 4, 5], 2)]).toEqual([[1, 2], [3, 4], [5]])
    expect([...inBatches([], 2)]).toEqual([])
  })

  it('stores the records within the database constraints, batch by batch, with their notifications', async () => {
    const handle = await openTestDatabase()
    try {
      await seedRegisterDemo(handle.db)
      const progress: number[] = []
      const written = await seedBulkSvn(handle.db, {
        count: 2_500,
        today: TODAY,
        batchRows: 1_000,
        onProgress: (done) => progress.push(done),
      })
      expect(written).toBe(2_500)
      expect(progress).toEqual([1_000, 2_000, 2_500])
      const count = async (query: string) => {
        const rows = await queryRows<{ n: number }>(handle.db, sql.raw(query))
        return Number(rows[0]?.n)
      }
      expect(await count('select count(*) as n from svn')).toBe(2_500)
      expect(await count(`select count(*) as n from svn where status in ('IV', 'AE', 'AV')`)).toBe(
        await count(`select count(*) as n from svn_notifications where kind = 'IV'`),
      )
      expect(await count(`select count(*) as n from svn where status = 'AV'`)).toBe(
        await count(`select count(*) as n from svn_notifications where kind = 'AV'`),
      )
      // The frozen holder has the shape the detail view reads.
      expect(
        await count(`select count(*) as n from svn_notifications n join svn s on s.id = n.svn_id
          where n.halter->'person'->>'name' = s.name and n.halter->'adresse'->>'plz' = s.zip`),
      ).toBe(await count('select count(*) as n from svn_notifications'))
    } finally {
      await handle.close()
    }
  }, 120_000)
})
