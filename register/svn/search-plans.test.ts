/**
 * Every filter kind of the register search (spec §search, ADR 120) runs on an index, on a table large
 * enough for the planner to prefer one (ADR 502). Plans, not timings: the figures are in bench/search.ts.
 */
import { sql, TransactionRollbackError } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database, DatabaseHandle } from '../../db/client.ts'
import { explainLines } from '../../db/explain.ts'
import { openTestDatabase } from '../../db/testing.ts'
import { SEARCH_LIMIT, SvnSearchSchema, type SvnSearchInput } from '../../domain/svn/search.ts'
import { seedBulkSvn } from '../seed/bulk-svn.ts'
import { seedRegisterDemo } from '../seed/demo.ts'
import type { SvnScope } from './scope.ts'
import { countMatchesQuery, searchRowsQuery, searchSvn } from './search.ts'
import { searchSample, type SearchSample } from './testing.ts'

const ROWS = 20_000
const INSURER: SvnScope = { kind: 'insurer', gsCode: '1001', maklerNr: undefined }
const BROKER: SvnScope = { kind: 'insurer', gsCode: '1003', maklerNr: '5230' }

let handle: DatabaseHandle
// Values that occur in the seeded rows, read back so the test does not depend on the generator's draws.
let sample: SearchSample

beforeAll(async () => {
  handle = await openTestDatabase()
  await seedRegisterDemo(handle.db)
  await seedBulkSvn(handle.db, { count: ROWS, today: '2026-11-21' })
  sample = await searchSample(handle.db, ROWS / 2)
}, 240_000)

afterAll(async () => {
  await handle?.close()
})

async function plan(
  input: SvnSearchInput,
  scope: SvnScope = INSURER,
  db: Database = handle.db,
): Promise<string> {
  const query = SvnSearchSchema.parse(input)
  return (await explainLines(db, searchRowsQuery(db, query, scope))).join('\n')
}

/**
 * The plan lines under the id query's Limit: how the ids are chosen. It is the innermost Limit, the
 * last; a rows query has two (the page's, outer and first), the count of a page past the last one.
 */
function underLimit(plan: string, limitCount = 2): string {
  const lines = plan.split('\n')
  const limits = lines.flatMap((line, i) => (/(^|-> +)Limit/.test(line) ? [i] : []))
  expect(limits, plan).toHaveLength(limitCount)
  const start = limits.at(-1) ?? -1
  const depth = (line: string) => line.search(/\S/)
  const limitDepth = depth(lines[start] ?? '')
  const end = lines.findIndex((line, i) => i > start && depth(line) <= limitDepth)
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n')
}

/** The key indexes of prefixes (ADR 549, 550). */
const KEY_INDEXES = ['svn_name_key_idx', 'svn_first_name_key_idx', 'svn_zip_key_idx', 'svn_schale_nr_key_idx']

/** The indexes the planner may prefer to walking the ids for a prefix, canton or status. */
const OTHER_WAYS_IN = [
  ...KEY_INDEXES,
  'svn_name_folded_idx',
  'svn_first_name_folded_idx',
  'svn_zip_prefix_idx',
  'svn_schale_nr_prefix_idx',
  'svn_canton_idx',
  'svn_gs_code_status_idx',
  'svn_sort_name_idx',
  'svn_sort_first_name_idx',
  'svn_sort_zip_idx',
  'svn_sort_plate_idx',
]

/**
 * Runs `run` with these indexes dropped, in a transaction that is then rolled back. `run` must query
 * through the `db` it is given: the transaction holds a lock on svn until its rollback.
 */
async function withoutIndexes<T>(indexes: string[], run: (db: Database) => Promise<T>): Promise<T> {
  let result: { value: T } | undefined
  await handle.db
    .transaction(async (tx) => {
      for (const index of indexes) await tx.execute(sql.raw(`drop index ${index}`))
      result = { value: await run(tx) }
      tx.rollback()
    })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error
    })
  if (!result) throw new Error('the transaction ended before its run')
  return result.value
}

describe('register search plans on 20 000 SVN', () => {
  const cases: [string, () => SvnSearchInput, string | RegExp, SvnScope?][] = [
    ['sVnID', () => ({ sVnID: String(sample.id) }), /svn_pkey|svn_gs_code_id_idx/],
    ['stammNr', () => ({ stammNr: String(sample.stammNr).padStart(9, '0') }), 'svn_stamm_nr_idx'],
    ['schildNr', () => ({ schildNr: String(sample.schildNr) }), 'svn_schild_nr_idx'],
    // A prefix shorter than its key (ADR 549) is a range of the prefix index; a longer one may also be
    // its key's group (the test below), whichever the planner finds cheaper for a rare one.
    [
      'schaleNr (prefix)',
      () => ({ schaleNr: sample.schaleNr.slice(0, 9) }),
      /svn_schale_nr_(prefix|key)_idx/,
    ],
    ['name (prefix)', () => ({ name: 'Zauggrie' }), /svn_name_(folded|key)_idx/],
    ['name (short prefix)', () => ({ name: 'Zä' }), 'svn_name_folded_idx'],
    // Spelling variants of Flückmühle search the same folded key (ADR 540).
    ['name (prefix, umlauts as ue)', () => ({ name: 'Flueckmuehle' }), /svn_name_(folded|key)_idx/],
    ['name (prefix, umlauts as u)', () => ({ name: 'Fluckmuhle' }), /svn_name_(folded|key)_idx/],
    ['firstName (prefix)', () => ({ firstName: 'Mirja' }), /svn_first_name_(folded|key)_idx/],
    ['firstName (prefix, accent left out)', () => ({ firstName: 'Zoe' }), /svn_first_name_(folded|key)_idx/],
    // With C collation (PGlite) the sort index's (gs_code, zip) range serves a prefix too (ADR 520).
    ['zipCode (prefix)', () => ({ zipCode: '646' }), /svn_zip_(prefix|key)_idx|svn_sort_zip_idx/],
    ['canton', () => ({ canton: 'UR' }), 'svn_canton_idx'],
    ['sVnStatus', () => ({ sVnStatus: 'RESERVED' }), 'svn_gs_code_status_idx'],
    ['no filter, broker', () => ({}), 'svn_makler_nr_idx', BROKER],
  ]
  for (const [label, input, index, scope] of cases) {
    it(`${label} uses ${index}`, async () => {
      const text = await plan(input(), scope)
      expect(text, text).toMatch(/Index Scan|Index Only Scan|Bitmap Index Scan/)
      expect(text, text).toMatch(index)
    })
  }

  it('equality filters and the default list take the first ids in order from the index: no sort of the matches', async () => {
    const cases: [SvnSearchInput, SvnScope][] = [
      [{}, INSURER],
      [{ canton: 'UR' }, INSURER],
      [{ sVnStatus: 'RESERVED' }, INSURER],
      [{}, BROKER],
      // A later page reads the same ids: only the answer's rows are cut to the page.
      [{ page: '3', pageSize: '15' }, INSURER],
    ]
    for (const [input, scope] of cases) {
      const text = await plan(input, scope)
      // Only the 101 rows read at the end are sorted (for the page), above the Limit of the id query.
      expect(underLimit(text), text).not.toMatch(/Sort/)
      expect(underLimit(text), text).toMatch(/Index (Only )?Scan/)
    }
  })

  it('checks a canton beside a prefix in the index, never row by row in the table (ADR 546)', async () => {
    const cases: SvnSearchInput[] = [
      { name: 'Müller', canton: 'ZH', sVnStatus: 'IV' },
      { name: 'Brun', canton: 'BE' },
      { firstName: 'Anna', canton: 'BE' },
      { zipCode: '8', canton: 'ZH' },
      { schaleNr: sample.schaleNr.slice(0, 4), canton: 'ZH' },
    ]
    for (const input of cases) {
      const under = underLimit(await plan(input))
      expect(under, under).toMatch(/Index (Only )?Scan|Bitmap Index Scan/)
      expect(under, under).not.toMatch(/Filter: .*canton/)
    }
    // Where the name's key or prefix index is the way in, the canton is one of its conditions.
    const muller = underLimit(await plan(cases[0]!))
    expect(muller, muller).toMatch(/svn_name_(key|folded)_idx/)
    expect(muller, muller).toMatch(/Index Cond: .*canton = 'ZH'/)
  })

  it("walks the insurer's ids for a common prefix without reading the table (ADR 548)", async () => {
    // Prefixes this common are found by walking the ids in order until 101 match, at this size already
    // (or, for a post code on PGlite, by a range of the zip sort index): either way, from an index alone.
    for (const input of [{ zipCode: '8' }, { schaleNr: 'CH' }] as SvnSearchInput[]) {
      const under = underLimit(await plan(input))
      expect(under, under).toMatch(/Index Only Scan/)
      expect(under, under).not.toMatch(/Index Scan|Bitmap Heap Scan|Seq Scan/)
    }
    // Names and first names are walked only at a larger size (their prefixes are rarer): with the prefix
    // and sort indexes out of the planner's reach, in a transaction rolled back, every filter beside the
    // prefix still reads the walked index alone.
    // A broker's walk reads the broker's own index, which holds the same columns.
    const walked: [SvnSearchInput, SvnScope, string][] = [
      [{ name: 'Brun', canton: 'BE', sVnStatus: 'IV' }, INSURER, 'svn_gs_code_id_idx'],
      [{ firstName: 'Anna', canton: 'ZH' }, INSURER, 'svn_gs_code_id_idx'],
      [{ zipCode: '3600' }, INSURER, 'svn_gs_code_id_idx'],
      [{ schaleNr: sample.schaleNr.slice(0, 6) }, INSURER, 'svn_gs_code_id_idx'],
      [{ name: 'Brun', canton: 'BE' }, BROKER, 'svn_makler_nr_idx'],
    ]
    const plans = await withoutIndexes(OTHER_WAYS_IN, async (tx) => {
      const found: string[] = []
      for (const [input, scope] of walked) found.push(underLimit(await plan(input, scope, tx)))
      return found
    })
    for (const [i, under] of plans.entries()) {
      expect(under, under).toMatch(`Index Only Scan using ${walked[i]![2]} `)
      expect(under, under).not.toMatch(/Index Scan|Bitmap Heap Scan|Seq Scan/)
    }
  })

  it("takes a prefix that holds its key as the insurer's key group in id order: index-only, no sort (ADR 549)", async () => {
    const keyed: [SvnSearchInput, string][] = [
      [{ name: 'Müller' }, 'svn_name_key_idx'],
      [{ name: 'Brun', canton: 'BE', sVnStatus: 'IV' }, 'svn_name_key_idx'],
      [{ firstName: 'Anna' }, 'svn_first_name_key_idx'],
      [{ zipCode: '3600' }, 'svn_zip_key_idx'],
      [{ schaleNr: sample.schaleNr.slice(0, 6) }, 'svn_schale_nr_key_idx'],
    ]
    for (const [input, index] of keyed) {
      const under = underLimit(await plan(input))
      expect(under, under).toMatch(`Index Only Scan using ${index} `)
      expect(under, under).not.toMatch(/Sort|Index Scan|Bitmap Heap Scan|Seq Scan/)
    }
    // The key is the prefix's first characters, counted as PostgreSQL counts them; a shorter prefix has none.
    const params = (input: SvnSearchInput) =>
      searchRowsQuery(handle.db, SvnSearchSchema.parse(input), INSURER).toSQL().params
    expect(params({ name: 'Mü' })).not.toContain('mu')
    expect(params({ name: 'MÜLLER' })).toContain('mul')
    expect(params({ schaleNr: 'CH-𝔄B1234' })).toContain('CH-𝔄B1')
  })

  it("checks a second prefix in the first one's key group, without reading the table (ADR 550)", async () => {
    // A clerk's usual narrowing: a name with a post code or a first name. Whichever key group the planner
    // walks, the other prefix is a column of the same index.
    const cases: SvnSearchInput[] = [
      { name: 'Müller', zipCode: '3600' },
      { name: 'Brun', firstName: 'Anna' },
      { firstName: 'Anna', zipCode: '800' },
      { name: 'Meier', firstName: 'Hans', zipCode: '300', canton: 'BE' },
    ]
    const keyGroup = new RegExp(`Index Only Scan using (${KEY_INDEXES.join('|')}) `)
    for (const input of cases) {
      const under = underLimit(await plan(input))
      expect(under, under).toMatch(keyGroup)
      expect(under, under).not.toMatch(/Sort|Index Scan|Bitmap Heap Scan|Seq Scan/)
    }
  })

  it('counts for a page past the last with the same id query: its Limit over the index, no sort', async () => {
    for (const input of [{}, { sort: 'name', order: 'desc' }] as SvnSearchInput[]) {
      const query = SvnSearchSchema.parse({ ...input, page: '8', pageSize: '15' })
      const text = (await explainLines(handle.db, countMatchesQuery(handle.db, query, INSURER))).join('\n')
      const under = underLimit(text, 1)
      expect(under, text).not.toMatch(/Sort/)
      expect(under, text).toMatch(/Index Only Scan/)
    }
  })

  it('finds the same records for every spelling of a name, on the folded index', async () => {
    const spellings = ['Flückmühle', 'Flueckmuehle', 'Fluckmuhle', 'FLÜCKMÜHLE']
    const found = await Promise.all(
      spellings.map(async (name) =>
        (await searchSvn(handle.db, SvnSearchSchema.parse({ name }), INSURER)).rows.map((r) => r.sVnId),
      ),
    )
    expect(found[0]?.length).toBeGreaterThan(0)
    for (const ids of found) expect(ids).toEqual(found[0])
  })

  // ADR 520: every sortable column, both directions, over a whole insurer, reads its first ids in order
  // from a (gs_code, column, id) index instead of sorting the insurer's records.
  const sortIndexes: [SvnSearchInput['sort'] & string, string][] = [
    ['sVnId', 'svn_gs_code_id_idx'],
    ['name', 'svn_sort_name_idx'],
    ['firstName', 'svn_sort_first_name_idx'],
    ['street', 'svn_sort_street_idx'],
    ['postCode', 'svn_sort_zip_idx'],
    ['place', 'svn_sort_place_idx'],
    ['canton', 'svn_canton_idx'],
    ['licensePlate', 'svn_sort_plate_idx'],
    ['marke', 'svn_sort_marke_idx'],
    ['reference', 'svn_sort_referenz_idx'],
    ['status', 'svn_gs_code_status_idx'],
  ]
  for (const [sort, index] of sortIndexes) {
    it(`sort by ${sort}, both directions, reads ${index} in order: no sort of the matches`, async () => {
      for (const order of ['asc', 'desc'] as const) {
        const text = await plan({ sort, order })
        expect(underLimit(text), text).not.toMatch(/Sort/)
        expect(underLimit(text), text).toMatch(new RegExp(`Index (Only )?Scan (Backward )?using ${index} `))
      }
    })
  }

  it('answers "more than 100" without counting: one row over the limit', async () => {
    const result = await searchSvn(handle.db, SvnSearchSchema.parse({}), INSURER)
    expect(result.rows).toHaveLength(SEARCH_LIMIT)
    expect(result.total).toBe(SEARCH_LIMIT + 1)
    const few = await searchSvn(handle.db, SvnSearchSchema.parse({ sVnID: String(sample.id) }), INSURER)
    expect(few).toMatchObject({ rows: [{ sVnId: sample.id }], total: 1 })
    // A page of 15 carries the same count; past the first 100 the count is asked for alone.
    for (const page of ['2', '7', '8']) {
      const paged = await searchSvn(handle.db, SvnSearchSchema.parse({ page, pageSize: '15' }), INSURER)
      expect(paged.total, page).toBe(SEARCH_LIMIT + 1)
      expect(
        paged.rows.map((r) => r.sVnId),
        page,
      ).toEqual(result.rows.slice((Number(page) - 1) * 15, Number(page) * 15).map((r) => r.sVnId))
    }
  })
})
