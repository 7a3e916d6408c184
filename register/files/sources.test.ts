/**
 * The exports read their rows with selectMapped (ADR 535) instead of drizzle's own row mapping: the
 * rows must be the very objects drizzle builds (keys, order, dates, bigint as number, nulls), on the
 * shapes the sources select.
 */
import { and, asc, eq, type Query } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { selectMapped, type FlatSelection } from '../../db/rows.ts'
import { codeItems } from '../../db/schema/register.ts'
import { svn, svnNotifications } from '../../db/schema/svn.ts'
import type { TestDatabase } from '../../db/testing.ts'
import { openTestDatabase } from '../../db/testing.ts'
import { REJECTION_REASON_CATEGORY } from '../../domain/svn/enums.ts'
import { seedRegisterDemo } from '../seed/demo.ts'
import { seedSvnDemo } from '../seed/svn-demo.ts'

let database: TestDatabase
beforeAll(async () => {
  database = await openTestDatabase()
  await seedRegisterDemo(database.db)
  await seedSvnDemo(database.db)
})
afterAll(() => database?.close())

it('maps a table, left-joined columns and an inner join as drizzle does', async () => {
  const db = database.db
  const svnOnly = { svn }
  const withReason = { svn, de: codeItems.de, fr: codeItems.fr, it: codeItems.it }
  const notifications = { n: svnNotifications, referenz: svn.referenz, maklerNr: svn.maklerNr }
  const svnRows = () => db.select(svnOnly).from(svn).orderBy(asc(svn.id))
  const reasonRows = () =>
    db
      .select(withReason)
      .from(svn)
      .leftJoin(
        codeItems,
        and(eq(codeItems.category, REJECTION_REASON_CATEGORY), eq(codeItems.id, svn.reasonAe)),
      )
      .orderBy(asc(svn.id))
  const notificationRows = () =>
    db
      .select(notifications)
      .from(svnNotifications)
      .innerJoin(svn, eq(svn.id, svnNotifications.svnId))
      .orderBy(asc(svnNotifications.id))
  async function same<T>(selection: FlatSelection, query: () => { toSQL(): Query } & PromiseLike<T[]>) {
    const expected = await query()
    expect(expected.length).toBeGreaterThan(5)
    const actual = await selectMapped(db, selection, query())
    expect(actual).toStrictEqual(expected)
    // Same key order too: the layout does not care, but anything serialising a row would.
    expect(actual.map((row) => JSON.stringify(row))).toStrictEqual(expected.map((row) => JSON.stringify(row)))
    return actual
  }
  await same(svnOnly, svnRows)
  await same(notifications, notificationRows)
  const reasons = await same(withReason, reasonRows)
  // The cases that matter are there: a rejection with and one without its reason's text, dates.
  expect(reasons.some((r) => r.svn.rejectedAe !== null && r.de !== null)).toBe(true)
  expect(reasons[0]?.svn.statusChangedAt).toBeInstanceOf(Date)
})
