/** Roles of spec §3, in the order the user dialog lists them. */
export const ROLES = [
  'ADMIN',
  'SVN_SUCHEN',
  'SVN_ERSTELLEN',
  'SVN_ERSTELLEN_WIK_C',
  'SVN_STORNIEREN',
  'SVN_NICHT_EINGELOEST',
  'IV_AV_MELDUNGEN',
  'AE_SUCHEN',
  'AE_ERSTELLEN',
  'AE_STORNIEREN',
  'AE_ZURUECKGEWIESEN',
  'MAKLER',
  'GROUP_ADMIN',
] as const
export type Role = (typeof ROLES)[number]

export const USER_TYPES = ['ADMIN', 'SACHBEARBEITER', 'MAKLER', 'NURLESEN'] as const
export type UserType = (typeof USER_TYPES)[number]

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value)
}

export function isUserType(value: unknown): value is UserType {
  return typeof value === 'string' && (USER_TYPES as readonly string[]).includes(value)
}

/**
 * Roles as Keycloak puts them in an access token: `resource_access.<clientId>.roles`.
 * Unknown role names are dropped; a token without the claim has no roles.
 */
export function rolesFromClaims(claims: unknown, clientId: string): Role[] {
  if (!claims || typeof claims !== 'object') return []
  const access = (claims as { resource_access?: unknown }).resource_access
  if (!access || typeof access !== 'object') return []
  const client = (access as Record<string, unknown>)[clientId]
  if (!client || typeof client !== 'object') return []
  const roles = (client as { roles?: unknown }).roles
  if (!Array.isArray(roles)) return []
  return [...new Set(roles.filter(isRole))]
}

/** Spec §6: passes when the list is empty, otherwise when the user holds any one of them. */
export function hasAnyAuthority(userRoles: readonly string[], required: readonly Role[]): boolean {
  return required.length === 0 || required.some((role) => userRoles.includes(role))
}
