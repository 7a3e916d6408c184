import { ROLES, type Role, type UserType } from '../roles.ts'

/** Who is editing: spec §6 decides what the user dialog offers by the logged-in user and insurer. */
export interface OfferingContext {
  /** The logged-in user's broker number; a broker (non-empty number) may not grant MAKLER. */
  callerMaklerNummer: string | null
  /** GROUP_ADMIN is offered only when the insurer has role groups. */
  insurerHasRoleGroups: boolean
  /** The MAKLER type is offered only when the insurer is a broker. */
  insurerIsBroker: boolean
}

export function isBrokerCaller(context: Pick<OfferingContext, 'callerMaklerNummer'>): boolean {
  return (context.callerMaklerNummer ?? '').trim() !== ''
}

/**
 * Spec §6: ADMIN, SVN_*, IV_AV_MELDUNGEN, AE_*; MAKLER without a broker number; GROUP_ADMIN with groups,
 * but never from a broker: role groups span the whole insurer, beyond the broker's users (ADR 720).
 */
export function offeredRoles(context: OfferingContext): Role[] {
  return ROLES.filter((role) => {
    if (role === 'MAKLER') return !isBrokerCaller(context)
    if (role === 'GROUP_ADMIN') return context.insurerHasRoleGroups && !isBrokerCaller(context)
    return true
  })
}

/** Spec §2 "User dialog": ADMIN, NURLESEN, SACHBEARBEITER, plus MAKLER for a broker insurer. */
export function offeredTypes(context: Pick<OfferingContext, 'insurerIsBroker'>): UserType[] {
  const types: UserType[] = ['ADMIN', 'NURLESEN', 'SACHBEARBEITER']
  if (context.insurerIsBroker) types.push('MAKLER')
  return types
}
