import { and, asc, inArray, sql } from 'drizzle-orm'
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core'
import type { Database } from '../../db/client.ts'
import { auditLog } from '../../db/schema/register.ts'
import { svn } from '../../db/schema/svn.ts'
import { TRANSITIONS, nextStatus, type SvnAction } from '../../domain/svn/transitions.ts'
import { isSvnStatus, type SvnStatus } from '../../domain/svn/statuses.ts'
import { batches } from '../seed/batch.ts'
import type { AuditActor } from './actor.ts'
import { scopeCondition, type SvnScope } from './scope.ts'

export type TransitionOutcome =
  | { id: number; result: 'ok'; from: SvnStatus; to: SvnStatus; gsCode: string }
  | { id: number; result: 'not-found' }
  | { id: number; result: 'conflict'; status: SvnStatus }

/** Ids of the records a transition actually moved. */
export const okIds = (outcomes: readonly TransitionOutcome[]): number[] =>
  outcomes.filter((o) => o.result === 'ok').map((o) => o.id)

export interface TransitionRequest {
  ids: readonly number[]
  action: SvnAction
  actor: AuditActor
  scope: SvnScope
  at: Date
  /** Column changes besides status and version; the same for every record (SQL over the row allowed). */
  set?: PgUpdateSetSource<typeof svn>
  /** Extra audit details, e.g. the reason of a rejection. */
  details?: Record<string, unknown>
}

/**
 * Moves records by `action`, checked against the domain's status table. Must run inside a
 * transaction: the rows are locked (SELECT … FOR UPDATE) and re-checked, so of two concurrent moves
 * the second sees the first one's status and gets a conflict. Writes one audit row per moved record.
 */
export async function transition(tx: Database, request: TransitionRequest): Promise<TransitionOutcome[]> {
  if (request.ids.length === 0) return []
  const found = new Map<number, { status: SvnStatus; gsCode: string }>()
  for (const ids of batches([...new Set(request.ids)], 1)) {
    const rows = await tx
      .select({ id: svn.id, status: svn.status, gsCode: svn.gsCode })
      .from(svn)
      .where(and(inArray(svn.id, ids), scopeCondition(request.scope)))
      .orderBy(asc(svn.id)) // one lock order for everybody: no deadlocks between batch moves
      .for('update')
    for (const row of rows) {
      if (!isSvnStatus(row.status)) throw new Error(`svn ${row.id}: unknown status ${row.status}`)
      found.set(row.id, { status: row.status, gsCode: row.gsCode })
    }
  }

  const rule = TRANSITIONS[request.action]
  const outcomes: TransitionOutcome[] = request.ids.map((id) => {
    const row = found.get(id)
    if (!row) return { id, result: 'not-found' }
    const to = nextStatus(request.action, row.status)
    if (!to) return { id, result: 'conflict', status: row.status }
    return { id, result: 'ok', from: row.status, to, gsCode: row.gsCode }
  })
  const moved = outcomes.filter((o) => o.result === 'ok')
  if (moved.length === 0) return outcomes

  const statusChanges = rule.from.some((from) => from !== rule.to)
  for (const part of batches(moved, 1)) {
    await tx
      .update(svn)
      .set({
        ...request.set,
        status: rule.to,
        version: sql`${svn.version} + 1`,
        // A same-status move (fetch-ae) is no status change: the retention clock keeps running.
        ...(statusChanges ? { statusChangedAt: request.at } : {}),
      })
      .where(
        inArray(
          svn.id,
          part.map((o) => o.id),
        ),
      )
  }
  for (const part of batches(moved, 10)) {
    await tx.insert(auditLog).values(
      part.map((o) => ({
        at: request.at,
        gsCode: o.gsCode,
        actorUserId: request.actor.userId ?? null,
        actorSubject: request.actor.subject,
        action: `svn.${request.action}`,
        entity: 'svn',
        entityId: String(o.id),
        fromStatus: o.from,
        toStatus: o.to,
        details: request.details ?? null,
      })),
    )
  }
  return outcomes
}
