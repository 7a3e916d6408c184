import { and, asc, eq, inArray, lt, lte } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { svn } from '../../db/schema/svn.ts'
import { addDays, zurichDay } from '../../domain/svn/dates.ts'
import {
  AE_EXPIRES_AFTER_DAYS,
  DEFAULT_RETENTION_YEARS,
  TRANSITIONS,
  UNTREATED_AFTER_DAYS,
} from '../../domain/svn/transitions.ts'
import { AE_AV_GRUND } from '../authority/service.ts'
import { storeAvNotifications } from '../authority/notifications.ts'
import { SYSTEM_ACTOR } from './actor.ts'
import { okIds, transition } from './transition.ts'

export interface SweepOptions {
  /** The moment the sweep pretends it is (tests, demo seed); default now. */
  now?: Date
  retentionYears?: number
}

export interface SweepResult {
  untreated: number
  expiredAe: number
  deletable: number
}

const ANY = { kind: 'any' } as const

/**
 * The time-based moves of DESIGN §5, each in its own transaction, audited with actor 'system':
 * OPEN whose valid-from is more than 30 days past → UNTREATED; AE fetched 60+ days ago → AV (with the
 * AV notification dated fetch + 60 days); CANCELED/UNTREATED/AV longer than the retention in that
 * status → DELETABLE. Idempotent: a moved record no longer matches its rule, and a fresh status
 * change restarts the retention clock.
 */
export async function sweep(db: Database, options: SweepOptions = {}): Promise<SweepResult> {
  const now = options.now ?? new Date()
  const today = zurichDay(now)

  const untreated = await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: svn.id })
      .from(svn)
      .where(and(eq(svn.status, 'OPEN'), lt(svn.gueltigAb, addDays(today, -UNTREATED_AFTER_DAYS))))
      .orderBy(asc(svn.id))
    const outcomes = await transition(tx, {
      ids: rows.map((r) => r.id),
      action: 'mark-untreated',
      actor: SYSTEM_ACTOR,
      scope: ANY,
      at: now,
    })
    return okIds(outcomes).length
  })

  const expiredAe = await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: svn.id, fetchedAe: svn.fetchedAe })
      .from(svn)
      .where(and(eq(svn.status, 'AE'), lte(svn.fetchedAe, addDays(today, -AE_EXPIRES_AFTER_DAYS))))
      .orderBy(asc(svn.id))
    const outcomes = await transition(tx, {
      ids: rows.map((r) => r.id),
      action: 'expire-ae',
      actor: SYSTEM_ACTOR,
      scope: ANY,
      at: now,
    })
    const moved = new Set(okIds(outcomes))
    await storeAvNotifications(
      tx,
      rows
        .filter((r) => moved.has(r.id) && r.fetchedAe)
        .map((r) => ({
          svnId: r.id,
          datum: addDays(r.fetchedAe ?? today, AE_EXPIRES_AFTER_DAYS),
          grund: AE_AV_GRUND,
        })),
    )
    return moved.size
  })

  const cutoff = new Date(now)
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - (options.retentionYears ?? DEFAULT_RETENTION_YEARS))
  const deletable = await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: svn.id })
      .from(svn)
      .where(
        and(inArray(svn.status, [...TRANSITIONS['mark-deletable'].from]), lt(svn.statusChangedAt, cutoff)),
      )
      .orderBy(asc(svn.id))
    const outcomes = await transition(tx, {
      ids: rows.map((r) => r.id),
      action: 'mark-deletable',
      actor: SYSTEM_ACTOR,
      scope: ANY,
      at: now,
    })
    return okIds(outcomes).length
  })

  return { untreated, expiredAe, deletable }
}
