import { and, eq } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { codeItems } from '../../db/schema/register.ts'
import { addDays, zurichDay } from '../../domain/svn/dates.ts'
import { REJECTION_REASON_CATEGORY } from '../../domain/svn/enums.ts'
import { AE_EXPIRES_AFTER_DAYS } from '../../domain/svn/transitions.ts'
import type { AuditActor } from '../svn/actor.ts'
import { okIds, transition } from '../svn/transition.ts'
import { storeAvNotifications, storeIvNotifications, type SchiffInput } from './notifications.ts'

/**
 * The canton side (DESIGN §5): what authority endpoints and the canton CLI both call. Cantons act on
 * any insurer's record (scope 'any'); each call is one transaction, checked against the status table.
 */
export interface CantonMove {
  actor: AuditActor
  /** Default now; the demo seed and tests move records in the past. */
  at?: Date
}

const ANY = { kind: 'any' } as const

/** AV reason when an AE ends in AV (executed by the canton or expired): "all other cases". */
export const AE_AV_GRUND = 50

export class UnknownReasonError extends Error {
  constructor(readonly reason: string) {
    super(`unknown rejection reason ${reason}`)
  }
}

/** OPEN → RESERVED: the canton ties the SVN to a boat whose validity starts later. */
export function reserve(db: Database, ids: readonly number[], move: CantonMove) {
  const at = move.at ?? new Date()
  return db.transaction((tx) => transition(tx, { ids, action: 'reserve', actor: move.actor, scope: ANY, at }))
}

export interface IvInput {
  svnId: number
  /** IV date; default the Zurich day of the move. */
  datum?: string
  grund?: number | null
  schiff?: SchiffInput
}

/** OPEN/RESERVED → IV: the boat is registered; the IV notification (boat data, motors) is stored. */
export function registerIv(db: Database, items: readonly IvInput[], move: CantonMove) {
  const at = move.at ?? new Date()
  return db.transaction(async (tx) => {
    const outcomes = await transition(tx, {
      ids: items.map((i) => i.svnId),
      action: 'register-iv',
      actor: move.actor,
      scope: ANY,
      at,
    })
    const moved = new Set(okIds(outcomes))
    await storeIvNotifications(
      tx,
      items.filter((i) => moved.has(i.svnId)).map((i) => ({ ...i, datum: i.datum ?? zurichDay(at) })),
    )
    return outcomes
  })
}

export interface AvInput {
  svnId: number
  datum?: string
  grund: number
}

/** IV → AV: out of service, holder/canton change, replaced by another insurer; stores the AV notification. */
export function registerAv(db: Database, items: readonly AvInput[], move: CantonMove) {
  const at = move.at ?? new Date()
  return db.transaction(async (tx) => {
    const outcomes = await transition(tx, {
      ids: items.map((i) => i.svnId),
      action: 'register-av',
      actor: move.actor,
      scope: ANY,
      at,
    })
    const moved = new Set(okIds(outcomes))
    await storeAvNotifications(
      tx,
      items
        .filter((i) => moved.has(i.svnId))
        .map((i) => ({ svnId: i.svnId, datum: i.datum ?? zurichDay(at), grund: i.grund })),
    )
    return outcomes
  })
}

/**
 * The canton fetches a requested AE: fetchedAE is set and reservedAE is the day it turns into AV by
 * itself unless the canton acts first (fetch + 60 days).
 */
export function fetchAe(db: Database, ids: readonly number[], move: CantonMove) {
  const at = move.at ?? new Date()
  const today = zurichDay(at)
  return db.transaction((tx) =>
    transition(tx, {
      ids,
      action: 'fetch-ae',
      actor: move.actor,
      scope: ANY,
      at,
      set: { fetchedAe: today, reservedAe: addDays(today, AE_EXPIRES_AFTER_DAYS) },
    }),
  )
}

/** AE → IV by the canton, with a reason from code list Rueckweisungsgrund. */
export async function rejectAe(db: Database, ids: readonly number[], reason: string, move: CantonMove) {
  const at = move.at ?? new Date()
  return db.transaction(async (tx) => {
    const [known] = await tx
      .select({ id: codeItems.id })
      .from(codeItems)
      .where(and(eq(codeItems.category, REJECTION_REASON_CATEGORY), eq(codeItems.id, reason)))
    if (!known) throw new UnknownReasonError(reason)
    return transition(tx, {
      ids,
      action: 'reject-ae',
      actor: move.actor,
      scope: ANY,
      at,
      set: { rejectedAe: zurichDay(at), reasonAe: reason },
      details: { reason },
    })
  })
}

/** AE → AV: the canton withdrew the licence; the AV notification is stored. */
export function executeAe(db: Database, ids: readonly number[], move: CantonMove) {
  const at = move.at ?? new Date()
  return db.transaction(async (tx) => {
    const outcomes = await transition(tx, { ids, action: 'execute-ae', actor: move.actor, scope: ANY, at })
    await storeAvNotifications(
      tx,
      okIds(outcomes).map((svnId) => ({ svnId, datum: zurichDay(at), grund: AE_AV_GRUND })),
    )
    return outcomes
  })
}
