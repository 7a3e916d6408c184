import type { Caller } from '../context.ts'

/** Who acted, as written to the audit log. */
export interface AuditActor {
  userId?: number | null
  /** Token subject, or 'system' for the sweep, or a canton client's name. */
  subject: string
}

export const SYSTEM_ACTOR: AuditActor = { subject: 'system' }

export function actorOfCaller(caller: Caller): AuditActor {
  // An API client is recorded by its client id; the history names it by the client's name.
  if (caller.apiClient) return { userId: null, subject: caller.apiClient.clientId }
  return { userId: caller.user.id, subject: caller.subject }
}

/** applicantAE: who asked for the licence withdrawal, readable on the detail screen. */
export function applicantOf(caller: Pick<Caller, 'user' | 'apiClient'>): string {
  if (caller.apiClient) return caller.apiClient.name
  const name = [caller.user.vorname, caller.user.nachname].filter(Boolean).join(' ')
  return name ? `${name} (${caller.user.email})` : caller.user.email
}
