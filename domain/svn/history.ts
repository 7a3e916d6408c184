/**
 * The history of one SVN (GET /svnwebaccess/svn/{id}/history): what happened to it, when and by whom,
 * newest first. Built from the audit log (every create and status move) and the pickup files that
 * hold the record (ADR 180).
 */
import type { SvnAction } from './transitions.ts'
import type { SvnStatus } from './statuses.ts'

/** A status move (the transition's name), the create, or a pickup file holding the record. */
export type SvnHistoryEvent = 'create' | SvnAction | 'file-generated' | 'file-downloaded'

/**
 * Who acted: a person of the insurer (by name; null when the user has since been deleted), a canton
 * authority (by its client name), or the register itself (time-based moves).
 */
export type SvnHistoryActor =
  { kind: 'user'; name: string | null } | { kind: 'authority'; name: string } | { kind: 'system' }

export interface SvnHistoryEntry {
  /** ISO timestamp. */
  at: string
  event: SvnHistoryEvent
  fromStatus: SvnStatus | null
  toStatus: SvnStatus | null
  actor: SvnHistoryActor
  /** The pickup file of a file event. */
  fileName?: string
}

export interface SvnHistory {
  svnId: number
  entries: SvnHistoryEntry[]
}

/** Newest first; of two events at the same moment the later-recorded one first. */
export function newestFirst<T extends { at: string; seq: number }>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) => (a.at === b.at ? b.seq - a.seq : a.at < b.at ? 1 : -1))
}

const ZURICH = new Intl.DateTimeFormat('de-CH', {
  timeZone: 'Europe/Zurich',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

/** dd.mm.yyyy HH:mm in Europe/Zurich (DESIGN §5 "Time"). */
export function formatDateTime(iso: string): string {
  const parts = Object.fromEntries(ZURICH.formatToParts(new Date(iso)).map((p) => [p.type, p.value]))
  return `${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute}`
}
