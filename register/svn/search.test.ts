/**
 * searchSvn maps a page's rows with selectMapped (ADR 547): the rows must be the very objects drizzle's
 * own mapping builds (keys, their order, the licence plate's expression, the count as a number, nulls).
 */
import { and, eq, ne } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { svn } from '../../db/schema/svn.ts'
import type { TestDatabase } from '../../db/testing.ts'
import { openTestDatabase } from '../../db/testing.ts'
import { SvnSearchSchema, type SvnSearchInput } from '../../domain/svn/search.ts'
import { seedRegisterDemo } from '../seed/demo.ts'
import { seedSvnDemo } from '../seed/svn-demo.ts'
import type { SvnScope } from './scope.ts'
import { searchRowsQuery, searchSvn } from './search.ts'
import { idsWhere } from './testing.ts'

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

it('finds with a prefix key what the prefix alone finds: %, _ and \\ literal, characters beyond the BMP (ADR 549)', async () => {
  const visible = and(eq(svn.gsCode, CLERK.gsCode), ne(svn.status, 'DELETABLE'))
  const targets = (await idsWhere(database.db, visible)).slice(0, 5)
  // Hull numbers (key of six characters) and post codes (three) a key counted in UTF-16 units, or
  // compared as a pattern, would get wrong.
  const values: [string, string][] = [
    ['CH-𝔄B1234', '𝔄120'],
    ['CH-𝔄B1999', '𝔄130'],
    ['CH-%B1234', '%120'],
    ['CH-_B1234', '_120'],
    ['CH-\\B1234', '\\120'],
  ]
  for (const [i, [schaleNr, zip]] of values.entries())
    await database.db.update(svn).set({ schaleNr, zip }).where(eq(svn.id, targets[i]!))
  const stored = await database.db
    .select({ id: svn.id, schaleNr: svn.schaleNr, zip: svn.zip })
    .from(svn)
    .where(visible)
  const cases = [
    ...['CH-𝔄', 'CH-𝔄B1', 'CH-𝔄B12', 'CH-%B1', 'CH-_B1', 'CH-\\B1'].map(
      (p) => ['schaleNr', p, 'schaleNr'] as const,
    ),
    ...['𝔄1', '𝔄12', '%12', '_12', '\\12'].map((p) => ['zipCode', p, 'zip'] as const),
  ]
  for (const [filter, prefix, column] of cases) {
    const expected = stored
      .filter((row) => (row[column] ?? '').startsWith(prefix))
      .map((row) => row.id)
      .sort((a, b) => a - b)
    expect(expected.length, prefix).toBeGreaterThan(0)
    const result = await searchSvn(database.db, SvnSearchSchema.parse({ [filter]: prefix }), CLERK)
    expect(
      result.rows.map((row) => row.sVnId).sort((a, b) => a - b),
      `${filter} ${prefix}`,
    ).toEqual(expected)
  }
})
