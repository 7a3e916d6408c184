/**
 * searchSvn maps a page's rows with selectMapped (ADR 547): the rows must be the very objects drizzle's
 * own mapping builds (keys, their order, the licence plate's expression, the count as a number, nulls).
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { TestDatabase } from '../../db/testing.ts'
import { openTestDatabase } from '../../db/testing.ts'
import { SvnSearchSchema, type SvnSearchInput } from '../../domain/svn/search.ts'
import { seedRegisterDemo } from '../seed/demo.ts'
import { seedSvnDemo } from '../seed/svn-demo.ts'
import type { SvnScope } from './scope.ts'
import { searchRowsQuery, searchSvn } from './search.ts'

let database: TestDatabase
beforeAll(async () => {
  database = await openTestDatabase()
  await seedRegisterDemo(database.db)
  await seedSvnDemo(database.db)
}, 180_000)
afterAll(() => database?.close())

const CLERK: SvnScope = { kind: 'insurer', gsCode: '1001', maklerNr: undefined }

it.each<[string, SvnSearchInput]>([
  ['the default list', {}],
  ['sorted by plate, descending', { sort: 'licensePlate', order: 'desc' }],
  ['the second page of ten', { pageSize: '10', page: '2' }],
  ['a name prefix', { name: 'Mü' }],
])('gives %s as drizzle maps it', async (_, input) => {
  const query = SvnSearchSchema.parse(input)
  const drizzles = await searchRowsQuery(database.db, query, CLERK)
  expect(drizzles.length).toBeGreaterThan(0)
  const result = await searchSvn(database.db, query, CLERK)
  const expected = drizzles.map(({ total: _total, ...row }) => row)
  expect(result.rows).toStrictEqual(expected)
  expect(result.rows.map((row) => JSON.stringify(row))).toStrictEqual(
    expected.map((row) => JSON.stringify(row)),
  )
  expect(result.total).toBe(drizzles[0]!.total)
  expect(typeof result.total).toBe('number')
})
