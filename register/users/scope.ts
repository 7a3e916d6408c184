import type { Caller } from '../context.ts'
import type { UserScope } from '../db/users.ts'

/**
 * The broker number a user administrator is held to (ADR 720): `undefined` — not a broker, the whole
 * insurer; `null` — a broker without a number, nobody; a string — only users of that broker number.
 * A broker is a caller with a broker number (spec §6, as the user dialog decides) or a MAKLER token.
 */
export function brokerNumberOf(caller: Pick<Caller, 'roles' | 'user'>): string | null | undefined {
  const nummer = caller.user.maklerNummer
  if (nummer !== null && nummer.trim() !== '') return nummer
  return caller.roles.includes('MAKLER') ? null : undefined
}

/** The users this administrator may read and change: its insurer's, a broker's only its own. */
export function userScopeOf(caller: Caller): UserScope {
  return { gsCode: caller.insurer.gsCode, maklerNummer: brokerNumberOf(caller) }
}
