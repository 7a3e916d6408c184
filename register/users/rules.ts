import type { Role } from '../../domain/roles.ts'
import { isBrokerCaller, offeredTypes } from '../../domain/users/offering.ts'
import { applyRoleRules } from '../../domain/users/role-rules.ts'
import { roleGrantErrors } from '../../domain/users/role-grants.ts'
import { USER_VALIDATION, maklerNummerMissing } from '../../domain/users/user-schema.ts'
import type { Caller, UserRecord } from '../context.ts'
import { offeringContextOf } from './context.ts'
import { USER_RULE_KEYS } from './outcome.ts'

type FieldErrors = Record<string, string[]>

function add(errors: FieldErrors, field: string, key: string): void {
  errors[field] = [...(errors[field] ?? []), key]
}

/**
 * Type and broker number: a broker (caller with a broker number) cannot change them (spec §2 hides
 * them); for a new user they must be MAKLER and the caller's own number. A type must be offered
 * (spec §2), unless the user already has it.
 */
export function typeErrors(
  caller: Caller,
  input: { type: string; maklerNummer: string | null },
  existing: UserRecord | null,
): FieldErrors {
  const errors: FieldErrors = {}
  const context = offeringContextOf(caller)
  if (isBrokerCaller(context)) {
    const type = existing?.type ?? 'MAKLER'
    const nummer = existing ? existing.maklerNummer : caller.user.maklerNummer
    if (input.type !== type) add(errors, 'type', USER_RULE_KEYS.notChangeable)
    if ((input.maklerNummer ?? null) !== (nummer ?? null))
      add(errors, 'maklerNummer', USER_RULE_KEYS.notChangeable)
  }
  const offered = (offeredTypes(context) as string[]).includes(input.type)
  if (!offered && input.type !== existing?.type) add(errors, 'type', USER_VALIDATION.invalidOption)
  return errors
}

/**
 * Spec §4 role rules applied to what was submitted, then spec §6 checked: the roles to store, or the
 * fieldErrors.roles keys. For a new user made by a broker, MAKLER counts as already held (fixed chip).
 */
export function resolveRoles(
  caller: Caller,
  previous: readonly Role[],
  requested: readonly Role[],
  editedUserId: number | null,
): { roles: Role[]; errors: FieldErrors } {
  const roles = applyRoleRules(previous, requested)
  const context = { ...offeringContextOf(caller), editingSelf: editedUserId === caller.user.id }
  const grantErrors = roleGrantErrors(context, previous, roles)
  return { roles, errors: grantErrors.length > 0 ? { roles: grantErrors } : {} }
}

export function maklerNummerErrors(maklerNummer: string | null, roles: readonly Role[]): FieldErrors {
  return maklerNummerMissing({ maklerNummer }, roles) ? { maklerNummer: [USER_VALIDATION.required] } : {}
}

export function mergeErrors(...all: FieldErrors[]): FieldErrors | null {
  const merged: FieldErrors = {}
  for (const errors of all)
    for (const [field, keys] of Object.entries(errors)) keys.forEach((k) => add(merged, field, k))
  return Object.keys(merged).length > 0 ? merged : null
}
