/**
 * The migration's back-fill folds names exactly as foldName does (ADR 540), on the engine the tests
 * run on (PGlite, or PostgreSQL with TEST_DATABASE_URL): old rows and new rows get the same keys.
 */
import { readFileSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIFFERENT, SAME_NAME } from '../domain/names/fold-cases.ts'
import { foldName } from '../domain/names/fold.ts'
import type { DatabaseHandle } from './client.ts'
import { foldNameSql } from './name-fold.ts'
import { queryRows } from './rows.ts'
import { openTestDatabase } from './testing.ts'

const MIGRATION = readFileSync(new URL('./migrations/0007_name_folding.sql', import.meta.url), 'utf8')

/** Every name of the folding tests, and characters at the edges of each step. */
const NAMES = [
  ...SAME_NAME.flat(),
  ...DIFFERENT.flat(),
  'Segelschule Seeland AG',
  'Lac Léman Loisirs SA',
  'ÆØÅ æøå ŒœẞßŁłĐđ',
  'Ñúñez Ǆ ǅ İstanbul',
  "O'Neill-Smith Jr.",
  'Rüe Müeller Aeaeoe uee',
  'Zoë\u00a0Anne',
  '100% _x_ \\',
  '',
]

const HOLDERS = SAME_NAME.flat()

let handle: DatabaseHandle

beforeAll(async () => {
  handle = await openTestDatabase()
}, 60_000)

afterAll(async () => {
  await handle?.close()
})

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(handle.db, query)

describe('the SQL fold of migration 0007', () => {
  it('is foldNameSql, pasted for both name columns', () => {
    expect(MIGRATION).toContain(`"name_folded" = ${foldNameSql('"name"')},`)
    expect(MIGRATION).toContain(`"first_name_folded" = ${foldNameSql('"first_name"')};`)
  })

  it(`equals foldName on ${NAMES.length} names`, async () => {
    const folded = await rows<{ name: string; folded: string }>(
      sql`select name, ${sql.raw(foldNameSql('name'))} as folded
          from unnest(${sql.param(NAMES)}::text[]) as name`,
    )
    expect(folded).toHaveLength(NAMES.length)
    const mismatches = folded.filter((row) => row.folded !== foldName(row.name))
    expect(
      mismatches.map((row) => `${row.name}: SQL ${row.folded}, TS ${foldName(row.name)}`),
      'SQL and TS folds differ',
    ).toEqual([])
  })

  it('back-fills rows written before the columns existed, and leaves missing names null', async () => {
    const statement = MIGRATION.split('--> statement-breakpoint').find((part) =>
      part.includes('UPDATE "svn"'),
    )
    expect(statement).toBeDefined()
    // The test database is migrated and empty: one insurer for the foreign key, then rows as 0006 left them.
    await handle.db.execute(sql`insert into insurers (gs_code, name) values ('1001', 'Test')`)
    await handle.db.execute(
      sql`insert into svn (status, gs_code, name, first_name)
          select 'OPEN', '1001', last, first from unnest(${sql.param(HOLDERS)}::text[]) as last,
            lateral (select null::text as first union all select 'Zoë') as f`,
    )
    await handle.db.execute(sql.raw(statement ?? ''))
    const stored = await rows<{
      name: string
      first_name: string | null
      name_folded: string
      first_name_folded: string | null
    }>(sql`select name, first_name, name_folded, first_name_folded from svn`)
    expect(stored).toHaveLength(HOLDERS.length * 2)
    for (const row of stored) {
      expect(row.name_folded).toBe(foldName(row.name))
      expect(row.first_name_folded).toBe(row.first_name === null ? null : foldName(row.first_name))
    }
  })
})
