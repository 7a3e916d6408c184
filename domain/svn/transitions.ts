import type { Role } from '../roles.ts'
import type { SvnStatus } from './statuses.ts'

/** Who triggers a transition (DESIGN §5 "Status model"). */
export type Actor = 'insurer' | 'canton' | 'system'

export const SVN_ACTIONS = [
  'cancel',
  'reserve',
  'register-iv',
  'mark-untreated',
  'create-ae',
  'cancel-ae',
  'reject-ae',
  'fetch-ae',
  'execute-ae',
  'expire-ae',
  'register-av',
  'mark-deletable',
] as const
export type SvnAction = (typeof SVN_ACTIONS)[number]

export interface TransitionRule {
  from: readonly SvnStatus[]
  to: SvnStatus
  actor: Actor
  /** Insurer actions: the role the caller needs (any one of them). */
  roles?: readonly Role[]
}

/**
 * The status table of DESIGN §5, one row per action. `fetch-ae` keeps the status (AE stays AE, the
 * fetch date starts the 60-day clock) but is a checked, audited move all the same.
 * Creation ((new) → OPEN) is no transition: it has no "from".
 */
export const TRANSITIONS: Readonly<Record<SvnAction, TransitionRule>> = {
  cancel: { from: ['OPEN'], to: 'CANCELED', actor: 'insurer', roles: ['SVN_STORNIEREN'] },
  reserve: { from: ['OPEN'], to: 'RESERVED', actor: 'canton' },
  'register-iv': { from: ['OPEN', 'RESERVED'], to: 'IV', actor: 'canton' },
  'mark-untreated': { from: ['OPEN'], to: 'UNTREATED', actor: 'system' },
  'create-ae': { from: ['IV'], to: 'AE', actor: 'insurer', roles: ['AE_ERSTELLEN'] },
  'cancel-ae': { from: ['AE'], to: 'IV', actor: 'insurer', roles: ['AE_STORNIEREN'] },
  'reject-ae': { from: ['AE'], to: 'IV', actor: 'canton' },
  'fetch-ae': { from: ['AE'], to: 'AE', actor: 'canton' },
  'execute-ae': { from: ['AE'], to: 'AV', actor: 'canton' },
  'expire-ae': { from: ['AE'], to: 'AV', actor: 'system' },
  'register-av': { from: ['IV'], to: 'AV', actor: 'canton' },
  'mark-deletable': { from: ['CANCELED', 'UNTREATED', 'AV'], to: 'DELETABLE', actor: 'system' },
}

/** The status after `action` from `from`, or null when the table does not allow it. */
export function nextStatus(action: SvnAction, from: SvnStatus): SvnStatus | null {
  const rule = TRANSITIONS[action]
  return rule.from.includes(from) ? rule.to : null
}

export function canTransition(action: SvnAction, from: SvnStatus): boolean {
  return nextStatus(action, from) !== null
}

/** Initial status of a new SVN. */
export const INITIAL_STATUS: SvnStatus = 'OPEN'

/** Time rules of the sweep (DESIGN §5). */
export const UNTREATED_AFTER_DAYS = 30
export const AE_EXPIRES_AFTER_DAYS = 60
export const DEFAULT_RETENTION_YEARS = 3
