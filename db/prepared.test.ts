/**
 * Every statement of up to PREPARED_MAX_PARAMETERS parameters is prepared on PostgreSQL (ADR 547), in
 * transactions and savepoints too; bulk statements are not. PGlite is one session without the driver's
 * statement cache: the test of the server's list of statements runs on PostgreSQL only.
 */
import { sql } from 'drizzle-orm'
import type postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from './client.ts'
import { PREPARED_MAX_PARAMETERS, PREPARED_MAX_STATEMENTS, preparingStatements } from './prepared.ts'
import { queryRows } from './rows.ts'
import { openTestDatabase, type TestDatabase } from './testing.ts'

describe('preparingStatements', () => {
  const calls: { method: string; args: unknown[] }[] = []
  const fake = {
    unsafe: (...args: unknown[]) => calls.push({ method: 'unsafe', args }),
    begin(...args: unknown[]) {
      calls.push({ method: 'begin', args })
      return (args.at(-1) as (sql: unknown) => unknown)(fake)
    },
    options: { parsers: {} },
  } as unknown as postgres.Sql
  const client = preparingStatements(fake)
  const optionsOf = (i: number) => calls[i]!.args[2] as postgres.UnsafeQueryOptions

  it('asks for every statement to be prepared up to the limit, bulk statements not', () => {
    calls.length = 0
    void client.unsafe('select $1', [1], { prepare: false })
    void client.unsafe(
      'select',
      Array.from({ length: PREPARED_MAX_PARAMETERS + 1 }, () => 1),
      { prepare: false },
    )
    void client.unsafe(
      'select',
      Array.from({ length: PREPARED_MAX_PARAMETERS + 1 }, () => 1),
      { prepare: true },
    )
    expect([0, 1, 2].map((i) => optionsOf(i).prepare)).toEqual([true, false, true])
  })

  it('prepares up to PREPARED_MAX_STATEMENTS texts per client, transactions included; later texts not', async () => {
    const bounded = preparingStatements(fake)
    calls.length = 0
    for (let i = 0; i < PREPARED_MAX_STATEMENTS - 1; i++) void bounded.unsafe(`select $1 -- ${i}`, [i])
    await bounded.begin((tx) => tx.unsafe('select $1 -- in a transaction', [1]))
    void bounded.unsafe('select $1 -- one too many', [1])
    void bounded.unsafe('select $1 -- 0', [2])
    const prepared = calls
      .filter((c) => c.method === 'unsafe')
      .map((c) => (c.args[2] as postgres.UnsafeQueryOptions).prepare)
    expect(prepared).toEqual([...Array<boolean>(PREPARED_MAX_STATEMENTS).fill(true), false, true])
  })

  it("takes postgres.js's unsafe(query, options) too", () => {
    calls.length = 0
    void client.unsafe('select 1', { prepare: false } as never)
    expect(calls[0]!.args.slice(1)).toEqual([[], { prepare: true }])
  })

  it('hands a transaction a client that prepares too, and leaves the rest as it is', async () => {
    calls.length = 0
    await client.begin('read write', (tx) => tx.unsafe('select $1', [1]))
    expect(calls.map((c) => c.method)).toEqual(['begin', 'unsafe'])
    expect(calls[0]!.args[0]).toBe('read write')
    expect(optionsOf(1).prepare).toBe(true)
    expect(client.options).toBe(fake.options)
  })
})

describe.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await openTestDatabase()
  })
  afterAll(() => database?.close())

  /** The statements prepared on the transaction's connection that contain `marker`. */
  const preparedWith = (db: Database, marker: string) =>
    queryRows<{ statement: string }>(
      db,
      sql`select statement from pg_prepared_statements where statement like ${`%${marker}%`} and statement not like '%pg_prepared_statements%'`,
    )

  it('prepares a query with values, in a transaction and in a savepoint, and a bulk one not', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select ${1}::int as one_marker`)
      await tx.transaction((savepoint) => savepoint.execute(sql`select ${2}::int as two_marker`))
      const many = Array.from({ length: PREPARED_MAX_PARAMETERS + 1 }, (_, i) => sql`${i}::int`)
      await tx.execute(sql`select array[${sql.join(many, sql`, `)}] as many_marker`)
      expect(await preparedWith(tx, 'one_marker')).toHaveLength(1)
      expect(await preparedWith(tx, 'two_marker')).toHaveLength(1)
      expect(await preparedWith(tx, 'many_marker')).toHaveLength(0)
    })
  })

  it('prepares nothing when DATABASE_URL says prepare=false (a pooler that cannot keep them)', async () => {
    const url = new URL(database.url!)
    url.searchParams.set('prepare', 'false')
    const unprepared = await openDatabase({ databaseUrl: url.toString(), dataDir: '' })
    try {
      await unprepared.db.transaction(async (tx) => {
        await tx.execute(sql`select ${1}::int as off_marker`)
        expect(await preparedWith(tx, 'off_marker')).toHaveLength(0)
      })
    } finally {
      await unprepared.close()
    }
  })

  it('runs one prepared statement with other values', async () => {
    await database.db.transaction(async (tx) => {
      for (const value of [1, 2, 3]) {
        const [row] = await queryRows<{ n: number }>(
          tx,
          sql`select ${value}::int + 1 as n, 'again_marker' as marker`,
        )
        expect(row?.n).toBe(value + 1)
      }
      expect(await preparedWith(tx, 'again_marker')).toHaveLength(1)
    })
  })
})
