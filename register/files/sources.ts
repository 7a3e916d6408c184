import { and, asc, eq, gt, inArray, isNotNull, notExists, sql, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Database } from '../../db/client.ts'
import { selectMapped } from '../../db/rows.ts'
import { exportDeliveries, exportFiles } from '../../db/schema/files.ts'
import { codeItems } from '../../db/schema/register.ts'
import { svn, svnMotors, svnNotifications } from '../../db/schema/svn.ts'
import type { FileGenerationRequest } from '../../domain/files/generation.ts'
import type { FileType } from '../../domain/files/types.ts'
import { zurichDay } from '../../domain/svn/dates.ts'
import { REJECTION_REASON_CATEGORY } from '../../domain/svn/enums.ts'
import type { SvnMotor } from '../../domain/svn/types.ts'
import type { AeRecord, IvAvRecord, SvnRecord } from '../export/layouts.ts'
import { scopeCondition, type SvnScope } from '../svn/scope.ts'

/**
 * Rows read per query (keyset pagination on the record id, ADR 150). The batch being written and the
 * one being read meanwhile (ADR 535) live until their text is built; at 1 000 rows they outlived V8's
 * young generation and went to the old one, and the collector took a third of a generation's CPU.
 * 500 halves that (ADR 545).
 */
export const BATCH_ROWS = 500

/** Who generates and with which filters; `scope` decides insurer and broker (never the form). */
export interface Selection {
  scope: Extract<SvnScope, { kind: 'insurer' }>
  request: FileGenerationRequest
}

export interface Batch<R> {
  records: R[]
  /** What export_deliveries records for these: the SVN id (SVN, AE) or the notification id (IVAV). */
  recordIds: number[]
}

/**
 * zurichDay of an instant, remembered per UTC hour: Zurich's offset changes only on the hour, so all
 * instants of one UTC hour share their Zurich day, and a generation formats one day per hour instead
 * of one per record (Intl formatting was the costliest step per record; ADR 535).
 */
function zurichDayCached(cache: Map<number, string>, instant: Date): string {
  const hour = Math.floor(instant.getTime() / 3_600_000)
  let day = cache.get(hour)
  if (day === undefined) {
    day = zurichDay(instant)
    if (cache.size > 10_000) cache.clear()
    cache.set(hour, day)
  }
  return day
}

/** Start of a Zurich calendar day as an instant, in SQL. */
const zurichStart = (day: string | SQL) => sql`(${day}::date::timestamp at time zone 'Europe/Zurich')`

/** `LIKE` pattern of a literal prefix (backslash is PostgreSQL's default escape). */
export function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`
}

/** Filters every type shares on the SVN: tenancy, broker number, reference prefix. */
function svnFilters(selection: Selection): SQL[] {
  const { maklerNr, referenz } = selection.request
  const conditions = [scopeCondition(selection.scope)]
  // A broker is already held to their own number by the scope; the form's number is ignored.
  if (maklerNr !== undefined && selection.scope.maklerNr === undefined) {
    conditions.push(eq(svn.maklerNr, maklerNr))
  }
  if (referenz !== undefined) {
    conditions.push(sql`lower(${svn.referenz}) like ${likePrefix(referenz.toLowerCase())}`)
  }
  return conditions
}

/**
 * "New" (reload=false): the record is in no complete earlier file of this type that the caller can
 * see — the insurer's files, or a broker's own files (ADR 150). `since` narrows it to files made after
 * the record's event began (AE: a new rejection of the same SVN is new again).
 */
function notDelivered(
  db: Database,
  type: FileType,
  selection: Selection,
  recordId: PgColumn,
  since?: SQL,
): SQL {
  const { scope } = selection
  const files = [
    eq(exportDeliveries.type, type),
    eq(exportDeliveries.recordId, recordId),
    eq(exportFiles.gsCode, scope.gsCode),
    eq(exportFiles.complete, true),
  ]
  if (typeof scope.maklerNr === 'string') files.push(eq(exportFiles.maklerNr, scope.maklerNr))
  if (since) files.push(sql`${exportFiles.createdAt} >= ${since}`)
  return notExists(
    db
      .select({ one: sql`1` })
      .from(exportDeliveries)
      .innerJoin(exportFiles, eq(exportFiles.id, exportDeliveries.fileId))
      .where(and(...files)),
  )
}

// What each source selects, one object each: selectMapped compiles its row mapper once per selection.
const SVN_ONLY = { svn }
const AE_FIELDS = { svn, de: codeItems.de, fr: codeItems.fr, it: codeItems.it }
const IVAV_FIELDS = { n: svnNotifications, referenz: svn.referenz, maklerNr: svn.maklerNr }

/** Untreated SVN; event date = the Zurich day the record became UNTREATED. */
async function* untreatedSvn(db: Database, selection: Selection): AsyncGenerator<Batch<SvnRecord>> {
  const { von, bis, reload } = selection.request
  const conditions = [...svnFilters(selection), eq(svn.status, 'UNTREATED')]
  if (von) conditions.push(sql`${svn.statusChangedAt} >= ${zurichStart(von)}`)
  if (bis) conditions.push(sql`${svn.statusChangedAt} < ${zurichStart(sql`(${bis}::date + 1)`)}`)
  if (!reload) conditions.push(notDelivered(db, 'SVN', selection, svn.id))
  const days = new Map<number, string>()
  let after = 0
  for (;;) {
    const rows = await selectMapped(
      db,
      SVN_ONLY,
      db
        .select(SVN_ONLY)
        .from(svn)
        .where(and(...conditions, gt(svn.id, after)))
        .orderBy(asc(svn.id))
        .limit(BATCH_ROWS),
    )
    if (rows.length === 0) return
    after = rows[rows.length - 1]!.svn.id
    yield {
      records: rows.map(({ svn: row }) => ({
        svn: row,
        statusDatum: zurichDayCached(days, row.statusChangedAt),
      })),
      recordIds: rows.map((row) => row.svn.id),
    }
    if (rows.length < BATCH_ROWS) return
  }
}

/** Rejected AE (the canton's reject-ae set rejectedAE and reasonAE); event date = rejectedAE. */
async function* rejectedAe(db: Database, selection: Selection): AsyncGenerator<Batch<AeRecord>> {
  const { von, bis, reload } = selection.request
  const conditions = [...svnFilters(selection), isNotNull(svn.rejectedAe)]
  if (von) conditions.push(sql`${svn.rejectedAe} >= ${von}::date`)
  if (bis) conditions.push(sql`${svn.rejectedAe} <= ${bis}::date`)
  if (!reload) conditions.push(notDelivered(db, 'AE', selection, svn.id, zurichStart(sql`${svn.rejectedAe}`)))
  const days = new Map<number, string>()
  let after = 0
  for (;;) {
    const rows = await selectMapped(
      db,
      AE_FIELDS,
      db
        .select(AE_FIELDS)
        .from(svn)
        .leftJoin(
          codeItems,
          and(eq(codeItems.category, REJECTION_REASON_CATEGORY), eq(codeItems.id, svn.reasonAe)),
        )
        .where(and(...conditions, gt(svn.id, after)))
        .orderBy(asc(svn.id))
        .limit(BATCH_ROWS),
    )
    if (rows.length === 0) return
    after = rows[rows.length - 1]!.svn.id
    yield {
      records: rows.map(({ svn: row, de, fr, it }) => ({
        svn: row,
        statusDatum: zurichDayCached(days, row.statusChangedAt),
        reasonText: de !== null && fr !== null && it !== null ? { de, fr, it } : null,
      })),
      recordIds: rows.map((row) => row.svn.id),
    }
    if (rows.length < BATCH_ROWS) return
  }
}

/** IV and AV notifications with their motors; event date = the notification's datum. */
async function* ivAvNotifications(db: Database, selection: Selection): AsyncGenerator<Batch<IvAvRecord>> {
  const { von, bis, reload } = selection.request
  const conditions = svnFilters(selection)
  if (von) conditions.push(sql`${svnNotifications.datum} >= ${von}::date`)
  if (bis) conditions.push(sql`${svnNotifications.datum} <= ${bis}::date`)
  if (!reload) conditions.push(notDelivered(db, 'IVAV', selection, svnNotifications.id))
  let after = 0
  for (;;) {
    const rows = await selectMapped(
      db,
      IVAV_FIELDS,
      db
        .select(IVAV_FIELDS)
        .from(svnNotifications)
        .innerJoin(svn, eq(svn.id, svnNotifications.svnId))
        .where(and(...conditions, gt(svnNotifications.id, after)))
        .orderBy(asc(svnNotifications.id))
        .limit(BATCH_ROWS),
    )
    if (rows.length === 0) return
    const ids = rows.map((row) => row.n.id)
    after = ids[ids.length - 1]!
    const motors = new Map<number, SvnMotor[]>()
    const motorRows = await db
      .select()
      .from(svnMotors)
      .where(inArray(svnMotors.notificationId, ids))
      .orderBy(asc(svnMotors.notificationId), asc(svnMotors.position))
    for (const m of motorRows) {
      const list = motors.get(m.notificationId) ?? []
      list.push({ markeTyp: m.markeTyp, motorNr: m.motorNr, leistung: m.leistung })
      motors.set(m.notificationId, list)
    }
    yield {
      records: rows.map((row) => ({ ...row, motors: motors.get(row.n.id) ?? [] })),
      recordIds: ids,
    }
    if (rows.length < BATCH_ROWS) return
  }
}

export const SOURCES = {
  SVN: untreatedSvn,
  IVAV: ivAvNotifications,
  AE: rejectedAe,
} as const
