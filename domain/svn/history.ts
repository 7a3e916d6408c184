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
 * authority (by its client name), an insurer's API client (by the name its administrator gave it), or the
 * register itself (time-based moves).
 */
export type SvnHistoryActor =
  | { kind: 'user'; name: string | null }
  | { kind: 'authority'; name: string }
  | { kind: 'client'; name: string }
  | { kind: 'system' }

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
