import { and, eq, inArray, or } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { exportDeliveries, exportFiles } from '../../db/schema/files.ts'
import { apiClients } from '../../db/schema/api-clients.ts'
import { auditLog, users } from '../../db/schema/register.ts'
import { svn, svnNotifications } from '../../db/schema/svn.ts'
import {
  newestFirst,
  type SvnHistory,
  type SvnHistoryActor,
  type SvnHistoryEntry,
  type SvnHistoryEvent,
} from '../../domain/svn/history.ts'
import { isSvnStatus } from '../../domain/svn/statuses.ts'
import { SVN_ACTIONS } from '../../domain/svn/transitions.ts'
import { fileScopeCondition } from '../files/service.ts'
import { SYSTEM_ACTOR } from './actor.ts'
import { scopeCondition, type SvnScope } from './scope.ts'

const EVENTS: readonly string[] = ['create', ...SVN_ACTIONS]

interface ActorColumns {
  userId: number | null
  subject: string | null
  vorname: string | null
  nachname: string | null
  /** The insurer's API client whose client id is the subject (ADR 181). */
  clientName?: string | null
}

/** A user id means one of the insurer's people; no id means an API client, a canton client, or the sweep. */
function actorOf(a: ActorColumns): SvnHistoryActor {
  if (a.clientName) return { kind: 'client', name: a.clientName }
  if (a.userId !== null) {
    const name = [a.vorname, a.nachname].filter(Boolean).join(' ')
    return { kind: 'user', name: name || null }
  }
  if (!a.subject || a.subject === SYSTEM_ACTOR.subject) return { kind: 'system' }
  return { kind: 'authority', name: a.subject }
}

const statusOf = (value: string | null) => (isSvnStatus(value) ? value : null)

/**
 * The record's history as the caller may see it, or null when the record is not visible to them
 * (another insurer's, another broker's: the same 404 as the detail). Pickup files count only where
 * the caller sees the file (a broker: its own files).
 */
export async function loadSvnHistory(db: Database, id: number, scope: SvnScope): Promise<SvnHistory | null> {
  const [record] = await db
    .select({ id: svn.id })
    .from(svn)
    .where(and(eq(svn.id, id), scopeCondition(scope)))
  if (!record) return null

  const moves = await db
    .select({
      seq: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      fromStatus: auditLog.fromStatus,
      toStatus: auditLog.toStatus,
      userId: auditLog.actorUserId,
      subject: auditLog.actorSubject,
      vorname: users.vorname,
      nachname: users.nachname,
      clientName: apiClients.name,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .leftJoin(apiClients, eq(apiClients.clientId, auditLog.actorSubject))
    .where(and(eq(auditLog.entity, 'svn'), eq(auditLog.entityId, String(id))))

  const entries: (SvnHistoryEntry & { seq: number })[] = []
  for (const m of moves) {
    const event = m.action.replace(/^svn\./, '')
    if (!EVENTS.includes(event)) continue
    entries.push({
      seq: m.seq,
      at: m.at.toISOString(),
      event: event as SvnHistoryEvent,
      fromStatus: statusOf(m.fromStatus),
      toStatus: statusOf(m.toStatus),
      actor: actorOf(m),
    })
  }

  if (scope.kind === 'insurer') entries.push(...(await fileEvents(db, id, scope)))
  return { svnId: id, entries: newestFirst(entries).map(({ seq: _seq, ...entry }) => entry) }
}

/** The pickup files holding the record (SVN, AE by record id; IV/AV by its notifications), and their downloads. */
async function fileEvents(
  db: Database,
  id: number,
  scope: Extract<SvnScope, { kind: 'insurer' }>,
): Promise<(SvnHistoryEntry & { seq: number })[]> {
  const notificationIds = db
    .select({ id: svnNotifications.id })
    .from(svnNotifications)
    .where(eq(svnNotifications.svnId, id))
  const files = await db
    .select({
      fileId: exportFiles.id,
      fileName: exportFiles.fileName,
      at: exportFiles.createdAt,
      userId: exportFiles.createdByUserId,
      vorname: users.vorname,
      nachname: users.nachname,
    })
    .from(exportDeliveries)
    .innerJoin(exportFiles, eq(exportFiles.id, exportDeliveries.fileId))
    .leftJoin(users, eq(users.id, exportFiles.createdByUserId))
    .where(
      and(
        fileScopeCondition(scope),
        or(
          and(inArray(exportDeliveries.type, ['SVN', 'AE']), eq(exportDeliveries.recordId, id)),
          and(eq(exportDeliveries.type, 'IVAV'), inArray(exportDeliveries.recordId, notificationIds)),
        ),
      ),
    )
  if (files.length === 0) return []
  const names = new Map(files.map((f) => [String(f.fileId), f.fileName]))
  const downloads = await db
    .select({
      seq: auditLog.id,
      at: auditLog.at,
      fileId: auditLog.entityId,
      userId: auditLog.actorUserId,
      subject: auditLog.actorSubject,
      vorname: users.vorname,
      nachname: users.nachname,
      clientName: apiClients.name,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .leftJoin(apiClients, eq(apiClients.clientId, auditLog.actorSubject))
    .where(
      and(
        eq(auditLog.entity, 'export_file'),
        eq(auditLog.action, 'file.download'),
        inArray(auditLog.entityId, [...names.keys()]),
      ),
    )
  // A file's rows all carry one fileId; an IV and an AV notification of the record in one file are one event.
  const generated = new Map(files.map((f) => [f.fileId, f]))
  return [
    ...[...generated.values()].map((f) => ({
      seq: 0,
      at: f.at.toISOString(),
      event: 'file-generated' as const,
      fromStatus: null,
      toStatus: null,
      actor: actorOf({ ...f, subject: null }),
      fileName: f.fileName,
    })),
    ...downloads.map((d) => ({
      seq: d.seq,
      at: d.at.toISOString(),
      event: 'file-downloaded' as const,
      fromStatus: null,
      toStatus: null,
      actor: actorOf(d),
      fileName: names.get(d.fileId ?? '') ?? '',
    })),
  ]
}
