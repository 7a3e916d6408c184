import type { Role } from '../roles.ts'
import { isBrokerCaller, offeredRoles, type OfferingContext } from '../users/offering.ts'

/**
 * Roles an API client may hold: the work roles an administrator may grant (spec §6), never the
 * administration roles (a system does not manage people) and never MAKLER by choice — a broker
 * administrator's client is a broker of that number, always (ADR 181, ADR 720).
 */
const NOT_FOR_CLIENTS: readonly Role[] = ['ADMIN', 'GROUP_ADMIN', 'MAKLER']

export function grantableClientRoles(context: OfferingContext): Role[] {
  return offeredRoles(context).filter((role) => !NOT_FOR_CLIENTS.includes(role))
}

/** The roles stored for a client: the chosen ones, plus MAKLER for a broker administrator's client. */
export function clientRolesFor(context: OfferingContext, chosen: readonly Role[]): Role[] {
  const roles = [...new Set(chosen)]
  return isBrokerCaller(context) ? ['MAKLER', ...roles] : roles
}

export const API_CLIENT_NAME_MAX = 60

export const API_CLIENT_VALIDATION = {
  required: 'validation.required',
  maxLength: 'validation.maxLength',
  invalid: 'validation.invalid',
  rolesRequired: 'apiClients.rolesRequired',
  notGrantable: 'roles.notGrantable',
  nameTaken: 'apiClients.nameTaken',
} as const

/** An API client as the register answers it (never the secret or its hash). */
export interface ApiClientJson {
  id: number
  clientId: string
  name: string
  roles: Role[]
  maklerNummer: string | null
  createdAt: string
  /** The creating administrator's name; null once that user is deleted. */
  createdBy: string | null
  secretRotatedAt: string
  revokedAt: string | null
}

/** Create and rotate answer the secret once; nobody can read it again. */
export interface ApiClientWithSecret {
  client: ApiClientJson
  clientSecret: string
}
