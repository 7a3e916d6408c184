/**
 * Both engines plan with the same settings (ADR 520): the search's plans, and the bench's figures,
 * must not depend on whether the demo runs on PGlite or production on PostgreSQL.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { DatabaseHandle } from './client.ts'
import { queryRows } from './rows.ts'
import { openTestDatabase } from './testing.ts'

let database: DatabaseHandle
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(() => database?.close())

it("plans with random_page_cost 1.1, for each run's values, on every query of the handle", async () => {
  // Several queries: on PostgreSQL each may take another pooled connection.
  for (let i = 0; i < 3; i++) {
    const [setting] = await queryRows<{ random_page_cost: string }>(database.db, sql`show random_page_cost`)
    expect(setting?.random_page_cost).toBe('1.1')
    const [mode] = await queryRows<{ plan_cache_mode: string }>(database.db, sql`show plan_cache_mode`)
    expect(mode?.plan_cache_mode).toBe('force_custom_plan')
  }
})
