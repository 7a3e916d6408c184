import { and, asc, desc, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Database } from '../../db/client.ts'
import { selectMapped } from '../../db/rows.ts'
import { PREFIX_KEY_LENGTH, prefixKey, svn } from '../../db/schema/svn.ts'
import { foldName } from '../../domain/names/fold.ts'
import {
  SEARCH_LIMIT,
  type SearchResult,
  type SearchRow,
  type SearchRowKey,
  type SvnSearchQuery,
} from '../../domain/svn/search.ts'
import { scopeCondition, type SvnScope } from './scope.ts'

/** LIKE pattern for a prefix: the user's % and _ are literal. */
function prefixPattern(value: string): string {
  return `${value.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`
}

/**
 * A prefix filter: `column LIKE 'value%'`, and where the value holds the column's whole key, the key's
 * group too (ADR 549), so the planner can take the insurer's group in id order. Keys count characters,
 * as PostgreSQL's left() does, not UTF-16 units.
 */
function prefixCondition(column: AnyPgColumn, value: string, keyLength: number): SQL {
  const like = sql`${column} like ${prefixPattern(value)}`
  const chars = Array.from(value)
  if (chars.length < keyLength) return like
  return sql`${like} and ${prefixKey(column, keyLength)} = ${chars.slice(0, keyLength).join('')}`
}

/**
 * Filters of DESIGN §5. Prefix filters are written exactly as their indexes are defined
 * (col LIKE 'x%' against `col text_pattern_ops`), so the planner can use them. Names match by their
 * folded keys (ADR 540): Müller, Mueller, Muller and MÜLLER find the same holders.
 */
export function searchCondition(query: SvnSearchQuery, scope: SvnScope): SQL {
  const conditions: SQL[] = [scopeCondition(scope)]
  if (query.sVnID) conditions.push(eq(svn.id, Number(query.sVnID)))
  if (query.schildNr) conditions.push(eq(svn.schildNr, Number(query.schildNr)))
  if (query.stammNr) conditions.push(eq(svn.stammNr, Number(query.stammNr)))
  if (query.schaleNr)
    conditions.push(prefixCondition(svn.schaleNr, query.schaleNr, PREFIX_KEY_LENGTH.schaleNr))
  if (query.name)
    conditions.push(prefixCondition(svn.nameFolded, foldName(query.name), PREFIX_KEY_LENGTH.name))
  if (query.firstName)
    conditions.push(
      prefixCondition(svn.firstNameFolded, foldName(query.firstName), PREFIX_KEY_LENGTH.firstName),
    )
  if (query.zipCode) conditions.push(prefixCondition(svn.zip, query.zipCode, PREFIX_KEY_LENGTH.zipCode))
  if (query.canton) conditions.push(eq(svn.canton, query.canton))
  if (query.sVnStatus) conditions.push(eq(svn.status, query.sVnStatus))
  return and(...conditions) as SQL
}

/** Sort columns per result key; the plate sorts by canton, then number. */
const SORT_COLUMNS: Record<SearchRowKey, AnyColumn[]> = {
  sVnId: [svn.id],
  name: [svn.name],
  firstName: [svn.firstName],
  street: [svn.street],
  postCode: [svn.zip],
  place: [svn.place],
  canton: [svn.canton],
  licensePlate: [svn.canton, svn.schildNr],
  marke: [svn.markeTyp],
  reference: [svn.referenz],
  status: [svn.status],
}

const rowColumns = {
  sVnId: svn.id,
  name: svn.name,
  firstName: svn.firstName,
  street: svn.street,
  postCode: svn.zip,
  place: svn.place,
  canton: svn.canton,
  licensePlate: sql<string | null>`nullif(concat_ws(' ', ${svn.canton}, ${svn.schildNr}::text), '')`,
  marke: svn.markeTyp,
  reference: svn.referenz,
  status: svn.status,
}

/** A page's rows, each with the number of matches (the window counts before LIMIT/OFFSET). */
const pageColumns = { ...rowColumns, total: sql<number>`(count(*) over ())::int`.mapWith(Number) }

/** The first SEARCH_LIMIT + 1 matching ids in the requested order (ADR 502, 520). */
function idsQuery(db: Database, query: SvnSearchQuery, scope: SvnScope, order: SQL[]) {
  return db
    .select({ id: svn.id })
    .from(svn)
    .where(searchCondition(query, scope))
    .orderBy(...order)
    .limit(SEARCH_LIMIT + 1)
}

function sortOrder(query: SvnSearchQuery): SQL[] {
  const direction = query.order === 'desc' ? desc : asc
  // Ties by id, in the same direction: stable pages, and one sort index read backwards for desc (ADR 520).
  return [...SORT_COLUMNS[query.sort].map((column) => direction(column)), direction(svn.id)]
}

/** Rows [offset, offset + limit) of the first SEARCH_LIMIT matches; limit 0 when the page starts past them. */
function pageWindow(query: SvnSearchQuery): { offset: number; limit: number } {
  const offset = (query.page - 1) * query.pageSize
  return { offset, limit: Math.max(0, Math.min(query.pageSize, SEARCH_LIMIT - offset)) }
}

/**
 * The rows query of one page (exported so the plan test and the benchmark can EXPLAIN it). The matches
 * are chosen by id first: an index that covers the filter (ADR 502) finds and sorts the first
 * SEARCH_LIMIT + 1 ids without touching the table, so the planner can answer a prefix with an index
 * range instead of walking the insurer's records. Only the page's rows leave the database, each with
 * the count of those ids: the window function counts before LIMIT/OFFSET.
 */
export function searchRowsQuery(db: Database, query: SvnSearchQuery, scope: SvnScope) {
  const order = sortOrder(query)
  const { offset, limit } = pageWindow(query)
  return db
    .select(pageColumns)
    .from(svn)
    .where(inArray(svn.id, idsQuery(db, query, scope, order)))
    .orderBy(...order)
    .limit(limit)
    .offset(offset)
}

/**
 * The matches up to SEARCH_LIMIT + 1, for a page that has no rows to carry the count: the same id query,
 * counted (exported for the plan test).
 */
export function countMatchesQuery(db: Database, query: SvnSearchQuery, scope: SvnScope) {
  const ids = idsQuery(db, query, scope, sortOrder(query)).as('ids')
  return db.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(ids)
}

/**
 * One query: a page of the first SEARCH_LIMIT matches, and their number counted up to one over the
 * limit. That extra row says "more than SEARCH_LIMIT" without a full count, which over a whole insurer
 * would cost more than the search (ADR 502). A page past the last has no row to carry the count: only
 * then a second query counts the ids.
 */
export async function searchSvn(db: Database, query: SvnSearchQuery, scope: SvnScope): Promise<SearchResult> {
  const { offset, limit } = pageWindow(query)
  // Mapped by a function compiled once (ADR 547): drizzle's own mapping was a sixth of a search's Node time.
  const found = limit > 0 ? await selectMapped(db, pageColumns, searchRowsQuery(db, query, scope)) : []
  if (found.length === 0)
    return { rows: [], total: offset === 0 ? 0 : ((await countMatchesQuery(db, query, scope))[0]?.n ?? 0) }
  const rows: SearchRow[] = found.map(({ total: _total, ...row }) => row)
  return { rows, total: found[0]!.total }
}
