import type { OfferingContext } from '../../domain/users/offering.ts'
import type { Caller } from '../context.ts'

/** What spec §6 needs to know about the logged-in user to decide what they may grant. */
export function offeringContextOf(caller: Caller): OfferingContext {
  return {
    callerMaklerNummer: caller.user.maklerNummer,
    insurerHasRoleGroups: caller.insurer.hasRoleGroups,
    insurerIsBroker: caller.insurer.makler,
  }
}
